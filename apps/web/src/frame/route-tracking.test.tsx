import { act, screen, waitFor } from '@testing-library/react';
import type { AnalyticsClient } from '@wingmate/tracking';
import { fakeClient, type FakeReply } from '../testing/fake-client';
import { renderFrame, servicesFor } from '../testing/render-frame';

/** An analytics client that records the page views it is asked to send. */
function recordingAnalytics() {
  const pageViews: string[] = [];
  const analytics: AnalyticsClient = {
    setUserId: async () => undefined,
    setUserProperties: async () => undefined,
    logEvent: async () => undefined,
    pageView: async (path) => void pageViews.push(path),
  };
  return { analytics, pageViews };
}

/** The A/B list answers only when released, so the route flag stays in progress until then. */
function heldAbList() {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const route = async (): Promise<FakeReply> => {
    await released;
    return { data: [] };
  };
  return { route, release };
}

describe('route changes (docs/product.md#every-page): page_view, tracking parameters and the A/B route flag', () => {
  it('sends page_view on / at once, without waiting for the A/B route flag', async () => {
    const ab = heldAbList();
    const { client } = fakeClient({ 'GET /api/v1/analytics/abtest/': ab.route });
    const { analytics, pageViews } = recordingAnalytics();
    const services = servicesFor(client, { analytics });
    renderFrame({ path: '/', services });
    await waitFor(() => expect(pageViews).toEqual(['/']));
    ab.release();
    // The assignments re-render the home page: waited for here, so React applies them inside the test.
    await waitFor(() => expect(services.abEngine.store.getState().routeFlag).toBe('complete'));
  });

  it('holds page_view on other routes until the A/B assignments have loaded and the flag completes', async () => {
    const ab = heldAbList();
    const { client } = fakeClient({ 'GET /api/v1/analytics/abtest/': ab.route });
    const { analytics, pageViews } = recordingAnalytics();
    const services = servicesFor(client, { analytics });
    renderFrame({ path: '/terms', services });
    await screen.findByRole('heading', { level: 1, name: 'Terms of service' });
    expect(services.abEngine.store.getState().routeFlag).toBe('in_progress');
    expect(pageViews).toEqual([]);
    ab.release();
    await waitFor(() => expect(pageViews).toEqual(['/terms']));
    expect(services.abEngine.store.getState().routeFlag).toBe('complete');
  });

  it('sends one page_view per route change, with the path only', async () => {
    const { client } = fakeClient({});
    const { analytics, pageViews } = recordingAnalytics();
    const { router } = renderFrame({ path: '/terms', services: servicesFor(client, { analytics }) });
    await waitFor(() => expect(pageViews).toEqual(['/terms']));
    await act(() => router.navigate('/privacy?utm_source=Newsletter#rights'));
    await waitFor(() => expect(pageViews).toEqual(['/terms', '/privacy']));
  });

  it('re-reads the tracking parameters on every route change and reports new ones', async () => {
    const { client, requests } = fakeClient({ 'POST /api/v1/analytics/utm-params/create/': { data: {} } });
    const services = servicesFor(client);
    const { router } = renderFrame({ path: '/terms', services });
    await screen.findByRole('heading', { level: 1, name: 'Terms of service' });
    expect(services.tracking.store.getState().attribution.params).toEqual({});
    await act(() => router.navigate('/privacy?utm_source=Newsletter&gclid=AbC'));
    await waitFor(() =>
      expect(services.tracking.store.getState().attribution.params).toEqual({
        utm_source: 'newsletter',
        gclid: 'AbC',
      }),
    );
    await waitFor(() =>
      expect(
        requests.filter((request) => request.path.includes('utm')).map((request) => request.body),
      ).toEqual([expect.objectContaining({ utm_source: 'newsletter', gclid: 'AbC' })]),
    );
  });
});
