import { isApiError } from '../errors/api-error';
import { fakeClient, type FakeReply } from '../testing/fake-api';
import { createSignUpStore } from './sign-up-store';

const NUMBER = '+12015550123';
const SIGNED_IN = { access: 'access-1', refresh: 'refresh-1', user: { pk: 7, email: 'ada@example.com' } };

function api(routes: Record<string, FakeReply>) {
  return fakeClient((request) => routes[`${request.method} ${request.path}`] ?? { status: 404, data: {} });
}

describe('sign-up by phone: the PIN comes next (docs/product.md#accounts-and-signing-in)', () => {
  it('sends the number with terms_accepted and answers the number the PIN went to', async () => {
    const { client, requests } = api({
      'POST /register/': { status: 200, data: { detail: 'Code sent.', phone_number: NUMBER } },
    });
    const store = createSignUpStore(client);
    const sending = store.submit({ method: 'phone', phoneNumber: NUMBER, termsAccepted: true });
    expect(store.getState().sending).toBe(true);
    await expect(sending).resolves.toEqual({ kind: 'pin-sent', phoneNumber: NUMBER });
    expect(requests.map((r) => r.body)).toEqual([{ phone_number: NUMBER, terms_accepted: true }]);
    expect(store.getState()).toEqual({ sending: false, problems: {}, failure: null });
  });

  it('sends nothing for a number that is no US number', async () => {
    const { client, requests } = api({});
    const store = createSignUpStore(client);
    await expect(store.submit({ method: 'phone', phoneNumber: null, termsAccepted: true })).resolves.toEqual({
      kind: 'invalid',
      problems: { phone_number: 'invalid_phone' },
    });
    expect(store.getState().problems).toEqual({ phone_number: 'invalid_phone' });
    expect(requests).toEqual([]);
  });

  it('checks the typed values before the terms, and sends nothing without the terms', async () => {
    const { client, requests } = api({});
    const store = createSignUpStore(client);
    await expect(
      store.submit({ method: 'phone', phoneNumber: null, termsAccepted: false }),
    ).resolves.toMatchObject({
      kind: 'invalid',
    });
    await expect(
      store.submit({ method: 'phone', phoneNumber: NUMBER, termsAccepted: false }),
    ).resolves.toEqual({
      kind: 'terms-required',
    });
    expect(requests).toEqual([]);
  });

  it('keeps the API’s error for the screen to read, and is no longer sending', async () => {
    const { client } = api({
      'POST /register/': { status: 400, data: { phone_number: ['Not a mobile number.'] } },
    });
    const store = createSignUpStore(client);
    const outcome = await store.submit({ method: 'phone', phoneNumber: NUMBER, termsAccepted: true });
    expect(outcome.kind).toBe('failed');
    const { failure, sending } = store.getState();
    expect(sending).toBe(false);
    expect(isApiError(failure?.error) && failure.error.status).toBe(400);
  });
});

describe('sign-up by e-mail: signed in, the e-mailed code comes next', () => {
  it('sends the trimmed address, the password and terms_accepted, and signs in', async () => {
    const { client, requests } = api({ 'POST /register/email/': { status: 201, data: SIGNED_IN } });
    const store = createSignUpStore(client);
    await expect(
      store.submit({
        method: 'email',
        email: ' ada@example.com ',
        password: 'long enough',
        termsAccepted: true,
      }),
    ).resolves.toEqual({ kind: 'email-registered', email: 'ada@example.com' });
    expect(requests[0]?.body).toEqual({
      email: 'ada@example.com',
      password: 'long enough',
      terms_accepted: true,
    });
    expect(client.session.isLoggedIn()).toBe(true);
  });

  it('names every wrong field: the address and a password under 8 characters', async () => {
    const { client } = api({});
    const store = createSignUpStore(client);
    await store.submit({ method: 'email', email: 'ada@', password: 'short', termsAccepted: true });
    expect(store.getState().problems).toEqual({ email: 'invalid_email', password: 'password_too_short' });
    store.clearErrors();
    expect(store.getState().problems).toEqual({});
  });
});
