import type { CallOutcome } from '@wingmate/core-sdk';
import type { FunnelStep } from './funnel-from-calls';

const user = { pk: 7, first_name: 'Ana', last_name: 'Silva', email: 'ana@example.com', phone_number: null };
const tokens = { access: 'jwt', refresh: 'refresh', user };

const plan = (planType: 'metered' | 'standard' | 'premium', trialDays = 0) => ({
  id: planType === 'metered' ? 3 : 5,
  plan_type: planType,
  price: planType === 'metered' ? 9.99 : 19.99,
  currency: 'usd',
  trial_period_days: trialDays,
  name: 'A plan',
});

export const userPlan = (
  status: string,
  planType: 'metered' | 'standard' | 'premium' = 'metered',
  trialDays = 0,
) => ({
  id: 41,
  status,
  plan: plan(planType, trialDays),
});

export const intent = (
  amount: number,
  planType: 'metered' | 'standard' | 'premium' = 'metered',
  trialDays = 0,
) => ({
  payment_intent_id: 'pi_1',
  client_secret: 'secret',
  amount,
  currency: 'usd',
  provider: 'local',
  user_plan: userPlan('incomplete', planType, trialDays),
});

const ok = (id: string, response: unknown, body: unknown = {}) =>
  ({ id, body, ok: true, response }) as CallOutcome;
const failed = (id: string, status: number, code: string | null) =>
  ({ id, body: {}, ok: false, error: { status, code } }) as CallOutcome;

const none: FunnelStep = { events: [], userProperties: {} };

/** One call's end, and the funnel step it makes on a client that has seen nothing before. */
export const funnelCallCases: { title: string; outcome: CallOutcome; step: FunnelStep }[] = [
  {
    title: 'a phone sign-up asking for its code starts the sign-up',
    outcome: ok(
      'registerPhone',
      { detail: 'sent', phone_number: '+12025550123' },
      { phone_number: '+12025550123' },
    ),
    step: { events: [{ name: 'sign_up_started', properties: { method: 'phone' } }], userProperties: {} },
  },
  {
    title: 'an e-mail sign-up makes the account, not yet verified',
    outcome: ok('registerEmail', tokens, { email: 'ana@example.com', password: 'secret-pass' }),
    step: {
      events: [{ name: 'signed_up', properties: { method: 'email' } }],
      userProperties: { sign_up_method: 'email', member_status: 'unverified' },
    },
  },
  {
    title: 'a checked PIN that created the account signs up and verifies by phone',
    outcome: ok('verifyPin', { ...tokens, created: true }),
    step: {
      events: [
        { name: 'signed_up', properties: { method: 'phone' } },
        { name: 'verified', properties: { method: 'phone' } },
      ],
      userProperties: { sign_up_method: 'phone', member_status: 'member' },
    },
  },
  {
    title: 'a PIN sign-in of an existing account is no sign-up',
    outcome: ok('verifyPin', { ...tokens, created: false }),
    step: none,
  },
  { title: 'a phone change is no sign-up', outcome: ok('verifyPin', { user }), step: none },
  {
    title: 'a verified e-mail makes a member',
    outcome: ok('verifyEmail', { is_member: true }, { code: '123456' }),
    step: {
      events: [{ name: 'verified', properties: { method: 'email' } }],
      userProperties: { member_status: 'member' },
    },
  },
  {
    title: 'a Google sign-in that created the account signs up and verifies by Google',
    outcome: ok('googleLogin', { ...tokens, created: true }),
    step: {
      events: [
        { name: 'signed_up', properties: { method: 'google' } },
        { name: 'verified', properties: { method: 'google' } },
      ],
      userProperties: { sign_up_method: 'google', member_status: 'member' },
    },
  },
  {
    title: 'an Apple sign-in that created the account signs up by Apple',
    outcome: ok('appleLogin', { ...tokens, created: true }),
    step: {
      events: [
        { name: 'signed_up', properties: { method: 'apple' } },
        { name: 'verified', properties: { method: 'apple' } },
      ],
      userProperties: { sign_up_method: 'apple', member_status: 'member' },
    },
  },
  {
    title: 'a Google sign-in of an existing account is no sign-up',
    outcome: ok('googleSignup', { ...tokens, created: false }),
    step: none,
  },
  {
    title: 'a payment intent for a plan starts a checkout',
    outcome: ok('createPaymentIntent', intent(19.99, 'premium'), { plan_id: 5 }),
    step: {
      events: [
        {
          name: 'checkout_started',
          properties: { plan_id: 5, plan_type: 'premium', amount: 19.99, currency: 'usd', trial: false },
        },
      ],
      userProperties: {},
    },
  },
  {
    title: 'a payment intent of a free-trial plan that charges nothing starts a trial checkout',
    outcome: ok('createPaymentIntent', intent(0, 'standard', 3), { plan_id: 5 }),
    step: {
      events: [
        {
          name: 'checkout_started',
          properties: { plan_id: 5, plan_type: 'standard', amount: 0, currency: 'usd', trial: true },
        },
      ],
      userProperties: {},
    },
  },
  {
    title: 'a settled payment made elsewhere completes a purchase at the plan price',
    outcome: ok('confirmPaymentIntent', { status: 'succeeded', user_plan: userPlan('active') }),
    step: {
      events: [
        {
          name: 'purchase_completed',
          properties: { plan_id: 3, plan_type: 'metered', amount: 9.99, currency: 'usd' },
        },
      ],
      userProperties: { plan: 'metered' },
    },
  },
  {
    title: 'a settled trial starts the trial',
    outcome: ok('confirmPaymentIntent', {
      status: 'succeeded',
      user_plan: userPlan('trialing', 'standard', 3),
    }),
    step: {
      events: [{ name: 'trial_started', properties: { plan_id: 5, plan_type: 'standard', trial_days: 3 } }],
      userProperties: { plan: 'standard' },
    },
  },
  {
    title: 'a confirmation the bank still processes tells nothing yet',
    outcome: ok('confirmPaymentIntent', { status: 'processing', user_plan: userPlan('incomplete') }),
    step: none,
  },
  {
    title: 'a confirmation that needs another card is a decline',
    outcome: ok('confirmPaymentIntent', {
      status: 'requires_payment_method',
      user_plan: userPlan('incomplete'),
    }),
    step: {
      events: [
        { name: 'payment_declined', properties: { code: 'requires_payment_method', step: 'payment' } },
      ],
      userProperties: {},
    },
  },
  {
    title: 'a declined payment tells the decline code',
    outcome: failed('confirmPaymentIntent', 402, 'insufficient_funds'),
    step: {
      events: [{ name: 'payment_declined', properties: { code: 'insufficient_funds', step: 'payment' } }],
      userProperties: {},
    },
  },
  {
    title: 'a card declined at the trial check',
    outcome: failed('verifyCard', 402, 'card_declined'),
    step: {
      events: [{ name: 'payment_declined', properties: { code: 'card_declined', step: 'card_check' } }],
      userProperties: {},
    },
  },
  {
    title: 'a card declined when saved',
    outcome: failed('updatePaymentMethod', 402, null),
    step: {
      events: [{ name: 'payment_declined', properties: { code: 'card_declined', step: 'card_save' } }],
      userProperties: {},
    },
  },
  {
    title: 'a payment refused for want of verification is no decline',
    outcome: failed('createPaymentIntent', 403, 'verification_required'),
    step: none,
  },
  { title: 'a failed sign-up tells nothing', outcome: failed('registerPhone', 400, null), step: none },
  {
    title: 'a call outside the funnel tells nothing',
    outcome: ok('getUserInfo', { remaining_messages: 3 }),
    step: none,
  },
];
