import { defineRoutes } from './route';

/** Method, path and auth mode of each memberships operation, with no schema code; `./memberships.ts` spreads them. */
export const membershipRoutes = defineRoutes('memberships', {
  listPlans: ['GET', '/api/v1/memberships/plans/', 'required'],
  listFreeTrialPlans: ['GET', '/api/v1/memberships/plans/freetrial/', 'required'],
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
  cancelUserPlan: ['POST', '/api/v1/memberships/user_plans/{id}/cancel/', 'required'],
  updateUserPlan: ['POST', '/api/v1/memberships/user_plans/{id}/update/', 'required'],
  stripeWebhook: ['POST', '/api/v1/memberships/webhooks/stripe/', 'public'],
});
