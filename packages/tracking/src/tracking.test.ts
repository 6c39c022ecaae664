import { memoryStorage, storedVisitorId } from '@wingmate/core-sdk';
import { createAnalyticsClient, type AnalyticsClient } from './analytics/analytics-client';
import type { AnalyticsSdk } from './analytics/analytics-sdk';
import type { LoadAnalytics } from './analytics/deferred-analytics';
import { analyticsDeviceId } from './analytics/device-id';
import type { ConversionApi } from './conversions/conversion-api';
import { fakeClock, fakeLogger } from './test-fakes';
import { createTracking } from './tracking';

function setup({
  analyticsKey = 'amp-key',
  analytics,
}: { analyticsKey?: string; analytics?: AnalyticsClient | LoadAnalytics } = {}) {
  const storage = memoryStorage();
  const visitorId = storedVisitorId(storage);
  const sdk = {
    init: jest.fn().mockResolvedValue(undefined),
    setUserId: jest.fn(),
    setUserProperties: jest.fn(),
    track: jest.fn(),
  } satisfies AnalyticsSdk;
  const api = {
    createUtmParams: jest.fn().mockResolvedValue({}),
    createFacebookEvent: jest.fn().mockResolvedValue({}),
    createTiktokEvent: jest.fn().mockResolvedValue({}),
    createSnapchatEvent: jest.fn().mockResolvedValue({}),
    createPinterestEvent: jest.fn().mockResolvedValue({}),
    createGoogleAdsConversion: jest.fn().mockResolvedValue({}),
  } satisfies ConversionApi;
  // The package's client on a fake service, as the default loader makes it on Amplitude's.
  const load = jest.fn<ReturnType<LoadAnalytics>, Parameters<LoadAnalytics>>((setup) =>
    Promise.resolve(createAnalyticsClient({ ...setup, sdk })),
  );
  const tracking = createTracking({
    analyticsKey,
    analytics: analytics ?? load,
    conversionApi: api,
    routeFlag: { isRouteFlagComplete: () => true, subscribe: () => () => {} },
    storage,
    visitorId,
    cookies: memoryStorage(),
    clock: fakeClock(1_715_938_200_000),
    logger: fakeLogger(),
    userAgent: () => 'Mozilla/5.0',
    location: () => 'https://wingmate.app/checkout',
  });
  return { tracking, visitorId, sdk, load, api };
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('createTracking (docs/product.md#tracking-parameters: one uid kept in browser storage)', () => {
  it("keeps the uid it is given, core-sdk's, as the visitor's", async () => {
    const { tracking, visitorId, api } = setup();
    expect(tracking.visitorId).toBe(visitorId);
    tracking.onRouteChange('https://wingmate.app/?utm_source=Google');
    await jest.advanceTimersByTimeAsync(0);
    expect(api.createUtmParams).toHaveBeenCalledWith(expect.objectContaining({ uid: visitorId.get() }));
  });

  it('gives analytics a one-way hash of the uid as the device id, never the uid (docs/decisions.md#the-sdk-surface-the-web-app-binds-to)', async () => {
    const { tracking, sdk } = setup();
    await jest.advanceTimersByTimeAsync(0);
    const uid = tracking.visitorId.get();
    expect(sdk.init).toHaveBeenCalledWith('amp-key', { deviceId: analyticsDeviceId(uid) });
    expect(JSON.stringify(sdk.init.mock.calls)).not.toContain(uid);
  });

  it('reports the parameters and sends page_view on a route change', async () => {
    const { tracking, sdk, api } = setup();
    tracking.onRouteChange('https://wingmate.app/plans?utm_source=Google&ttclid=E.C.P');
    // The call was made while analytics was still starting, so it goes at the next 100 ms poll.
    await jest.advanceTimersByTimeAsync(100);
    expect(api.createUtmParams).toHaveBeenCalledWith(
      expect.objectContaining({ utm_source: 'google', ttclid: 'E.C.P', uid: tracking.visitorId.get() }),
    );
    expect(sdk.track).toHaveBeenCalledWith('page_view', { path: '/plans' });
  });

  it('sends a conversion with the parameters kept from earlier route changes', async () => {
    const { tracking, api } = setup();
    tracking.onRouteChange('https://wingmate.app/?ttclid=E.C.P');
    tracking.onRouteChange('https://wingmate.app/signup');
    const result = await tracking.trackConversion('CompleteRegistration');
    expect(result.platforms).toEqual(['facebook', 'tiktok']);
    expect(api.createTiktokEvent).toHaveBeenCalledWith(expect.objectContaining({ ttclid: 'E.C.P' }));
  });
});

describe('the analytics client of createTracking (loaded in a chunk of its own: docs/architecture.md#the-web-app)', () => {
  it('loads it once, at creation, with the analytics id and the hashed device id', () => {
    const { tracking, load } = setup();
    expect(load).toHaveBeenCalledTimes(1);
    expect(load).toHaveBeenCalledWith(
      expect.objectContaining({ apiKey: 'amp-key', deviceId: analyticsDeviceId(tracking.visitorId.get()) }),
    );
  });

  it('sends a call made before the client is in once it is', async () => {
    const { tracking, sdk } = setup();
    const sent = tracking.analytics.logEvent('chat_opened');
    await jest.advanceTimersByTimeAsync(100);
    await sent;
    expect(sdk.track).toHaveBeenCalledWith('chat_opened', undefined);
  });

  it('loads nothing without an analytics id', async () => {
    const { tracking, load, sdk } = setup({ analyticsKey: '' });
    await tracking.analytics.pageView('/');
    expect(load).not.toHaveBeenCalled();
    expect(sdk.track).not.toHaveBeenCalled();
  });

  it('uses an injected client as it is', () => {
    const pageView = jest.fn(() => Promise.resolve(undefined));
    const injected: AnalyticsClient = {
      setUserId: jest.fn(() => Promise.resolve(undefined)),
      setUserProperties: jest.fn(() => Promise.resolve(undefined)),
      logEvent: jest.fn(() => Promise.resolve(undefined)),
      pageView,
    };
    const { tracking, load } = setup({ analyticsKey: '', analytics: injected });
    tracking.onRouteChange('https://wingmate.app/plans');
    expect(tracking.analytics).toBe(injected);
    expect(pageView).toHaveBeenCalledWith('/plans');
    expect(load).not.toHaveBeenCalled();
  });
});

describe('the tracking store (a zustand vanilla store the web binds with useStore)', () => {
  it('holds the kept parameters after a route change, and tells its subscribers', () => {
    const { tracking } = setup();
    const listener = jest.fn();
    tracking.store.subscribe(listener);
    tracking.onRouteChange('https://wingmate.app/?utm_source=Google');
    expect(tracking.store.getState().attribution.params).toEqual({ utm_source: 'google' });
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('stays silent on a route change that keeps nothing new', () => {
    const { tracking } = setup();
    tracking.onRouteChange('https://wingmate.app/?utm_source=Google');
    const listener = jest.fn();
    tracking.store.subscribe(listener);
    tracking.onRouteChange('https://wingmate.app/plans');
    expect(listener).not.toHaveBeenCalled();
  });

  it('holds the hashed device id', () => {
    const { tracking } = setup();
    expect(tracking.store.getState().deviceId).toBe(analyticsDeviceId(tracking.visitorId.get()));
  });
});
