import type { PaymentConfirmation, PaymentIntent } from '@wingmate/api-contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { offers, plans } from '../db/schema';
import { bearer, signUpByEmail, signUpMemberByEmail, uniqueEmail } from './sign-in';

/** Calls of the memberships tests, shared by their files: members, plans by code, purchases. */

export type Headers = Record<string, string>;

/** A member (the e-mail address verified, by the code sent to it): it may pay, and billing e-mails go to it. */
export async function member(
  app: FastifyInstance,
): Promise<{ headers: Headers; userId: number; email: string }> {
  const email = uniqueEmail('billing');
  const tokens = await signUpMemberByEmail(app, email);
  return { headers: bearer(tokens), userId: tokens.user.pk, email };
}

/** An account whose e-mail is not verified yet: not a member, so its payments answer 403. */
export async function unverifiedAccount(
  app: FastifyInstance,
): Promise<{ headers: Headers; userId: number; email: string }> {
  const email = uniqueEmail('unverified');
  const tokens = await signUpByEmail(app, email);
  return { headers: bearer(tokens), userId: tokens.user.pk, email };
}

export function post(
  app: FastifyInstance,
  url: string,
  headers: Headers,
  payload: Record<string, unknown> = {},
) {
  return app.inject({ method: 'POST', url: `/api/v1/memberships/${url}`, headers, payload });
}

export function put(app: FastifyInstance, url: string, headers: Headers, payload: Record<string, unknown>) {
  return app.inject({ method: 'PUT', url: `/api/v1/memberships/${url}`, headers, payload });
}

export function get(app: FastifyInstance, url: string, headers: Headers) {
  return app.inject({ method: 'GET', url: `/api/v1/memberships/${url}`, headers });
}

export async function planId(app: FastifyInstance, code: string): Promise<number> {
  const [plan] = await app.database.db.select({ id: plans.id }).from(plans).where(eq(plans.code, code));
  if (!plan) throw new Error(`no plan ${code}`);
  return plan.id;
}

/**
 * Puts a running offer on the plan (by code) for one test: `discount` percent off the first payment. Answers the
 * plan's id and a function that takes the offer away again, so the suite's other tests see the catalogue as seeded.
 */
export async function addOffer(
  app: FastifyInstance,
  code: string,
  discount: number,
  title = `${discount}% off`,
): Promise<{ planId: number; remove(): Promise<void> }> {
  const id = await planId(app, code);
  const [offer] = await app.database.db
    .insert(offers)
    .values({ title, description: 'An offer made for one test.', planId: id, discount })
    .returning({ id: offers.id });
  return {
    planId: id,
    remove: async () => {
      await app.database.db.delete(offers).where(eq(offers.id, offer!.id));
    },
  };
}

/** A member with a saved card who has started paying for `code`: the intent is made, not yet confirmed. */
export async function startPurchase(
  app: FastifyInstance,
  code: string,
  card = 'pm_card_visa',
  user?: { headers: Headers; userId: number },
) {
  const buyer = user ?? (await member(app));
  expect(
    (await post(app, 'user_plans/payment-method/update/', buyer.headers, { payment_method_id: card }))
      .statusCode,
  ).toBe(200);
  const created = await post(app, 'user_plans/payment_intent/create/', buyer.headers, {
    plan_id: await planId(app, code),
  });
  expect(created.statusCode).toBe(201);
  return { ...buyer, intent: created.json<PaymentIntent>() };
}

export async function buy(
  app: FastifyInstance,
  code: string,
  card = 'pm_card_visa',
  user?: { headers: Headers; userId: number },
) {
  const purchase = await startPurchase(app, code, card, user);
  const confirmed = await post(app, 'user_plans/payment_intent/confirm/', purchase.headers, {
    payment_intent_id: purchase.intent.payment_intent_id,
  });
  expect(confirmed.statusCode).toBe(200);
  return { ...purchase, userPlan: confirmed.json<PaymentConfirmation>().user_plan };
}
