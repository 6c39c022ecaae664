import type { PaymentPage } from '@wingmate/api-contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { MessageOutbox } from '../adapters/messaging/outbox';
import type { EmailMessage, EmailSender } from '../adapters/messaging/ports';
import { payments } from '../db/schema';
import { buy, get, post, member } from '../testing/memberships';
import { bearer, signUpByPhone, testClock } from '../testing/sign-in';
import { describeEachDatabase } from '../testing/test-app';
import { BillingMail, MAX_RECEIPT_ATTEMPTS } from './billing-mail';

const HOUR = 3600 * 1000;
const DAY = 24 * HOUR;
const clock = testClock(Date.UTC(2026, 2, 1, 9));

const emailsTo = (app: FastifyInstance, address: string) =>
  new MessageOutbox(app.database.db).list(address, 'email');

const silentLog = { warn: () => undefined, error: () => undefined };

describeEachDatabase(
  'billing e-mails (receipts and the trial reminder: docs/decisions.md#money-at-checkout)',
  (getApp) => {
    describe('receipts', () => {
      it('e-mails a receipt of each confirmed payment to the verified address and marks it sent', async () => {
        const user = await member(getApp());
        await buy(getApp(), 'metered-200', 'pm_card_visa', user);
        await getApp().billingMail.runOnce();
        const [receipt] = await emailsTo(getApp(), user.email);
        expect(receipt?.subject).toBe('Your receipt: $29.99 for 200 messages');
        expect(receipt?.body).toContain('Amount: $29.99');
        expect(receipt?.body).toContain('Plan: 200 messages');
        expect(receipt?.body).toContain('Date: March 1, 2026');
        const history = (await get(getApp(), 'payments/', user.headers)).json<PaymentPage>();
        expect(history.results[0]?.receipt_sent).toBe(true);
      });

      it('sends each receipt once, however often the job runs', async () => {
        const user = await member(getApp());
        await buy(getApp(), 'metered-50', 'pm_card_visa', user);
        await getApp().billingMail.runOnce();
        await getApp().billingMail.runOnce();
        const receipts = (await emailsTo(getApp(), user.email)).filter((mail) =>
          mail.subject?.startsWith('Your receipt'),
        );
        expect(receipts).toHaveLength(1);
      });

      it('sends nothing to a member with no verified address, and says no receipt was sent', async () => {
        // A member by phone, whose account has no e-mail address.
        const tokens = await signUpByPhone(getApp());
        const { headers, userId } = await buy(getApp(), 'metered-50', 'pm_card_visa', {
          headers: bearer(tokens),
          userId: tokens.user.pk,
        });
        await getApp().billingMail.runOnce();
        const [row] = await getApp().database.db.select().from(payments).where(eq(payments.userId, userId));
        expect(row?.receipt).toBe('no_address');
        const history = (await get(getApp(), 'payments/', headers)).json<PaymentPage>();
        expect(history.results[0]?.receipt_sent).toBe(false);
      });

      it('tries a receipt again later when the mail server fails, then gives up after the last try', async () => {
        const user = await member(getApp());
        await buy(getApp(), 'metered-50', 'pm_card_visa', user);
        await getApp().billingMail.runOnce();
        await getApp()
          .database.db.update(payments)
          .set({ receipt: 'pending', receiptAttempts: 0 })
          .where(eq(payments.userId, user.userId));
        const failing: EmailSender = {
          name: 'failing',
          send: async () => Promise.reject(new Error('SMTP down')),
        };
        const ownClock = testClock(clock.now());
        const job = new BillingMail(getApp().database.db, failing, ownClock, silentLog);
        expect(await job.runOnce()).toMatchObject({ receiptsFailed: 1 });
        expect(await job.runOnce()).toMatchObject({ receiptsFailed: 0 });
        for (let attempt = 2; attempt <= MAX_RECEIPT_ATTEMPTS; attempt++) {
          ownClock.advance(DAY);
          expect(await job.runOnce()).toMatchObject({ receiptsFailed: 1 });
        }
        const [row] = await getApp()
          .database.db.select()
          .from(payments)
          .where(eq(payments.userId, user.userId));
        expect(row).toMatchObject({ receipt: 'failed', receiptAttempts: MAX_RECEIPT_ATTEMPTS });
      });
    });

    describe('the trial reminder, three days before a trial converts', () => {
      it('sends one reminder with the price and the date, and only inside the three days', async () => {
        const user = await member(getApp());
        const { userPlan } = await buy(getApp(), 'standard-month-1-trial', 'pm_card_discover', user);
        const reminders = async () =>
          (await emailsTo(getApp(), user.email)).filter((mail) =>
            mail.subject?.startsWith('Your free trial'),
          );
        await getApp().billingMail.runOnce();
        expect(await reminders()).toHaveLength(0);
        clock.advance(4 * DAY + HOUR);
        await getApp().billingMail.runOnce();
        await getApp().billingMail.runOnce();
        const sent = await reminders();
        expect(sent).toHaveLength(1);
        expect(sent[0]?.subject).toBe('Your free trial ends on March 8, 2026');
        expect(sent[0]?.body).toContain('You will be charged $19.99 on March 8, 2026 unless you cancel.');
        expect(userPlan.current_period_end).toBe(new Date(Date.UTC(2026, 2, 8, 9)).toISOString());
        clock.advance(-(4 * DAY + HOUR));
      });

      it('sends no reminder for a trial already canceled', async () => {
        const user = await member(getApp());
        const { userPlan } = await buy(getApp(), 'standard-month-1-trial', 'pm_card_jcb', user);
        await post(getApp(), `user_plans/${userPlan.id}/cancel/`, user.headers);
        clock.advance(5 * DAY);
        await getApp().billingMail.runOnce();
        clock.advance(-5 * DAY);
        const mails = await emailsTo(getApp(), user.email);
        expect(mails.filter((mail) => mail.subject?.startsWith('Your free trial'))).toHaveLength(0);
      });

      it('tries a reminder again on the next run when the mail server failed', async () => {
        const user = await member(getApp());
        await buy(getApp(), 'standard-month-1-trial', 'pm_card_diners', user);
        const sent: EmailMessage[] = [];
        let fail = true;
        const flaky: EmailSender = {
          name: 'flaky',
          send: (message) => {
            if (fail) return Promise.reject(new Error('SMTP down'));
            sent.push(message);
            return Promise.resolve();
          },
        };
        const ownClock = testClock(clock.now() + 5 * DAY);
        const job = new BillingMail(getApp().database.db, flaky, ownClock, silentLog);
        expect((await job.runOnce()).remindersSent).toBe(0);
        fail = false;
        expect((await job.runOnce()).remindersSent).toBeGreaterThanOrEqual(1);
        expect(
          sent.some((mail) => mail.to === user.email && mail.subject.startsWith('Your free trial')),
        ).toBe(true);
      });
    });
  },
  {},
  { clock },
);
