import { ACCESS_TOKEN_KEY, REFRESH_TOKEN_KEY } from '../session/tokens';
import { fakeClient, type FakeHandler } from '../testing/fake-api';

const user = {
  pk: 1,
  first_name: 'Ann',
  last_name: 'Lee',
  phone_number: '+12133734253',
  email: 'ann@example.com',
  system_number: '+12025550100',
  date_joined: '2026-01-01T00:00:00.000Z',
  has_password: true,
  terms_accepted_at: '2026-01-01T00:00:00.000Z',
};

function signedIn(handler: FakeHandler) {
  const setup = fakeClient(handler);
  setup.storage.set(ACCESS_TOKEN_KEY, 'jwt');
  setup.storage.set(REFRESH_TOKEN_KEY, 'refresh');
  setup.storage.set('email', 'ann@example.com');
  setup.storage.set('phone_number', '+12133734253');
  setup.client.session.signIn({ access: 'jwt', refresh: 'refresh', user });
  return setup;
}

describe('name change (accounts/user/update/)', () => {
  it('sends the names as given and keeps the answered user in the session', async () => {
    const renamed = { ...user, first_name: 'Annie', last_name: '' };
    const { client, requests } = signedIn(() => ({ status: 200, data: renamed }));
    await expect(client.account.updateUser({ first_name: 'Annie', last_name: '' })).resolves.toEqual(renamed);
    expect(requests[0]?.body).toEqual({ first_name: 'Annie', last_name: '' });
    expect(client.session.getState().user).toEqual(renamed);
  });

  it('keeps the session user when the server refuses the names', async () => {
    const { client } = signedIn(() => ({ status: 400, data: { first_name: ['Too long.'] } }));
    await expect(client.account.updateUser({ first_name: 'x' })).rejects.toMatchObject({ status: 400 });
    expect(client.session.getState().user).toEqual(user);
  });

  it('does not bring the user back when the answer lands after a sign-out', async () => {
    let answer: (reply: { status: number; data: unknown }) => void = () => {};
    const { client } = signedIn(() => new Promise((resolve) => (answer = resolve)));
    const update = client.account.updateUser({ first_name: 'Annie' });
    await new Promise((resolve) => setImmediate(resolve));
    client.session.forget();
    answer({ status: 200, data: { ...user, first_name: 'Annie' } });
    await update;
    expect(client.session.getState()).toMatchObject({ isLoggedIn: false, user: null });
  });
});

describe('e-mail change (a code to the new address, then confirm)', () => {
  it('asks for the code without touching the session', async () => {
    const sent = { detail: 'Sent.', channel: 'email', sent_to: 'new@example.com' };
    const { client, requests } = signedIn(() => ({ status: 200, data: sent }));
    await expect(
      client.account.requestEmailChange({ email: 'new@example.com', password: 'secret-password' }),
    ).resolves.toEqual(sent);
    expect(requests[0]).toMatchObject({
      method: 'POST',
      path: '/api/v1/accounts/user/email/change/',
      body: { email: 'new@example.com', password: 'secret-password' },
    });
    expect(client.session.getState().user).toEqual(user);
  });

  it('an account without a password sends the code of confirm/ instead, and gets its code field error', async () => {
    const { client, requests } = signedIn(() => ({
      status: 400,
      data: { code: ['Invalid or expired code.'] },
    }));
    await expect(
      client.account.requestEmailChange({ email: 'new@example.com', code: '123456' }),
    ).rejects.toMatchObject({ status: 400, message: 'Invalid or expired code.' });
    expect(requests[0]?.body).toEqual({ email: 'new@example.com', code: '123456' });
  });

  it('throws the password field error of a wrong password', async () => {
    const { client } = signedIn(() => ({ status: 400, data: { password: ['The password is not right.'] } }));
    await expect(
      client.account.requestEmailChange({ email: 'new@example.com', password: 'wrong' }),
    ).rejects.toMatchObject({ status: 400, message: 'The password is not right.' });
  });

  it('confirms with the address and code, and the session keeps the new address', async () => {
    const changed = { ...user, email: 'new@example.com' };
    const { client, requests } = signedIn(() => ({ status: 200, data: changed }));
    await client.account.confirmEmailChange({ email: 'new@example.com', code: '123456' });
    expect(requests[0]?.body).toEqual({ email: 'new@example.com', code: '123456' });
    expect(client.session.getState().user?.email).toBe('new@example.com');
  });

  it('throws the code field error of a wrong code', async () => {
    const { client } = signedIn(() => ({ status: 400, data: { code: ['Invalid or expired code.'] } }));
    await expect(
      client.account.confirmEmailChange({ email: 'new@example.com', code: '000000' }),
    ).rejects.toMatchObject({ status: 400, message: 'Invalid or expired code.' });
  });
});

describe('password change and set', () => {
  it('change: sends old and new password, and goes on with the pair the server answers', async () => {
    const answer = { access: 'jwt-2', refresh: 'refresh-2', user };
    const { client, requests, storage } = signedIn(() => ({ status: 200, data: answer }));
    await client.auth.changePassword({ old_password: 'old-secret', new_password: 'n3w-secret' });
    expect(requests[0]).toMatchObject({
      path: '/auth/password/change/',
      body: { old_password: 'old-secret', new_password: 'n3w-secret' },
      authorization: 'Bearer jwt',
    });
    expect([storage.get(ACCESS_TOKEN_KEY), storage.get(REFRESH_TOKEN_KEY)]).toEqual(['jwt-2', 'refresh-2']);
  });

  it('change: a wrong old password keeps the tokens and throws its field error', async () => {
    const { client, storage } = signedIn(() => ({
      status: 400,
      data: { old_password: ['Your old password was entered incorrectly.'] },
    }));
    await expect(
      client.auth.changePassword({ old_password: 'wrong', new_password: 'n3w-secret' }),
    ).rejects.toMatchObject({ status: 400, message: 'Your old password was entered incorrectly.' });
    expect(storage.get(ACCESS_TOKEN_KEY)).toBe('jwt');
  });

  it('set: sends the code and the new password, and the session user now has a password', async () => {
    const { client, requests, storage } = signedIn(() => ({
      status: 200,
      data: { ...user, has_password: true },
    }));
    client.session.setUser({ ...user, has_password: false });
    await client.auth.setPassword({ code: '123456', new_password: 'n3w-secret' });
    expect(requests[0]).toMatchObject({
      path: '/auth/password/set/',
      body: { code: '123456', new_password: 'n3w-secret' },
    });
    expect(client.session.getState().user?.has_password).toBe(true);
    expect(storage.get(ACCESS_TOKEN_KEY)).toBe('jwt');
  });
});

describe('sign out everywhere (auth/logout/all/)', () => {
  it('forgets the tokens, stored phone number and e-mail, like a logout (docs/decisions.md#signing-out)', async () => {
    const { client, requests, storage } = signedIn(() => ({ status: 200, data: { detail: 'Done.' } }));
    const accountUid = client.visitorId.get();
    await client.auth.logoutAll();
    expect(client.visitorId.get()).not.toBe(accountUid);
    expect(requests[0]).toMatchObject({
      method: 'POST',
      path: '/auth/logout/all/',
      authorization: 'Bearer jwt',
    });
    expect(client.session.getState()).toMatchObject({ isLoggedIn: false, user: null });
    expect(['access', 'refresh', 'email', 'phone_number'].map((key) => storage.get(key))).toEqual([
      null,
      null,
      null,
      null,
    ]);
  });

  it('keeps this session when the call fails: the other sessions were not signed out', async () => {
    const { client } = signedIn(() => ({ status: 500, data: { detail: 'Boom.' } }));
    await expect(client.auth.logoutAll()).rejects.toMatchObject({ status: 500 });
    expect(client.session.isLoggedIn()).toBe(true);
  });
});

describe('notices (accounts/messages/)', () => {
  it("a visitor's list carries the uid and no token: the notices for everyone (docs/decisions.md#calls)", async () => {
    const { client, requests, storage } = fakeClient(() => ({
      status: 200,
      data: { count: 0, previous: null, next: null, results: [] },
    }));
    storage.set('uid', 'visitor-1');
    await client.account.listMessages({ page: 2 });
    expect(requests[0]).toMatchObject({ query: { uid: 'visitor-1', page: 2 }, authorization: null });
  });

  it("a member's list carries the token and no uid", async () => {
    const { client, requests } = signedIn(() => ({
      status: 200,
      data: { count: 0, previous: null, next: null, results: [] },
    }));
    await client.account.listMessages();
    expect(requests[0]).toMatchObject({ query: {}, authorization: 'Bearer jwt' });
  });

  it('marks a notice read and answers it', async () => {
    const notice = { id: 4, kind: 'banner', title: 'New name', body: 'We are Wingmate.', read: true };
    const { client, requests } = signedIn(() => ({ status: 200, data: notice }));
    await expect(client.account.markMessageRead(4)).resolves.toEqual(notice);
    expect(requests[0]).toMatchObject({ method: 'POST', path: '/api/v1/accounts/messages/4/read/' });
  });
});

describe('user info (docs/decisions.md#calls: optional-auth)', () => {
  it("a visitor's call carries the uid, so the server answers its free messages left", async () => {
    const { client, requests, storage } = fakeClient(() => ({
      status: 200,
      data: { remaining_messages: 5 },
    }));
    storage.set('uid', 'visitor-1');
    await client.auth.getUserInfo();
    expect(requests[0]).toMatchObject({ query: { uid: 'visitor-1' }, authorization: null });
  });

  it("a member's call carries the token and no uid", async () => {
    const { client, requests } = signedIn(() => ({ status: 200, data: { remaining_messages: 5 } }));
    await client.auth.getUserInfo();
    expect(requests[0]).toMatchObject({ query: {}, authorization: 'Bearer jwt' });
  });
});
