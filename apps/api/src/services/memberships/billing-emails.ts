import type { EmailMessage } from '../../adapters/messaging/ports';
import { longDate } from './dates';
import { formatAmount } from './money';

/** The receipt of one payment (every payment e-mails a receipt: docs/decisions.md#money-at-checkout). */
export function receiptEmail(
  to: string,
  payment: { id: number; amountCents: number; currency: string; description: string; paidAt: Date },
): EmailMessage {
  const amount = formatAmount(payment.amountCents, payment.currency);
  return {
    to,
    subject: `Your receipt: ${amount} for ${payment.description}`,
    text: [
      'Thank you for your payment.',
      '',
      `Amount: ${amount}`,
      `Plan: ${payment.description}`,
      `Date: ${longDate(payment.paidAt)}`,
      `Receipt number: ${payment.id}`,
      '',
      "Every payment is listed in your account's billing section.",
    ].join('\n'),
  };
}

/** Three days before a trial converts: what will be charged, when, and that cancelling stops it. */
export function trialReminderEmail(
  to: string,
  trial: { planName: string; amountCents: number; currency: string; convertsAt: Date },
): EmailMessage {
  const amount = formatAmount(trial.amountCents, trial.currency);
  const date = longDate(trial.convertsAt);
  return {
    to,
    subject: `Your free trial ends on ${date}`,
    text: [
      `Your free trial of ${trial.planName} ends on ${date}.`,
      '',
      `You will be charged ${amount} on ${date} unless you cancel.`,
      "To cancel, open your account's billing section before then; your plan stays active until the trial ends.",
    ].join('\n'),
  };
}
