/** A date as people read it in e-mails and notices: "March 3, 2026" (UTC, the billing calendar). */
export function longDate(date: Date): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}
