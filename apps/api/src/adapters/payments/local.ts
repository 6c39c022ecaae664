import type { PaymentIntentStatus } from '@wingmate/api-contract';
import type { Clock } from '@wingmate/runtime';
import { and, eq, inArray } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import type { AppDatabase } from '../../db/database';
import { localPaymentIntents } from '../../db/schema';
import { addBillingPeriods, addDays } from './billing-periods';
import { discounted } from './discounts';
import {
  InvalidWebhook,
  PaymentDeclined,
  UnknownPaymentMethod,
  type NewPaymentIntent,
  type NewSubscription,
  type PaymentEvent,
  type PaymentProvider,
  type ProviderIntent,
  type ProviderSubscription,
  type SavedCard,
} from './ports';
import { expiryOf, fingerprintOf, testCardOf, type TestCard } from './test-cards';

type IntentRow = typeof localPaymentIntents.$inferSelect;

/**
 * The embedded payment provider (docs/architecture.md#runtime-pieces): Stripe's test mode without Stripe. Intents live
 * in the database and behave as Stripe's test cards do; subscriptions have no state here beyond their id, since
 * the user plan is the record and the renewal job charges the saved card when a period ends.
 */
export class LocalPaymentProvider implements PaymentProvider {
  readonly name = 'local' as const;

  constructor(
    private readonly db: AppDatabase,
    private readonly clock: Clock,
  ) {}

  ensureCustomer(user: { id: number }, existing: string | null): Promise<string> {
    return Promise.resolve(existing ?? `cus_local_${user.id}`);
  }

  /** Like Stripe's attach, which checks the card: a declining card is refused, and the card on file stays. */
  // eslint-disable-next-line @typescript-eslint/require-await -- async so a declined card rejects, as Stripe's does
  async savePaymentMethod(_customerId: string, paymentMethodId: string): Promise<SavedCard> {
    const card = cardOf(paymentMethodId);
    if (card.decline && !card.declinesOnlyCharges)
      throw new PaymentDeclined(card.decline.code, card.decline.message);
    return savedCard(paymentMethodId, card);
  }

  async createPaymentIntent(intent: NewPaymentIntent): Promise<ProviderIntent> {
    cardOf(intent.paymentMethodId);
    return this.insertIntent(intent, 'automatic');
  }

  /** The intent made earlier under this idempotency key, if any. */
  private async byIdempotencyKey(key: string): Promise<ProviderIntent | undefined> {
    const [row] = await this.db
      .select()
      .from(localPaymentIntents)
      .where(eq(localPaymentIntents.idempotencyKey, key));
    return row && intentOf(row);
  }

  async confirmPaymentIntent(intentId: string): Promise<ProviderIntent> {
    const row = await this.row(intentId);
    if (row.status !== 'requires_confirmation' && row.status !== 'requires_payment_method')
      return intentOf(row);
    const decline = cardOf(row.paymentMethodId).decline;
    if (decline) {
      await this.setStatus(row.id, 'requires_payment_method', decline.code);
      throw new PaymentDeclined(decline.code, decline.message);
    }
    const settled: PaymentIntentStatus = row.captureMethod === 'manual' ? 'requires_capture' : 'succeeded';
    // Only a pending intent moves, so two confirms racing settle it once.
    await this.db
      .update(localPaymentIntents)
      .set({ status: settled, declineCode: null, updatedAt: new Date(this.clock.now()) })
      .where(
        and(
          eq(localPaymentIntents.id, row.id),
          inArray(localPaymentIntents.status, ['requires_confirmation', 'requires_payment_method']),
        ),
      );
    return intentOf(await this.row(intentId));
  }

  async retrievePaymentIntent(intentId: string): Promise<ProviderIntent> {
    return intentOf(await this.row(intentId));
  }

  async createSubscription(subscription: NewSubscription): Promise<ProviderSubscription> {
    cardOf(subscription.paymentMethodId);
    const id = `sub_local_${randomId()}`;
    const now = new Date(this.clock.now());
    if (subscription.trialDays > 0) {
      return {
        id,
        status: 'trialing',
        currentPeriodEnd: addDays(now, subscription.trialDays),
        cancelAtPeriodEnd: false,
        latestIntent: null,
      };
    }
    const { price } = subscription;
    const latestIntent = await this.insertIntent(
      {
        customerId: subscription.customerId,
        paymentMethodId: subscription.paymentMethodId,
        amountCents: discounted(price.amountCents, subscription.discountPercent),
        currency: price.currency,
        description: price.name,
        metadata: { ...subscription.metadata, subscription: id },
      },
      'automatic',
    );
    return {
      id,
      status: 'incomplete',
      currentPeriodEnd: addBillingPeriods(now, price.interval, price.intervalCount),
      cancelAtPeriodEnd: false,
      latestIntent,
    };
  }

  async verifyCard(
    customerId: string,
    paymentMethodId: string,
    amountCents: number,
    currency: string,
  ): Promise<SavedCard> {
    const card = cardOf(paymentMethodId);
    const hold = await this.insertIntent(
      { customerId, paymentMethodId, amountCents, currency, description: 'Card check', metadata: {} },
      'manual',
    );
    await this.confirmPaymentIntent(hold.id);
    // The hold is released at once: a manual-capture intent that is never captured.
    await this.setStatus(hold.id, 'canceled', null);
    return savedCard(paymentMethodId, card);
  }

  // The user plan is the record of these: the renewal job reads its cancel and scheduled-change fields.
  async cancelAtPeriodEnd(): Promise<void> {}

  async resumeSubscription(): Promise<void> {}

  schedulePlanChange(): Promise<string | null> {
    return Promise.resolve(null);
  }

  async cancelPlanChange(): Promise<void> {}

  parseWebhook(): PaymentEvent {
    throw new InvalidWebhook('The local payment provider sends no webhooks.');
  }

  private async insertIntent(
    intent: NewPaymentIntent,
    captureMethod: 'automatic' | 'manual',
  ): Promise<ProviderIntent> {
    const id = `pi_local_${randomId()}`;
    // Like Stripe's idempotency keys: the same key answers the intent made the first time, never a second one.
    const [row] = await this.db
      .insert(localPaymentIntents)
      .values({
        idempotencyKey: intent.idempotencyKey ?? null,
        id,
        clientSecret: `${id}_secret_${randomId()}`,
        customerId: intent.customerId,
        paymentMethodId: intent.paymentMethodId,
        amountCents: intent.amountCents,
        currency: intent.currency,
        captureMethod,
        status: 'requires_confirmation',
        createdAt: new Date(this.clock.now()),
        updatedAt: new Date(this.clock.now()),
      })
      .onConflictDoNothing({ target: localPaymentIntents.idempotencyKey })
      .returning();
    if (row) return intentOf(row);
    const earlier = intent.idempotencyKey ? await this.byIdempotencyKey(intent.idempotencyKey) : undefined;
    if (!earlier) throw new Error('A payment intent with this idempotency key vanished');
    return earlier;
  }

  private async row(intentId: string): Promise<IntentRow> {
    const [row] = await this.db
      .select()
      .from(localPaymentIntents)
      .where(eq(localPaymentIntents.id, intentId));
    if (!row) throw new UnknownPaymentMethod(`No such payment intent: '${intentId}'`);
    return row;
  }

  private async setStatus(
    id: string,
    status: PaymentIntentStatus,
    declineCode: string | null,
  ): Promise<void> {
    await this.db
      .update(localPaymentIntents)
      .set({ status, declineCode, updatedAt: new Date(this.clock.now()) })
      .where(eq(localPaymentIntents.id, id));
  }
}

function cardOf(paymentMethodId: string): TestCard {
  const card = testCardOf(paymentMethodId);
  if (!card) {
    throw new UnknownPaymentMethod(
      `No such PaymentMethod: '${paymentMethodId}'. The local provider takes Stripe's test cards (pm_card_visa, or pm_local_<card number>).`,
    );
  }
  return card;
}

function savedCard(paymentMethodId: string, card: TestCard): SavedCard {
  const expiry = expiryOf(paymentMethodId);
  return {
    paymentMethodId,
    brand: card.brand,
    last4: card.number.slice(-4),
    fingerprint: fingerprintOf(card),
    expMonth: expiry?.month ?? null,
    expYear: expiry?.year ?? null,
  };
}

function intentOf(row: IntentRow): ProviderIntent {
  return {
    id: row.id,
    clientSecret: row.clientSecret,
    status: row.status as PaymentIntentStatus,
    amountCents: row.amountCents,
    currency: row.currency,
  };
}

function randomId(): string {
  return randomBytes(12).toString('hex');
}
