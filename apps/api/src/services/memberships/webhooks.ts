import type { UserPlanStatus } from '@wingmate/api-contract';
import { eq } from 'drizzle-orm';
import type { PaymentEvent } from '../../adapters/payments/ports';
import type { AppDatabase } from '../../db/database';
import { paymentEvents, plans, userPlans, type UserPlanRow } from '../../db/schema';
import type { Memberships } from './memberships';
import { recordPayment, type Executor } from './payments';
import { capOverrun } from './spending-cap';
import { noScheduledChange } from './subscription-changes';

type StripeObject = Readonly<Record<string, unknown>>;

/**
 * Applies one signature-checked Stripe event, exactly once: the event id is recorded in the same transaction as
 * its changes, so a redelivery finds it and changes nothing. Settling a paid plan goes through
 * `Memberships.settle`, which is itself once-only, after the record commits.
 */
export async function applyPaymentEvent(
  db: AppDatabase,
  memberships: Memberships,
  event: PaymentEvent,
  now: Date,
): Promise<'applied' | 'duplicate'> {
  let settleRef: string | undefined;
  /** A renewal the spending cap stops: ended at period end once this transaction commits (a Stripe call). */
  let stopAtCap: { userPlanId: number; capCents: number; amountCents: number } | undefined;
  const applied = await db.transaction(async (tx) => {
    const [fresh] = await tx
      .insert(paymentEvents)
      .values({ id: event.id, type: event.type, receivedAt: now })
      .onConflictDoNothing()
      .returning();
    if (!fresh) return false;
    const object = event.object;
    switch (event.type) {
      case 'payment_intent.succeeded':
        settleRef = String(object.id);
        break;
      case 'invoice.paid': {
        const subscriptionId = invoiceSubscription(object);
        const periodEnd = invoicePeriodEnd(object);
        if (!subscriptionId || !periodEnd) break;
        const [plan] = await tx.select().from(userPlans).where(eq(userPlans.subscriptionId, subscriptionId));
        if (!plan) break;
        // A renewal extends the period; the first invoice also settles a plan not yet confirmed.
        await tx
          .update(userPlans)
          .set({
            currentPeriodEnd: periodEnd,
            ...(plan.complete
              ? { isActive: true, status: plan.cancelAtPeriodEnd ? 'canceled' : 'active' }
              : {}),
            updatedAt: now,
          })
          .where(eq(userPlans.id, plan.id));
        if (!plan.complete && plan.paymentRef) settleRef = plan.paymentRef;
        // The first invoice is the purchase, recorded when it settles; later ones are renewals.
        if (plan.complete) await recordInvoice(tx, plan, object, 'succeeded', now);
        break;
      }
      case 'invoice.payment_failed': {
        const subscriptionId = invoiceSubscription(object);
        if (!subscriptionId) break;
        const [plan] = await tx
          .update(userPlans)
          .set({ status: 'past_due', isActive: false, updatedAt: now })
          .where(eq(userPlans.subscriptionId, subscriptionId))
          .returning();
        if (plan) await recordInvoice(tx, plan, object, 'failed', now);
        break;
      }
      case 'invoice.upcoming': {
        // Stripe tells of a renewal days ahead: one that would pass the spending cap is stopped in time.
        const subscriptionId = invoiceSubscription(object);
        const amountCents = typeof object.amount_due === 'number' ? object.amount_due : undefined;
        if (!subscriptionId || !amountCents) break;
        const [plan] = await tx.select().from(userPlans).where(eq(userPlans.subscriptionId, subscriptionId));
        if (!plan?.complete || plan.cancelAtPeriodEnd || !plan.currentPeriodEnd) break;
        const overrun = await capOverrun(tx, plan.userId, amountCents, plan.currentPeriodEnd);
        if (overrun) stopAtCap = { userPlanId: plan.id, capCents: overrun.capCents, amountCents };
        break;
      }
      case 'customer.subscription.deleted':
        await tx
          .update(userPlans)
          .set({ status: 'expired', isActive: false, updatedAt: now })
          .where(eq(userPlans.subscriptionId, String(object.id)));
        break;
      case 'customer.subscription.updated': {
        const [plan] = await tx
          .select()
          .from(userPlans)
          .where(eq(userPlans.subscriptionId, String(object.id)));
        if (!plan?.complete) break;
        const status = userPlanStatus(String(object.status), object.cancel_at_period_end === true);
        const item = firstItem(object);
        const planCode =
          typeof item?.price?.lookup_key === 'string' ? item.price.lookup_key.split(':')[0] : undefined;
        const [switched] = planCode ? await tx.select().from(plans).where(eq(plans.code, planCode)) : [];
        await tx
          .update(userPlans)
          .set({
            ...(status ? { status, isActive: status !== 'expired' && status !== 'past_due' } : {}),
            cancelAtPeriodEnd: object.cancel_at_period_end === true,
            ...(item?.current_period_end
              ? { currentPeriodEnd: new Date(item.current_period_end * 1000) }
              : {}),
            ...(switched && switched.id !== plan.planId
              ? { planId: switched.id, amountCents: switched.priceCents, ...noScheduledChange }
              : {}),
            updatedAt: now,
          })
          .where(eq(userPlans.id, plan.id));
        break;
      }
      default:
        break;
    }
    return true;
  });
  if (settleRef) {
    const [plan] = await db.select().from(userPlans).where(eq(userPlans.paymentRef, settleRef));
    if (plan) await memberships.settle(plan.id);
  }
  if (stopAtCap) await memberships.subscriptions.endAtSpendingCap(stopAtCap);
  return applied ? 'applied' : 'duplicate';
}

/** A renewal invoice in the billing history; the invoice id keeps it once however often Stripe reports it. */
async function recordInvoice(
  tx: Executor,
  userPlan: UserPlanRow,
  invoice: StripeObject,
  status: 'succeeded' | 'failed',
  now: Date,
): Promise<void> {
  const amountCents = status === 'succeeded' ? invoice.amount_paid : invoice.amount_due;
  if (typeof invoice.id !== 'string' || typeof amountCents !== 'number' || amountCents <= 0) return;
  const [plan] = await tx.select().from(plans).where(eq(plans.id, userPlan.planId));
  await recordPayment(tx, {
    userId: userPlan.userId,
    userPlanId: userPlan.id,
    planId: userPlan.planId,
    provider: userPlan.provider,
    paymentRef: invoice.id,
    status,
    amountCents,
    currency: typeof invoice.currency === 'string' ? invoice.currency : userPlan.currency,
    description: `${plan?.name ?? 'Plan'} renewal`,
    createdAt: now,
  });
}

/** Stripe's subscription statuses in the user plan's words; `incomplete` ones wait for confirm. */
function userPlanStatus(status: string, cancelAtPeriodEnd: boolean): UserPlanStatus | undefined {
  if ((status === 'active' || status === 'trialing') && cancelAtPeriodEnd) return 'canceled';
  if (status === 'active' || status === 'trialing' || status === 'past_due') return status;
  if (status === 'unpaid') return 'past_due';
  if (status === 'canceled' || status === 'incomplete_expired') return 'expired';
  return undefined;
}

interface SubscriptionItem {
  current_period_end?: number;
  price?: { lookup_key?: unknown };
}

function firstItem(subscription: StripeObject): SubscriptionItem | undefined {
  const items = subscription.items as { data?: SubscriptionItem[] } | undefined;
  return items?.data?.[0];
}

/** Since API 2025-03-31 an invoice names its subscription under `parent.subscription_details`. */
function invoiceSubscription(invoice: StripeObject): string | undefined {
  const parent = invoice.parent as { subscription_details?: { subscription?: unknown } } | undefined;
  const id = parent?.subscription_details?.subscription;
  return typeof id === 'string' ? id : undefined;
}

function invoicePeriodEnd(invoice: StripeObject): Date | undefined {
  const lines = invoice.lines as { data?: { period?: { end?: number } }[] } | undefined;
  const end = lines?.data?.[0]?.period?.end;
  return typeof end === 'number' ? new Date(end * 1000) : undefined;
}
