import type { AddressInfo } from 'node:net';
import { createClient, isApiError, memoryStorage, type KeyValueStorage } from '@wingmate/core-sdk';
import { codeFromOutbox, describeEachDatabase, uniqueEmail } from '@wingmate/api/testing';

// core-sdk against the real server over real HTTP: the SDK's rules meet the server's answers
// (docs/testing.md#the-suites).
describeEachDatabase('core-sdk against the real API', (getApp) => {
  let baseURL: string;
  let tokenStorage: KeyValueStorage;

  beforeAll(async () => {
    await getApp().listen({ host: '127.0.0.1', port: 0 });
    baseURL = `http://127.0.0.1:${(getApp().server.address() as AddressInfo).port}`;
  });

  const client = () => {
    tokenStorage = memoryStorage();
    return createClient({ baseURL, tokenStorage, storage: memoryStorage() });
  };

  const signedUpClient = async () => {
    const sdk = client();
    await sdk.auth.registerEmail({ email: uniqueEmail('sdk'), password: 'correct horse battery staple' });
    return sdk;
  };

  it('signs up by e-mail, keeps the tokens and fetches the user (docs/product.md#sessions-and-tokens)', async () => {
    const sdk = client();
    const email = uniqueEmail('sdk');
    await sdk.auth.registerEmail({ email, password: 'correct horse battery staple', first_name: 'Ana' });
    expect(sdk.session.isLoggedIn()).toBe(true);
    await sdk.session.loadUser();
    expect(sdk.session.getState().user).toMatchObject({ email, first_name: 'Ana' });
  });

  it('refreshes once on token_not_valid and retries the call (docs/product.md#sessions-and-tokens)', async () => {
    const sdk = await signedUpClient();
    tokenStorage.set('access_token', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.tampered');
    const info = await sdk.auth.getUserInfo();
    expect(info.is_member).toBe(false);
    expect(tokenStorage.get('access_token')).not.toContain('tampered');
  });

  it('refuses an invalid e-mail without calling the server (docs/product.md#validation)', async () => {
    await expect(client().auth.registerEmail({ email: 'not-an-email', password: 'x' })).rejects.toMatchObject(
      {
        status: 400,
        message: 'Please enter a valid email address.',
      },
    );
  });

  it('reads the PIN call errors from `error` (docs/product.md#error-catalogue)', async () => {
    const error = await client()
      .auth.verifyPin({ phone_number: '+12015550123', code: '000000' })
      .catch((caught: unknown) => caught);
    expect(isApiError(error) && error.status).toBe(400);
    expect((error as Error).message).toBe('No code is pending for this phone number. Request a new code.');
  });

  it('loads the seeded plans, derived and sorted, with the disabling rules applied (docs/product.md#membership-plans; docs/product.md#plan-lists; docs/product.md#plan-disabling)', async () => {
    const sdk = await signedUpClient();
    const plans = await sdk.plans.loadRegular();
    expect(plans.length).toBeGreaterThan(5);
    const disabled = plans.filter((plan) => plan.isDisabled);
    expect(disabled.length).toBeGreaterThan(0);
    expect(
      disabled.every(
        (plan) => plan.plan_type === 'standard' && ['MONTH', 'WEEK'].includes(String(plan.billing_period)),
      ),
    ).toBe(true);
  });

  /** Signed up, and the mailed code entered: a member, who may pay. */
  const memberClient = async () => {
    const sdk = client();
    const email = uniqueEmail('sdk');
    await sdk.auth.registerEmail({ email, password: 'correct horse battery staple' });
    await sdk.auth.verifyEmail({ code: await codeFromOutbox(getApp(), email) });
    return sdk;
  };

  it('is told verification_required when an account not yet a member tries to pay', async () => {
    const sdk = await signedUpClient();
    const failure = await sdk.memberships
      .updatePaymentMethod({ payment_method_id: 'pm_card_visa' })
      .catch((error: unknown) => error);
    expect(isApiError(failure) && { status: failure.status, code: failure.code }).toEqual({
      status: 403,
      code: 'verification_required',
    });
  });

  it('buys a message pack with the local provider and sees its messages added to the free ones', async () => {
    const sdk = await memberClient();
    const pack = (await sdk.plans.loadRegular()).find((plan) => plan.plan_type === 'metered');
    if (!pack) throw new Error('the catalogue has no metered pack');
    await sdk.memberships.updatePaymentMethod({ payment_method_id: 'pm_card_visa' });
    const intent = await sdk.memberships.createPaymentIntent({ plan_id: pack.id });
    await sdk.memberships.confirmPaymentIntent({ payment_intent_id: intent.payment_intent_id });
    const info = await sdk.auth.getUserInfo();
    expect(info.remaining_messages).toBe((pack.messages ?? 0) + 5); // and the account's free messages
  });
});
