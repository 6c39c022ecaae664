import type { Clock } from '@wingmate/runtime';
import type { FastifyBaseLogger } from 'fastify';
import type { PaymentProvider } from '../adapters/payments/ports';
import type { AppDatabase } from '../db/database';
import type { BillingMail } from './billing-mail';
import { RenewalJob } from './renewals';

const INTERVAL = 10 * 60 * 1000;
const clock: Clock = { now: () => Date.UTC(2026, 2, 1) };

/** A database with no subscription due: the renewal query answers no rows. */
const nothingDue = {
  select: () => ({ from: () => ({ innerJoin: () => ({ where: () => Promise.resolve([]) }) }) }),
} as unknown as AppDatabase;

/** A database that cannot be reached. */
const unreachable = {
  select: () => {
    throw new Error('connection refused');
  },
} as unknown as AppDatabase;

function jobWith(providerName: 'local' | 'stripe', db: AppDatabase) {
  const billingMail = { kick: jest.fn(), start: jest.fn() };
  const log = { error: jest.fn() };
  const job = new RenewalJob({
    db,
    provider: { name: providerName } as PaymentProvider,
    clock,
    billingMail: billingMail as unknown as BillingMail,
    log: log as unknown as FastifyBaseLogger,
  });
  return { job, billingMail, log };
}

/** Lets the promises of a run started by a timer settle. */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('the renewal job (renewals, receipts and trial reminders: docs/decisions.md#money-at-checkout)', () => {
  // setImmediate stays real: `settle` waits on it for a run's promises.
  beforeEach(() => jest.useFakeTimers({ doNotFake: ['setImmediate'] }));
  afterEach(() => jest.useRealTimers());

  it('with the local provider, runs the renewals at each interval and then kicks billing mail', async () => {
    const { job, billingMail } = jobWith('local', nothingDue);
    job.start(INTERVAL);
    jest.advanceTimersByTime(INTERVAL - 1);
    await settle();
    expect(billingMail.kick).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    await settle();
    expect(billingMail.kick).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(INTERVAL);
    await settle();
    expect(billingMail.kick).toHaveBeenCalledTimes(2);
    job.stop();
  });

  it('logs a failed run and tries again at the next interval', async () => {
    const { job, billingMail, log } = jobWith('local', unreachable);
    job.start(INTERVAL);
    jest.advanceTimersByTime(INTERVAL);
    await settle();
    expect(log.error).toHaveBeenCalledWith({ err: expect.any(Error) }, 'renewals failed');
    expect(billingMail.kick).not.toHaveBeenCalled();
    jest.advanceTimersByTime(INTERVAL);
    await settle();
    expect(log.error).toHaveBeenCalledTimes(2);
    job.stop();
  });

  it('with Stripe, which renews its own, the interval only sends billing mail', async () => {
    const { job, billingMail } = jobWith('stripe', unreachable);
    job.start(INTERVAL);
    expect(billingMail.start).toHaveBeenCalledWith(INTERVAL);
    jest.advanceTimersByTime(INTERVAL * 3);
    await settle();
    expect(billingMail.kick).not.toHaveBeenCalled();
    await job.runOnce();
    expect(billingMail.kick).toHaveBeenCalledTimes(1);
  });

  it('runs no more once stopped', async () => {
    const { job, billingMail } = jobWith('local', nothingDue);
    job.start(INTERVAL);
    job.stop();
    jest.advanceTimersByTime(INTERVAL * 3);
    await settle();
    expect(billingMail.kick).not.toHaveBeenCalled();
  });
});
