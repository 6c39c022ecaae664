import { callOperation, type BodyOf, type QueryOf } from '../http/operation';
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

export function membershipsResource({ http }: ResourceDeps) {
  return {
    listPlans(query: QueryOf<'listPlans'> = {}) {
      return callOperation<'listPlans'>(http, {
        method: 'GET',
        path: '/api/v1/memberships/plans/',
        auth: 'required',
        query,
        fallback: emptyPageOn404(),
      });
    },

    listFreeTrialPlans(query: QueryOf<'listFreeTrialPlans'> = {}) {
      return callOperation<'listFreeTrialPlans'>(http, {
        method: 'GET',
        path: '/api/v1/memberships/plans/freetrial/',
        auth: 'required',
        query,
        fallback: emptyPageOn404(),
      });
    },

    listUserPlans(query: QueryOf<'listUserPlans'> = {}) {
      return callOperation<'listUserPlans'>(http, {
        method: 'GET',
        path: '/api/v1/memberships/user_plans/',
        auth: 'required',
        query,
        fallback: emptyPageOn404(),
      });
    },

    createPaymentIntent(body: BodyOf<'createPaymentIntent'>) {
      return callOperation<'createPaymentIntent'>(http, {
        method: 'POST',
        path: '/api/v1/memberships/user_plans/payment_intent/create/',
        auth: 'required',
        body,
      });
    },

    createDynamicPaymentIntent(body: BodyOf<'createDynamicPaymentIntent'>) {
      return callOperation<'createDynamicPaymentIntent'>(http, {
        method: 'POST',
        path: '/api/v1/memberships/user_plans/payment_intent/dynamic/create/',
        auth: 'required',
        body,
      });
    },

    confirmPaymentIntent(body: BodyOf<'confirmPaymentIntent'>) {
      return callOperation<'confirmPaymentIntent'>(http, {
        method: 'POST',
        path: '/api/v1/memberships/user_plans/payment_intent/confirm/',
        auth: 'required',
        body,
      });
    },

    verifyCard({
      payment_method_id,
      amount,
    }: Omit<BodyOf<'verifyCard'>, 'amount'> & { amount?: CardAmount }) {
      const numeric = numericAmount(amount);
      return callOperation<'verifyCard'>(http, {
        method: 'POST',
        path: '/api/v1/memberships/verify-card/',
        auth: 'required',
        body: numeric === undefined ? { payment_method_id } : { payment_method_id, amount: numeric },
      });
    },

    updatePaymentMethod(body: BodyOf<'updatePaymentMethod'>) {
      return callOperation<'updatePaymentMethod'>(http, {
        method: 'POST',
        path: '/api/v1/memberships/user_plans/payment-method/update/',
        auth: 'required',
        body,
      });
    },

    cancelUserPlan(id: number) {
      return callOperation<'cancelUserPlan'>(http, {
        method: 'POST',
        path: '/api/v1/memberships/user_plans/{id}/cancel/',
        auth: 'required',
        params: { id },
      });
    },

    updateUserPlan(id: number, body: BodyOf<'updateUserPlan'>) {
      return callOperation<'updateUserPlan'>(http, {
        method: 'POST',
        path: '/api/v1/memberships/user_plans/{id}/update/',
        auth: 'required',
        params: { id },
        body,
      });
    },
  };
}

export type MembershipsResource = ReturnType<typeof membershipsResource>;
