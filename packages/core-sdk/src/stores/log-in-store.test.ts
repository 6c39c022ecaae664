import { isApiError } from '../errors/api-error';
import { fakeClient, type FakeReply } from '../testing/fake-api';
import { createLogInStore } from './log-in-store';

const NUMBER = '+12015550123';
const SIGNED_IN = { access: 'access-1', refresh: 'refresh-1', user: { pk: 7, phone_number: NUMBER } };

function api(routes: Record<string, FakeReply>) {
  return fakeClient((request) => routes[`${request.method} ${request.path}`] ?? { status: 404, data: {} });
}

describe('sign-in (docs/product.md#accounts-and-signing-in)', () => {
  it('an e-mail signs in with its password', async () => {
    const { client, requests } = api({ 'POST /register/login/': { status: 200, data: SIGNED_IN } });
    const store = createLogInStore(client);
    await expect(
      store.submit({ method: 'email', email: ' ada@example.com', password: 'secret' }),
    ).resolves.toEqual({ kind: 'signed-in' });
    expect(requests.map((r) => [r.path, r.body])).toEqual([
      ['/register/login/', { email: 'ada@example.com', password: 'secret' }],
    ]);
    expect(client.session.isLoggedIn()).toBe(true);
  });

  it('a phone number gets a PIN, entered next', async () => {
    const { client, requests } = api({
      'POST /register/': { status: 200, data: { detail: 'Code sent.', phone_number: NUMBER } },
    });
    const store = createLogInStore(client);
    await expect(
      store.submit({ method: 'phone', phoneNumber: NUMBER, byPassword: false, password: '' }),
    ).resolves.toEqual({ kind: 'pin-sent', phoneNumber: NUMBER });
    expect(requests[0]?.body).toEqual({ phone_number: NUMBER });
  });

  it('a phone number signs in with its password when the person chose that', async () => {
    const { client, requests } = api({ 'POST /auth/login/': { status: 200, data: SIGNED_IN } });
    const store = createLogInStore(client);
    await expect(
      store.submit({ method: 'phone', phoneNumber: NUMBER, byPassword: true, password: 'secret' }),
    ).resolves.toEqual({ kind: 'signed-in' });
    expect(requests[0]?.body).toEqual({ phone_number: NUMBER, password: 'secret' });
  });

  it('asks for what is missing before sending anything', async () => {
    const { client, requests } = api({});
    const store = createLogInStore(client);
    await store.submit({ method: 'phone', phoneNumber: null, byPassword: true, password: '' });
    expect(store.getState().problems).toEqual({
      phone_number: 'invalid_phone',
      password: 'password_required',
    });
    await store.submit({ method: 'email', email: 'nope', password: 'secret' });
    expect(store.getState().problems).toEqual({ email: 'invalid_email' });
    expect(requests).toEqual([]);
  });

  it('keeps a refused sign-in’s error, and clears it when asked', async () => {
    const { client } = api({
      'POST /register/login/': {
        status: 400,
        data: { non_field_errors: ['Unable to log in with provided credentials.'] },
      },
    });
    const store = createLogInStore(client);
    const outcome = await store.submit({ method: 'email', email: 'ada@example.com', password: 'wrong' });
    expect(outcome.kind).toBe('failed');
    expect(isApiError(store.getState().failure?.error)).toBe(true);
    expect(store.getState().sending).toBe(false);
    store.clearErrors();
    expect(store.getState().failure).toBeNull();
  });
});
