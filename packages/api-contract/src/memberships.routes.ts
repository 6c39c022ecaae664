import { defineRoutes } from './route';

/** Method, path and auth mode of each memberships operation, with no schema code; `./memberships.ts` spreads them. */
export const membershipRoutes = defineRoutes('memberships', {
  // Pricing is public (docs/decisions.md#money-at-checkout): a visitor sees prices before signing up.
  listPlans: ['GET', '/api/v1/memberships/plans/', 'optional'],
  listFreeTrialPlans: ['GET', '/api/v1/memberships/plans/freetrial/', 'optional'],
  listUserPlans: ['GET', '/api/v1/memberships/user_plans/', 'required'],
  createPaymentIntent: ['POST', '/api/v1/memberships/user_plans/payment_intent/create/', 'required'],
  createDynamicPaymentIntent: [
    'POST',
    '/api/v1/memberships/user_plans/payment_intent/dynamic/create/',
    'required',
  ],
  confirmPaymentIntent: ['POST', '/api/v1/memberships/user_plans/payment_intent/confirm/', 'required'],
  verifyCard: ['POST', '/api/v1/memberships/verify-card/', 'required'],
  updatePaymentMethod: ['POST', '/api/v1/memberships/user_plans/payment-method/update/', 'required'],
  getPaymentMethod: ['GET', '/api/v1/memberships/user_plans/payment-method/', 'required'],
  listPayments: ['GET', '/api/v1/memberships/payments/', 'required'],
  cancelUserPlan: ['POST', '/api/v1/memberships/user_plans/{id}/cancel/', 'required'],
  resumeUserPlan: ['POST', '/api/v1/memberships/user_plans/{id}/resume/', 'required'],
  updateUserPlan: ['POST', '/api/v1/memberships/user_plans/{id}/update/', 'required'],
  cancelPlanChange: ['POST', '/api/v1/memberships/user_plans/{id}/update/cancel/', 'required'],
  getSpendingCap: ['GET', '/api/v1/memberships/spending-cap/', 'required'],
  setSpendingCap: ['PUT', '/api/v1/memberships/spending-cap/', 'required'],
  stripeWebhook: ['POST', '/api/v1/memberships/webhooks/stripe/', 'public'],
});
