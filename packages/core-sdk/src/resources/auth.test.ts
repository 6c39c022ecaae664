import { operations } from '@wingmate/api-contract';
import { isApiError } from '../errors/api-error';
import { ACCESS_TOKEN_KEY, REFRESH_TOKEN_KEY } from '../session/tokens';
import { fakeClient } from '../testing/fake-api';
import { EMAIL_PATTERN } from './auth';

const user = { pk: 1, first_name: 'Ann', last_name: 'Lee', phone_number: '+12133734253', email: null };
const tokens = { access: 'jwt-1', refresh: 'refresh-1', user };

const failWith = async (call: Promise<unknown>) => {
  const error = await call.catch((e: unknown) => e);
  if (!isApiError(error)) throw new Error('expected an ApiError');
  return error;
};

describe('phone sign-up (docs/product.md#authentication-calls, docs/product.md#error-catalogue)', () => {
  it('throws the first message of phone_number when the register call fails', async () => {
    const { client } = fakeClient(() => ({
      status: 400,
      data: { detail: 'Invalid input.', phone_number: ['Enter a valid US phone number.', 'Second.'] },
    }));
    expect((await failWith(client.auth.registerPhone({ phone_number: '12' }))).message).toBe(
      'Enter a valid US phone number.',
    );
  });

  it('sends the stored uid with the register call', async () => {
    const { client, requests, storage } = fakeClient();
    storage.set('uid', 'visitor-1');
    await client.auth.registerPhone({ phone_number: '2133734253' });
    expect(requests[0]?.body).toEqual({ phone_number: '2133734253', uid: 'visitor-1' });
  });

  it('sends first and last name only if provided (docs/product.md#validation)', async () => {
    const { client, requests } = fakeClient();
    await client.auth.registerPhone({ phone_number: '2133734253', first_name: '', last_name: 'Lee' });
    expect(requests[0]?.body).toEqual({ phone_number: '2133734253', last_name: 'Lee' });
  });

  it('keeps the phone number for the PIN screen', async () => {
    const { client, storage } = fakeClient();
    await client.auth.registerPhone({ phone_number: '2133734253' });
    expect(storage.get('phone_number')).toBe('2133734253');
  });
});

describe('phone update (docs/product.md#error-catalogue: throws the error field)', () => {
  it('throws the response error', async () => {
    const { client, storage } = fakeClient(() => ({
      status: 400,
      data: { error: 'That number is already taken.' },
    }));
    storage.set(ACCESS_TOKEN_KEY, 'jwt');
    expect((await failWith(client.auth.updatePhoneNumber({ phone_number: '2133734253' }))).message).toBe(
      'That number is already taken.',
    );
  });
});

describe('PIN regenerate and verify (docs/product.md#error-catalogue: the response error, or "Error {status}")', () => {
  it('throws the error of a failed regenerate', async () => {
    const { client } = fakeClient(() => ({
      status: 429,
      data: { error: 'Wait a minute before asking again.' },
    }));
    expect((await failWith(client.auth.generatePin({ phone_number: '2133734253' }))).message).toBe(
      'Wait a minute before asking again.',
    );
  });

  it('throws "Error {status}" when a failed verify has no error', async () => {
    const { client } = fakeClient(() => ({ status: 500, data: '' }));
    const error = await failWith(client.auth.verifyPin({ phone_number: '2133734253', code: '000000' }));
    expect(error.message).toBe('Error 500');
    expect(error.status).toBe(500);
  });

  // A PIN failure reads `error`, then `detail`, then "Error {status}" (docs/decisions.md#core-sdk).
  it('throws the detail of a throttled regenerate that has no error', async () => {
    const { client } = fakeClient(() => ({ status: 429, data: { detail: 'Request was throttled.' } }));
    expect((await failWith(client.auth.generatePin({ phone_number: '2133734253' }))).message).toBe(
      'Request was throttled.',
    );
  });

  it('throws the error of a failed verify', async () => {
    const { client } = fakeClient(() => ({ status: 400, data: { error: 'Wrong code.' } }));
    expect(
      (await failWith(client.auth.verifyPin({ phone_number: '2133734253', code: '000000' }))).message,
    ).toBe('Wrong code.');
  });
});

describe('e-mail sign-up (docs/product.md#validation)', () => {
  it('refuses an invalid address with status 400 and sends nothing', async () => {
    const { client, requests } = fakeClient();
    const error = await failWith(client.auth.registerEmail({ email: 'not-an-address' }));
    expect({ status: error.status, message: error.message }).toEqual({
      status: 400,
      message: 'Please enter a valid email address.',
    });
    expect(requests).toHaveLength(0);
  });

  it('sends first name, last name and password only if provided', async () => {
    const { client, requests } = fakeClient(() => ({ status: 201, data: tokens }));
    await client.auth.registerEmail({
      email: 'ann@example.com',
      first_name: 'Ann',
      last_name: '',
      password: undefined,
    });
    expect(requests[0]?.body).toEqual({ email: 'ann@example.com', first_name: 'Ann' });
  });

  it("uses the contract's basic address pattern", () => {
    expect(EMAIL_PATTERN.source).toBe(
      (operations.registerEmail.body.properties.email as { pattern?: string }).pattern,
    );
  });
});

describe('sign-in calls keep the session (docs/product.md#sessions-and-tokens)', () => {
  it('stores the tokens and the user of a login', async () => {
    const { client, storage } = fakeClient(() => ({ status: 200, data: tokens }));
    await client.auth.login({ phone_number: '2133734253', password: 'secret' });
    expect(storage.get(ACCESS_TOKEN_KEY)).toBe('jwt-1');
    expect(storage.get(REFRESH_TOKEN_KEY)).toBe('refresh-1');
    expect(client.session.getState()).toMatchObject({ isLoggedIn: true, user });
  });

  it.each([
    [
      'phone',
      (client: ReturnType<typeof fakeClient>['client']) =>
        client.auth.login({ phone_number: '2133734253', password: 'secret' }),
    ],
    [
      'e-mail',
      (client: ReturnType<typeof fakeClient>['client']) =>
        client.auth.loginEmail({ email: 'ann@example.com', password: 'secret' }),
    ],
  ])(
    'sends the stored uid with a %s password sign-in, so the visitor joins the account',
    async (_way, login) => {
      const { client, storage, requests } = fakeClient(() => ({ status: 200, data: tokens }));
      storage.set('uid', 'visitor-uid');
      await login(client);
      expect(requests[0]?.body).toMatchObject({ uid: 'visitor-uid' });
    },
  );

  it('stores the tokens of a verified PIN', async () => {
    const { client } = fakeClient(() => ({ status: 200, data: { ...tokens, created: true } }));
    await client.auth.verifyPin({ phone_number: '2133734253', code: '123456' });
    expect(client.session.isLoggedIn()).toBe(true);
  });
});
