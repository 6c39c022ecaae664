import { fakeClient, type FakeReply } from '../testing/fake-api';
import { createResetPasswordStore } from './reset-password-store';

const NUMBER = '+12015550123';
const SIGNED_IN = { access: 'access-1', refresh: 'refresh-1', user: { pk: 7, phone_number: NUMBER } };
const SENT = { status: 200, data: { detail: 'If an account uses it, a code is on its way.' } };

function api(routes: Record<string, FakeReply>) {
  return fakeClient((request) => routes[`${request.method} ${request.path}`] ?? { status: 404, data: {} });
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('asking for a reset code (docs/decisions.md#e-mail-reset-codes)', () => {
  it('a phone number gets a PIN, and the code step for that number follows, counting 60 s', async () => {
    const { client, requests } = api({ 'POST /auth/reset-password/': SENT });
    const store = createResetPasswordStore(client);
    const asking = store.requestCode({ method: 'phone', phoneNumber: NUMBER });
    expect(store.getState().sending).toBe(true);
    await expect(asking).resolves.toBe('sent');
    expect(requests.map((r) => r.body)).toEqual([{ phone_number: NUMBER }]);
    expect(store.getState()).toMatchObject({
      account: { method: 'phone', phoneNumber: NUMBER },
      sending: false,
      secondsLeft: 60,
    });
    await jest.advanceTimersByTimeAsync(1_000);
    expect(store.getState().secondsLeft).toBe(59);
  });

  it('an e-mail address gets a code, sent trimmed', async () => {
    const { client, requests } = api({ 'POST /email/reset-password/': SENT });
    const store = createResetPasswordStore(client);
    await store.requestCode({ method: 'email', email: ' ada@example.com ' });
    expect(requests.map((r) => r.body)).toEqual([{ email: 'ada@example.com' }]);
    expect(store.getState().account).toEqual({ method: 'email', email: 'ada@example.com' });
  });

  it('sends nothing for a number or address that is not one', async () => {
    const { client, requests } = api({});
    const store = createResetPasswordStore(client);
    await expect(store.requestCode({ method: 'phone', phoneNumber: null })).resolves.toBe('invalid');
    expect(store.getState().problems).toEqual({ phone_number: 'invalid_phone' });
    await expect(store.requestCode({ method: 'email', email: 'ada' })).resolves.toBe('invalid');
    expect(store.getState().problems).toEqual({ email: 'invalid_email' });
    expect(requests).toEqual([]);
    store.clearErrors();
    expect(store.getState().problems).toEqual({});
  });

  it('keeps a refused request’s error and stays on the first step', async () => {
    const { client } = api({
      'POST /auth/reset-password/': { status: 400, data: { phone_number: ['Bad.'] } },
    });
    const store = createResetPasswordStore(client);
    await expect(store.requestCode({ method: 'phone', phoneNumber: NUMBER })).resolves.toBe('failed');
    expect(store.getState()).toMatchObject({
      account: null,
      sending: false,
      failure: { error: { status: 400 } },
    });
  });
});

describe('the new password, with the code (docs/product.md#accounts-and-signing-in)', () => {
  async function atCodeStep(routes: Record<string, FakeReply>) {
    const fake = api({ 'POST /auth/reset-password/': SENT, ...routes });
    const store = createResetPasswordStore(fake.client);
    await store.requestCode({ method: 'phone', phoneNumber: NUMBER });
    fake.requests.length = 0;
    return { ...fake, store };
  }

  it('sets it, then signs in with it', async () => {
    const { client, requests, store } = await atCodeStep({
      'POST /auth/reset-password/confirm/': { status: 200, data: { detail: 'Password changed.' } },
      'POST /auth/login/': { status: 200, data: SIGNED_IN },
    });
    store.setCode('123456');
    await expect(store.setNewPassword('a new password')).resolves.toBe('signed-in');
    expect(requests.map((r) => [r.path, r.body])).toEqual([
      [
        '/auth/reset-password/confirm/',
        { phone_number: NUMBER, code: '123456', new_password: 'a new password' },
      ],
      ['/auth/login/', { phone_number: NUMBER, password: 'a new password' }],
    ]);
    expect(client.session.isLoggedIn()).toBe(true);
    expect(store.getState()).toMatchObject({ passwordChanged: 'signed-in', busy: null });
  });

  it('is changed even when the sign-in after it fails: the person signs in themselves', async () => {
    const { store } = await atCodeStep({
      'POST /auth/reset-password/confirm/': { status: 200, data: {} },
      'POST /auth/login/': { status: 500, data: {} },
    });
    store.setCode('123456');
    await expect(store.setNewPassword('a new password')).resolves.toBe('not-signed-in');
    expect(store.getState().passwordChanged).toBe('not-signed-in');
  });

  it('asks for the 6-digit code and 8 characters before sending', async () => {
    const { requests, store } = await atCodeStep({});
    store.setCode('12');
    await expect(store.setNewPassword('short')).resolves.toBe('invalid');
    expect(store.getState().problems).toEqual({ code: 'invalid_code', new_password: 'password_too_short' });
    expect(requests).toEqual([]);
  });

  it('keeps a wrong code’s error, and does not sign in', async () => {
    const { requests, store } = await atCodeStep({
      'POST /auth/reset-password/confirm/': { status: 400, data: { code: ['Invalid code.'] } },
    });
    store.setCode('123456');
    await expect(store.setNewPassword('a new password')).resolves.toBe('failed');
    expect(store.getState().failure).toMatchObject({ during: 'submit', error: { message: 'Invalid code.' } });
    expect(requests).toHaveLength(1);
  });

  it('sends the code again to the same account', async () => {
    const { requests, store } = await atCodeStep({});
    await expect(store.resend()).resolves.toBe(true);
    expect(requests.map((r) => [r.path, r.body])).toEqual([
      ['/auth/reset-password/', { phone_number: NUMBER }],
    ]);
    expect(store.getState()).toMatchObject({ resent: true, secondsLeft: 60 });
  });
});
