import { gunzipSync } from 'node:zlib';
import type { BrowserContext, Request } from 'playwright-core';

/** One event as Amplitude's HTTP API receives it (the fields the tests read). */
export interface AnalyticsEvent {
  event_type: string;
  device_id?: string;
  user_id?: string;
  event_properties?: Record<string, unknown>;
  /** On `$identify` events: the user properties, as `{$set: {...}}`. */
  user_properties?: Record<string, Record<string, unknown>>;
}

export interface FakeAnalytics {
  /** Every event the page sent, in the order Amplitude received them. */
  readonly events: AnalyticsEvent[];
  /** The `path` of each page_view received so far. */
  pageViews(): string[];
  /** The user properties set so far, merged in the order received, as Amplitude keeps them. */
  userProperties(): Record<string, unknown>;
}

/** An upload's JSON, which the SDK gzips (`Content-Encoding: gzip`) where the browser can. */
async function uploadBody(request: Request): Promise<{ events?: AnalyticsEvent[] }> {
  const raw = request.postDataBuffer() ?? Buffer.alloc(0);
  const gzipped = (await request.headerValue('content-encoding')) === 'gzip';
  return JSON.parse((gzipped ? gunzipSync(raw) : raw).toString('utf8')) as { events?: AnalyticsEvent[] };
}

/**
 * Amplitude's servers, faked for one browser context: event uploads (`api2.amplitude.com/2/httpapi`) are recorded
 * and answered as Amplitude does; every other Amplitude host (remote configuration, diagnostics) answers an empty
 * success, so the page runs offline exactly as with the real service.
 */
export async function fakeAnalytics(context: BrowserContext): Promise<FakeAnalytics> {
  const events: AnalyticsEvent[] = [];
  await context.route(/^https:\/\/[a-z0-9.-]*amplitude\.com\//, async (route) => {
    const request = route.request();
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/2/httpapi') {
      const body = await uploadBody(request);
      events.push(...(body.events ?? []));
      return route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({ code: 200, events_ingested: body.events?.length ?? 0 }),
      });
    }
    return route.fulfill({ contentType: 'application/json', body: '{}' });
  });
  return {
    events,
    pageViews: () =>
      events
        .filter((event) => event.event_type === 'page_view')
        .map((event) => String(event.event_properties?.['path'])),
    userProperties: () =>
      Object.assign(
        {},
        ...events
          .filter((event) => event.event_type === '$identify')
          .map((event) => event.user_properties?.['$set'] ?? {}),
      ) as Record<string, unknown>,
  };
}
