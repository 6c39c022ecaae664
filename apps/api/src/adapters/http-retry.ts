/**
 * Whether an HTTP status is worth another try with backoff: throttled (429) or a server error (5xx). Any other
 * refusal is final, since the same request would be refused again.
 */
export function isRetryableStatus(status: number): boolean {
  return status === 429 || status >= 500;
}
