import { memoryStorage, storedVisitorId } from '@wingmate/core-sdk';
import type { AnalyticsSdk } from './analytics/analytics-sdk';
import { analyticsDeviceId } from './analytics/device-id';
import type { ConversionApi } from './conversions/conversion-api';
import { fakeClock, fakeLogger } from './test-fakes';
import { createTracking } from './tracking';

function setup() {
  const storage = memoryStorage();
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
  const tracking = createTracking({
    analyticsKey: 'amp-key',
    analyticsSdk: sdk,
    conversionApi: api,
    routeFlag: { isRouteFlagComplete: () => true, subscribe: () => () => {} },
    storage,
    cookies: memoryStorage(),
    clock: fakeClock(1_715_938_200_000),
    logger: fakeLogger(),
    userAgent: () => 'Mozilla/5.0',
    location: () => 'https://wingmate.app/checkout',
  });
  return { tracking, storage, sdk, api };
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('createTracking (spec 3: one uid kept in browser storage)', () => {
  it('keeps one uid under the key core-sdk reads', () => {
    const { tracking, storage } = setup();
    expect(storedVisitorId(storage).get()).toBe(tracking.visitorId.get());
  });

  it('gives analytics a one-way hash of the uid as the device id, never the uid (decisions.md)', () => {
    const { tracking, sdk } = setup();
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
