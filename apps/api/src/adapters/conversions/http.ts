import { isRetryableStatus } from '../http-retry';
import type { DeliveryOutcome } from './ports';

export interface HttpOptions {
  readonly fetcher: typeof fetch;
  readonly timeoutMs: number;
}

/**
 * One JSON POST to a platform, sorted into an outcome: 2xx delivered; 429, 5xx and no answer (timeouts
 * included) retryable; any other status a refusal. The platform's own message goes into `reason` for the log.
 */
export async function postJson(
  options: HttpOptions,
  url: string,
  headers: Readonly<Record<string, string>>,
  body: unknown,
): Promise<DeliveryOutcome & { readonly body?: unknown }> {
  let response: Response;
  try {
    response = await options.fetcher(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(options.timeoutMs),
    });
  } catch (error) {
    return { ok: false, retryable: true, reason: `no answer (${(error as Error).message})` };
  }
  const text = await response.text().catch(() => '');
  const parsed = parseJson(text);
  if (response.ok) return { ok: true, body: parsed };
  return {
    ok: false,
    retryable: isRetryableStatus(response.status),
    reason: `HTTP ${response.status}: ${text.slice(0, 500) || response.statusText}`,
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Unix seconds, as Meta, TikTok, Snapchat and Pinterest take `event_time`. */
export function unixSeconds(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}

/** Cents back to the platforms' decimal amounts. */
export function decimalValue(valueCents: number | null): number | undefined {
  return valueCents === null ? undefined : valueCents / 100;
}

/** Drops undefined fields, so a platform never sees `"fbc": null` for a value we do not have. */
export function defined<T extends Record<string, unknown>>(object: T): Partial<T> {
  return Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined)) as Partial<T>;
}
