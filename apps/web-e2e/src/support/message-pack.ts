import type { PlanPage } from '@wingmate/api-contract';
import type { RunningProduct } from './product';

/** The local payment provider's test card that always succeeds (apps/api/src/adapters/payments/test-cards.ts). */
const SUCCEEDING_CARD = 'pm_local_4242424242424242_1230';

/**
 * Buys the smallest message pack (a metered plan) for a member through the API, the way checkout does: save the
 * card, create the payment intent, confirm it. Returns the messages bought.
 */
export async function buyMessagePack(product: RunningProduct, access: string): Promise<number> {
  const call = async (method: string, url: string, body?: object) => {
    const response = await product.api.app.inject({
      method: method as 'GET' | 'POST',
      url,
      headers: { authorization: `Bearer ${access}` },
      ...(body && { payload: body }),
    });
    if (response.statusCode >= 300)
      throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
    return response.json<unknown>();
  };
  const plans = (await call('GET', '/api/v1/memberships/plans/')) as PlanPage;
  const pack = plans.results
    .filter((plan) => plan.messages !== null)
    .sort((a, b) => (a.messages ?? 0) - (b.messages ?? 0))[0];
  if (!pack) throw new Error('The API offers no message pack (metered plan)');
  await call('POST', '/api/v1/memberships/user_plans/payment-method/update/', {
    payment_method_id: SUCCEEDING_CARD,
  });
  const intent = (await call('POST', '/api/v1/memberships/user_plans/payment_intent/create/', {
    plan_id: pack.id,
  })) as { payment_intent_id: string };
  await call('POST', '/api/v1/memberships/user_plans/payment_intent/confirm/', {
    payment_intent_id: intent.payment_intent_id,
  });
  return pack.messages ?? 0;
}
