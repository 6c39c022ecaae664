import type { CallOutcome } from '@wingmate/core-sdk';
import {
  funnelEvent,
  type FunnelEvent,
  type PaymentStep,
  type PlanType,
  type SignUpMethod,
} from './funnel-events';
import type { FunnelUserProperties } from './funnel-user-properties';

/** What one call's end means for the funnel: its events, in order, and the user properties it changes. */
export interface FunnelStep {
  events: FunnelEvent[];
  userProperties: Partial<FunnelUserProperties>;
}

/**
 * What the rules remember between calls, so each occurrence is told once: a payment intent's amount (the
 * confirmation does not repeat it), and the intents and user plans already told (a Retry with the same
 * idempotency key answers the same intent and the same settled plan again).
 */
export interface FunnelCallMemory {
  /** The charge of each user plan a payment intent was made for, by user plan id. */
  charges: Map<number, { amount: number; currency: string }>;
  toldIntents: Set<string>;
  settledUserPlans: Set<number>;
}

export const newFunnelCallMemory = (): FunnelCallMemory => ({
  charges: new Map(),
  toldIntents: new Set(),
  settledUserPlans: new Set(),
});

const NOTHING: FunnelStep = { events: [], userProperties: {} };

/** The operations that send a chat message (the tracker adds whether it is the first). */
export const CHAT_SENDS: ReadonlySet<string> = new Set([
  'sendChatMessage',
  'streamChatMessage',
  'sendMobileChatMessage',
]);

const PROVIDER_SIGN_INS: Readonly<Record<string, SignUpMethod>> = {
  googleSignup: 'google',
  googleLogin: 'google',
  appleLogin: 'apple',
};

const DECLINE_STEPS: Readonly<Record<string, PaymentStep>> = {
  verifyCard: 'card_check',
  updatePaymentMethod: 'card_save',
  createPaymentIntent: 'payment',
  createDynamicPaymentIntent: 'payment',
  confirmPaymentIntent: 'payment',
};

/** The parts of the contract's answers these rules read (the SDK's types, loosened to what is needed). */
interface UserPlanAnswer {
  id: number;
  status: string;
  plan: { id: number; plan_type: PlanType; price: number; currency: string; trial_period_days: number };
}
interface IntentAnswer {
  payment_intent_id: string;
  amount: number;
  currency: string;
  user_plan: UserPlanAnswer;
}
interface ConfirmationAnswer {
  status: string;
  user_plan: UserPlanAnswer;
}

/**
 * The funnel events of one SDK call's end (docs/product.md#attribution-ab-tests-and-analytics). Only ids,
 * types, amounts and codes are read from bodies and answers: never a contact, a name or a message.
 */
export function funnelStepOf(outcome: CallOutcome, memory: FunnelCallMemory): FunnelStep {
  if (!outcome.ok) return declineOf(outcome.id, outcome.error);
  const response = outcome.response as Record<string, unknown> | null | undefined;
  switch (outcome.id) {
    case 'registerPhone':
      return { events: [funnelEvent('sign_up_started', { method: 'phone' })], userProperties: {} };
    case 'registerEmail':
      return signedUp('email', false);
    case 'verifyPin':
      // Tokens and `created`: a new account, vouched for by its number; a phone change answers `{user}` only.
      return response?.['access'] && response['created'] === true ? signedUp('phone', true) : NOTHING;
    case 'verifyEmail':
      return verified('email');
    case 'createPaymentIntent':
    case 'createDynamicPaymentIntent':
      return checkoutStarted(response as unknown as IntentAnswer, memory);
    case 'confirmPaymentIntent':
      return settled(response as unknown as ConfirmationAnswer, memory);
    default: {
      const provider = PROVIDER_SIGN_INS[outcome.id];
      return provider && response?.['created'] === true ? signedUp(provider, true) : NOTHING;
    }
  }
}

function signedUp(method: SignUpMethod, vouched: boolean): FunnelStep {
  const events = [funnelEvent('signed_up', { method })];
  if (vouched) events.push(funnelEvent('verified', { method }));
  return {
    events,
    userProperties: { sign_up_method: method, member_status: vouched ? 'member' : 'unverified' },
  };
}

function verified(method: SignUpMethod): FunnelStep {
  return { events: [funnelEvent('verified', { method })], userProperties: { member_status: 'member' } };
}

function checkoutStarted(intent: IntentAnswer, memory: FunnelCallMemory): FunnelStep {
  if (!intent?.payment_intent_id || memory.toldIntents.has(intent.payment_intent_id)) return NOTHING;
  memory.toldIntents.add(intent.payment_intent_id);
  memory.charges.set(intent.user_plan.id, { amount: intent.amount, currency: intent.currency });
  const { plan } = intent.user_plan;
  // As the server decides: a subscription plan with trial days charges nothing today and starts a trial.
  const trial = plan.plan_type !== 'metered' && plan.trial_period_days > 0;
  const properties = { plan_id: plan.id, plan_type: plan.plan_type, amount: intent.amount, trial };
  return {
    events: [funnelEvent('checkout_started', { ...properties, currency: intent.currency })],
    userProperties: {},
  };
}

function settled(confirmation: ConfirmationAnswer, memory: FunnelCallMemory): FunnelStep {
  const userPlan = confirmation?.user_plan;
  if (confirmation?.status === 'requires_payment_method') {
    return {
      events: [funnelEvent('payment_declined', { code: 'requires_payment_method', step: 'payment' })],
      userProperties: {},
    };
  }
  if (confirmation?.status !== 'succeeded' || memory.settledUserPlans.has(userPlan.id)) return NOTHING;
  memory.settledUserPlans.add(userPlan.id);
  const { plan } = userPlan;
  const userProperties = { plan: plan.plan_type };
  if (userPlan.status === 'trialing') {
    const trialDays = plan.trial_period_days;
    return {
      events: [
        funnelEvent('trial_started', { plan_id: plan.id, plan_type: plan.plan_type, trial_days: trialDays }),
      ],
      userProperties,
    };
  }
  // The intent's charge counts an offer; without it (made on another device), the plan's price.
  const { amount, currency } = memory.charges.get(userPlan.id) ?? {
    amount: plan.price,
    currency: plan.currency,
  };
  return {
    events: [
      funnelEvent('purchase_completed', { plan_id: plan.id, plan_type: plan.plan_type, amount, currency }),
    ],
    userProperties,
  };
}

function declineOf(id: string, error: unknown): FunnelStep {
  const step = DECLINE_STEPS[id];
  const failure = error as { status?: number; code?: string | null } | null;
  if (!step || failure?.status !== 402) return NOTHING;
  return {
    events: [funnelEvent('payment_declined', { code: failure.code || 'card_declined', step })],
    userProperties: {},
  };
}
