import { ACCESS_TOKEN_KEY } from '../session/tokens';
import { fakeClient, type FakeReply } from '../testing/fake-api';
import { createVerificationStore } from './verification-store';

const NUMBER = '+12015550123';
const SIGNED_IN = { access: 'access-1', refresh: 'refresh-1', user: { pk: 7, phone_number: NUMBER } };

function api(routes: Record<string, FakeReply | (() => Promise<FakeReply>)>) {
  return fakeClient((request) => {
    const route = routes[`${request.method} ${request.path}`] ?? { status: 404, data: {} };
    return typeof route === 'function' ? route() : route;
  });
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('the PIN signs in (docs/product.md#accounts-and-signing-in)', () => {
  it('sends the number with the 6-digit code, and the session holds the tokens', async () => {
    const { client, requests } = api({ 'POST /verify/': { status: 200, data: SIGNED_IN } });
    const store = createVerificationStore(client);
    store.setCode('123456');
    await expect(store.verifyPin(NUMBER)).resolves.toBe('verified');
    expect(requests.map((r) => r.body)).toEqual([{ phone_number: NUMBER, code: '123456' }]);
    expect(client.session.isLoggedIn()).toBe(true);
  });

  it('asks for all six digits before sending', async () => {
    const { client, requests } = api({});
    const store = createVerificationStore(client);
    store.setCode('123');
    await expect(store.verifyPin(NUMBER)).resolves.toBe('invalid');
    expect(store.getState().problems).toEqual({ code: 'invalid_code' });
    expect(requests).toEqual([]);
  });

  it('keeps a refused code’s error as the submit’s, busy meanwhile', async () => {
    let answer!: (reply: FakeReply) => void;
    const { client } = api({ 'POST /verify/': () => new Promise((resolve) => (answer = resolve)) });
    const store = createVerificationStore(client);
    store.setCode('000000');
    const verifying = store.verifyPin(NUMBER);
    expect(store.getState().busy).toBe('submit');
    await jest.advanceTimersByTimeAsync(0);
    answer({ status: 400, data: { error: 'Invalid code. 4 tries left.' } });
    await expect(verifying).resolves.toBe('failed');
    expect(store.getState()).toMatchObject({
      busy: null,
      problems: {},
      failure: { during: 'submit', error: { status: 400, message: 'Invalid code. 4 tries left.' } },
    });
  });
});

describe('"Resend code" after 60 s (docs/decisions.md#auth-appsapi)', () => {
  it('counts 60 s down once the screen starts it', async () => {
    const store = createVerificationStore(api({}).client);
    expect(store.getState().secondsLeft).toBe(60);
    store.startCountdown();
    await jest.advanceTimersByTimeAsync(59_000);
    expect(store.getState().secondsLeft).toBe(1);
    await jest.advanceTimersByTimeAsync(1_000);
    expect(store.getState().secondsLeft).toBe(0);
    store.stopCountdown();
  });

  it('sends a new PIN, empties the code, says it went out and waits 60 s again', async () => {
    const { client, requests } = api({
      'POST /generate/': { status: 200, data: { detail: 'Code sent.', phone_number: NUMBER } },
    });
    const store = createVerificationStore(client);
    store.startCountdown();
    await jest.advanceTimersByTimeAsync(60_000);
    store.setCode('12');
    const resending = store.resendPin(NUMBER);
    expect(store.getState().busy).toBe('resend');
    await expect(resending).resolves.toBe(true);
    expect(requests.map((r) => [r.path, r.body])).toEqual([['/generate/', { phone_number: NUMBER }]]);
    expect(store.getState()).toMatchObject({ code: '', resent: true, busy: null, secondsLeft: 60 });
    await jest.advanceTimersByTimeAsync(1_000);
    expect(store.getState().secondsLeft).toBe(59);
  });

  it('keeps a refused resend’s error as the resend’s; the code and the countdown stay', async () => {
    const { client, storage } = api({
      'POST /register/email/verify/resend/': {
        status: 429,
        data: { detail: 'Request was throttled. Expected available in 3000 seconds.' },
      },
    });
    storage.set(ACCESS_TOKEN_KEY, 'access-1');
    const store = createVerificationStore(client);
    store.startCountdown();
    await jest.advanceTimersByTimeAsync(60_000);
    store.setCode('12');
    await expect(store.resendEmailCode()).resolves.toBe(false);
    expect(store.getState()).toMatchObject({
      code: '12',
      resent: false,
      secondsLeft: 0,
      failure: { during: 'resend', error: { status: 429 } },
    });
  });

  it('a later submit no longer says the new code went out', async () => {
    const { client } = api({ 'POST /generate/': { status: 200, data: { phone_number: NUMBER } } });
    const store = createVerificationStore(client);
    await store.resendPin(NUMBER);
    await store.verifyPin(NUMBER);
    expect(store.getState()).toMatchObject({ resent: false, problems: { code: 'invalid_code' } });
  });
});

describe('the e-mailed code confirms the signed-in account’s address', () => {
  it('sends the code alone, and mails a new one on request', async () => {
    const { client, requests, storage } = api({
      'POST /register/email/verify/': { status: 200, data: {} },
      'POST /register/email/verify/resend/': { status: 200, data: { detail: 'A new code is on its way.' } },
    });
    storage.set(ACCESS_TOKEN_KEY, 'access-1');
    const store = createVerificationStore(client);
    await store.resendEmailCode();
    store.setCode('654321');
    await expect(store.verifyEmail()).resolves.toBe('verified');
    expect(requests.map((r) => [r.path, r.body])).toEqual([
      ['/register/email/verify/resend/', undefined],
      ['/register/email/verify/', { code: '654321' }],
    ]);
  });

  it('keeps a wrong code’s field error', async () => {
    const { client, storage } = api({
      'POST /register/email/verify/': { status: 400, data: { code: ['Invalid code.'] } },
    });
    storage.set(ACCESS_TOKEN_KEY, 'access-1');
    const store = createVerificationStore(client);
    store.setCode('654321');
    await expect(store.verifyEmail()).resolves.toBe('failed');
    expect(store.getState().failure?.error).toMatchObject({ status: 400, message: 'Invalid code.' });
  });
});
