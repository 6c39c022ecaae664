import type { Clock } from '@wingmate/runtime';
import type { Config } from '../../config';
import type { AppDatabase } from '../../db/database';
import { LocalPaymentProvider } from './local';
import type { PaymentProvider } from './ports';
import { StripePaymentProvider } from './stripe';

/** Stripe when `STRIPE_SECRET_KEY` is set, else the embedded local test-mode provider. */
export function paymentProviderFromConfig(config: Config, db: AppDatabase, clock: Clock): PaymentProvider {
  const { stripeSecretKey, stripeWebhookSecret, stripeApiBase } = config.payments;
  if (stripeSecretKey) {
    return new StripePaymentProvider({
      secretKey: stripeSecretKey,
      webhookSecret: stripeWebhookSecret,
      apiBase: stripeApiBase,
    });
  }
  return new LocalPaymentProvider(db, clock);
}
