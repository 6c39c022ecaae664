import type { Clock } from '@wingmate/runtime';
import type { FastifyBaseLogger } from 'fastify';
import type { PaymentProvider } from '../adapters/payments/ports';
import type { AppDatabase } from '../db/database';
import { runLocalRenewals } from '../services/memberships/renewals';
import type { BillingMail } from './billing-mail';

export interface RenewalJobOptions {
  readonly db: AppDatabase;
  readonly provider: PaymentProvider;
  readonly clock: Clock;
  readonly billingMail: BillingMail;
  readonly log: FastifyBaseLogger;
}

/**
 * The renewal job. The embedded provider's subscriptions whose period is over are renewed or ended here; Stripe
 * renews its own and says so by webhook, so with Stripe the interval only sends billing mail. Either way a run
 * kicks billing mail: renewals make receipts, and a day's passing brings trials into their reminder window.
 */
export class RenewalJob {
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly options: RenewalJobOptions) {}

  /** One run now (tests call it through `app.runRenewals`, the interval calls it with the local provider). */
  async runOnce(): Promise<void> {
    const { db, provider, clock, billingMail, log } = this.options;
    if (provider.name === 'local') await runLocalRenewals(db, provider, clock, log);
    billingMail.kick();
  }

  /** Runs on an interval from now on; a failed run is logged and the next one tries again. */
  start(intervalMs: number): void {
    const { provider, billingMail, log } = this.options;
    if (provider.name === 'stripe') {
      billingMail.start(intervalMs);
      return;
    }
    if (provider.name !== 'local') return;
    this.timer = setInterval(
      () => void this.runOnce().catch((error: unknown) => log.error({ err: error }, 'renewals failed')),
      intervalMs,
    );
    this.timer.unref();
  }

  /** Stops the interval; a run in flight finishes on its own. */
  stop(): void {
    if (this.timer) clearInterval(this.timer);
  }
}
