import {
  intent,
  type BodyOf,
  type CallOptions,
  type IntentOptions,
  type QueryOf,
  type ResponseOf,
} from '../http/operation';
import { isApiError } from '../errors/api-error';
import { emptyPageOn404 } from '../http/pages';
import type { ResourceDeps } from './deps';

/** A card-check amount as typed; sent only if numeric (docs/product.md#validation). */
export type CardAmount = number | string | null | undefined;

function numericAmount(amount: CardAmount): number | undefined {
  if (typeof amount === 'number') return Number.isFinite(amount) ? amount : undefined;
  if (typeof amount !== 'string' || amount.trim() === '') return undefined;
  const parsed = Number(amount);
  return Number.isFinite(parsed) ? parsed : undefined;
}

/** No saved card: the server's 404 reads as null; other failures pass on. */
function nullOn404(error: unknown): null {
  if (isApiError(error) && error.status === 404) return null;
  throw error;
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
    /** The saved card, or null when none is saved (the server's 404). */
    getPaymentMethod: (options?: CallOptions): Promise<ResponseOf<'getPaymentMethod'> | null> =>
      call('getPaymentMethod', { ...options }).catch(nullOn404),
    /** The billing history, newest first; a 404 page is an empty one (docs/product.md#lists-page-by-page). */
    listPayments: (query: QueryOf<'listPayments'> = {}, options?: CallOptions) =>
      call('listPayments', { query, fallback: emptyPageOn404(), ...options }),
    cancelUserPlan: (id: number, options?: CallOptions) =>
      call('cancelUserPlan', { params: { id }, ...options }),
    /** Undoes a cancel before the period ends. */
    resumeUserPlan: (id: number, options?: CallOptions) =>
      call('resumeUserPlan', { params: { id }, ...options }),
    /** Schedules a switch to another plan at the end of the current period (nothing is charged now). */
    updateUserPlan: (id: number, body: BodyOf<'updateUserPlan'>, options?: CallOptions) =>
      call('updateUserPlan', { params: { id }, body, ...options }),
    /** Undoes a scheduled plan change. */
    cancelPlanChange: (id: number, options?: CallOptions) =>
      call('cancelPlanChange', { params: { id }, ...options }),
    getSpendingCap: (options?: CallOptions) => call('getSpendingCap', { ...options }),
    /** `monthly_cap` in USD as a decimal string (`"50.00"`), or null to remove the cap. */
    setSpendingCap: (body: BodyOf<'setSpendingCap'>, options?: CallOptions) =>
      call('setSpendingCap', { body, ...options }),
  };
}

export type MembershipsResource = ReturnType<typeof membershipsResource>;
