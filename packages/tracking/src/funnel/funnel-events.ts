/**
 * The product funnel as analytics sees it (docs/product.md#attribution-ab-tests-and-analytics): each event's
 * name and the properties a growth team charts. Nothing here may carry personal data: no e-mail, phone number,
 * name or message text; plans and payments are told by id, type and amount only.
 */

/** How an account was made (or is being made). */
export type SignUpMethod = 'phone' | 'email' | 'google' | 'apple';

/** A plan's type, as the contract names it. */
export type PlanType = 'metered' | 'standard' | 'premium';

/**
 * Why the paywall opened: a visitor asked to sign up before chatting (`abtest_verification` control), a visitor
 * whose free messages ran out, an account asked to verify its e-mail, a member out of messages.
 */
export type PaywallReason = 'sign_up_first' | 'free_messages_used' | 'verify_email' | 'out_of_messages';

/** Which payment call a card was declined at. */
export type PaymentStep = 'card_check' | 'card_save' | 'payment';

export interface FunnelEvents {
  /** A phone sign-up asked for its code (the account is made when the code is checked). */
  sign_up_started: { method: SignUpMethod };
  /** An account was made. */
  signed_up: { method: SignUpMethod };
  /** The account became a member: its phone, e-mail or identity provider vouched for it. */
  verified: { method: SignUpMethod };
  /** A chat message was accepted; `messages_left` when the answer tells it (a stream tells it only at its end). */
  message_sent: { is_first: boolean; signed_in: boolean; messages_left?: number };
  /** The device's person sent their first chat message (once, before its `message_sent`). */
  first_message_sent: { signed_in: boolean };
  /** The paywall dialog opened. */
  paywall_seen: { reason: PaywallReason; where: 'chat' };
  /** A payment was set up for a plan or a top-up (the amount is what it will charge; 0 for a trial). */
  checkout_started: {
    plan_id: number;
    plan_type: PlanType;
    amount: number;
    currency: string;
    trial: boolean;
  };
  /** A payment settled and its plan is active. */
  purchase_completed: { plan_id: number; plan_type: PlanType; amount: number; currency: string };
  /** A free trial started (the card was checked, nothing charged). */
  trial_started: { plan_id: number; plan_type: PlanType; trial_days: number };
  /** The card was declined; `code` is the provider's decline code (never the card). */
  payment_declined: { code: string; step: PaymentStep };
}

export type FunnelEventName = keyof FunnelEvents;

/** One funnel event with its properties. */
export type FunnelEvent = {
  [E in FunnelEventName]: { name: E; properties: FunnelEvents[E] };
}[FunnelEventName];

/** Every funnel event, in the order a person meets them. */
export const FUNNEL_EVENT_NAMES = [
  'sign_up_started',
  'signed_up',
  'verified',
  'first_message_sent',
  'message_sent',
  'paywall_seen',
  'checkout_started',
  'trial_started',
  'purchase_completed',
  'payment_declined',
] as const satisfies readonly FunnelEventName[];

/** Builds one event, typed by its name. */
export const funnelEvent = <E extends FunnelEventName>(name: E, properties: FunnelEvents[E]): FunnelEvent =>
  ({ name, properties }) as FunnelEvent;
