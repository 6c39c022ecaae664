import { intent, type BodyOf, type CallOptions, type IntentOptions, type QueryOf } from '../http/operation';
import { emptyPageOn404 } from '../http/pages';
import type { ResourceDeps } from './deps';

/** A card-check amount as typed; sent only if numeric (spec 5). */
export type CardAmount = number | string | null | undefined;

function numericAmount(amount: CardAmount): number | undefined {
  if (typeof amount === 'number') return Number.isFinite(amount) ? amount : undefined;
  if (typeof amount !== 'string' || amount.trim() === '') return undefined;
  const parsed = Number(amount);
  return Number.isFinite(parsed) ? parsed : undefined;
}

/** Payments carry an `Idempotency-Key` (see `IntentOptions`): a retried payment charges once. */
export function membershipsResource({ call }: ResourceDeps) {
  return {
    listPlans: (query: QueryOf<'listPlans'> = {}, options?: CallOptions) =>
      call('listPlans', { query, fallback: emptyPageOn404(), ...options }),
    listFreeTrialPlans: (query: QueryOf<'listFreeTrialPlans'> = {}, options?: CallOptions) =>
      call('listFreeTrialPlans', { query, fallback: emptyPageOn404(), ...options }),
    listUserPlans: (query: QueryOf<'listUserPlans'> = {}, options?: CallOptions) =>
      call('listUserPlans', { query, fallback: emptyPageOn404(), ...options }),
    createPaymentIntent: (body: BodyOf<'createPaymentIntent'>, options?: IntentOptions) =>
      call('createPaymentIntent', { body, ...intent(options) }),
    createDynamicPaymentIntent: (body: BodyOf<'createDynamicPaymentIntent'>, options?: IntentOptions) =>
      call('createDynamicPaymentIntent', { body, ...intent(options) }),
    confirmPaymentIntent: (body: BodyOf<'confirmPaymentIntent'>, options?: IntentOptions) =>
      call('confirmPaymentIntent', { body, ...intent(options) }),

    verifyCard(
      { payment_method_id, amount }: Omit<BodyOf<'verifyCard'>, 'amount'> & { amount?: CardAmount },
      options?: IntentOptions,
    ) {
      const numeric = numericAmount(amount);
      const body = numeric === undefined ? { payment_method_id } : { payment_method_id, amount: numeric };
      return call('verifyCard', { body, ...intent(options) });
    },

    updatePaymentMethod: (body: BodyOf<'updatePaymentMethod'>, options?: IntentOptions) =>
      call('updatePaymentMethod', { body, ...intent(options) }),
    cancelUserPlan: (id: number, options?: CallOptions) =>
      call('cancelUserPlan', { params: { id }, ...options }),
    updateUserPlan: (id: number, body: BodyOf<'updateUserPlan'>, options?: CallOptions) =>
      call('updateUserPlan', { params: { id }, body, ...options }),
  };
}

export type MembershipsResource = ReturnType<typeof membershipsResource>;
