import type { BillingPeriod } from '@wingmate/api-contract';

/** The end of `count` billing periods after `start`, in UTC calendar terms (a month from Jan 31 is Mar 3). */
export function addBillingPeriods(start: Date, period: BillingPeriod, count: number): Date {
  const end = new Date(start.getTime());
  if (period === 'WEEK') end.setUTCDate(end.getUTCDate() + 7 * count);
  else if (period === 'MONTH') end.setUTCMonth(end.getUTCMonth() + count);
  else end.setUTCFullYear(end.getUTCFullYear() + count);
  return end;
}

export function addDays(start: Date, days: number): Date {
  return new Date(start.getTime() + days * 24 * 60 * 60 * 1000);
}
