import { ACCESS_TOKEN_KEY, REFRESH_TOKEN_KEY } from '../session/tokens';
import { fakeClient, type FakeHandler } from '../testing/fake-api';

function signedIn(handler: FakeHandler) {
  const setup = fakeClient(handler);
  setup.storage.set(ACCESS_TOKEN_KEY, 'jwt');
  setup.storage.set(REFRESH_TOKEN_KEY, 'refresh');
  setup.storage.set('email', 'ann@example.com');
  setup.storage.set('uid', 'uid-of-the-account');
  return setup;
}

describe('account delete (docs/decisions.md#signing-out)', () => {
  it('sends the password and ends the session here too: the server signed out every session', async () => {
    const { client, requests, storage } = signedIn(() => ({ status: 200, data: { detail: 'Deleted.' } }));
    await client.account.deleteUser({ password: 'secret-password' });
    expect(requests[0]?.body).toEqual({ password: 'secret-password' });
    expect(client.session.isLoggedIn()).toBe(false);
    expect([storage.get(REFRESH_TOKEN_KEY), storage.get('email')]).toEqual([null, null]);
    expect(storage.get('uid')).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });

  it('keeps the session when the server refuses (a wrong password)', async () => {
    const { client } = signedIn(() => ({ status: 400, data: { password: ['Wrong password.'] } }));
    await expect(client.account.deleteUser({ password: 'wrong' })).rejects.toMatchObject({
      status: 400,
      message: 'Wrong password.',
    });
    expect(client.session.isLoggedIn()).toBe(true);
    expect(client.visitorId.get()).toBe('uid-of-the-account');
  });
});

// The proof of a sensitive change (docs/decisions.md#sign-in-and-account-security).
describe('account confirm sends a code for a sensitive change and never signs in', () => {
  it('sends the purpose and leaves the tokens as they were', async () => {
    const sent = { detail: 'Code sent.', channel: 'sms', sent_to: '+12133734253' };
    const { client, requests, storage } = signedIn(() => ({ status: 200, data: sent }));
    await expect(client.account.confirmUser({ purpose: 'phone_change' })).resolves.toEqual(sent);
    expect(requests[0]?.body).toEqual({ purpose: 'phone_change' });
    expect(storage.get(ACCESS_TOKEN_KEY)).toBe('jwt');
  });
});

describe('account export (docs/product.md#accounts-and-signing-in)', () => {
  it('answers the one JSON document of everything kept', async () => {
    const document = { user: { pk: 1 }, chat_messages: [] };
    const { client } = signedIn(() => ({ status: 200, data: document }));
    await expect(client.account.exportUser()).resolves.toEqual(document);
  });
});

// A phone change's new number is proved by PIN (docs/decisions.md#sign-in-and-account-security).
describe('the PIN check of a phone change answers {user} without tokens', () => {
  it('keeps the session as it was', async () => {
    const user = { pk: 1, first_name: 'Ann', last_name: '', phone_number: '+12133734253', email: null };
    const { client, storage } = signedIn(() => ({ status: 200, data: { user } }));
    await expect(client.auth.verifyPin({ phone_number: '+12133734253', code: '123456' })).resolves.toEqual({
      user,
    });
    expect([storage.get(ACCESS_TOKEN_KEY), storage.get(REFRESH_TOKEN_KEY)]).toEqual(['jwt', 'refresh']);
  });
});
