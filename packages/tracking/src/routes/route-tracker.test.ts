import { createRouteTracker } from './route-tracker';
import type { RouteFlag } from './route-flag';

/** The A/B engine's route flag, set by the test. */
function fakeRouteFlag(complete: boolean) {
  const listeners = new Set<() => void>();
  const flag: RouteFlag & { set(value: boolean): void; listenerCount(): number } = {
    isRouteFlagComplete: () => complete,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    set: (value) => {
      complete = value;
      listeners.forEach((listener) => listener());
    },
    listenerCount: () => listeners.size,
  };
  return flag;
}

function setup(flagComplete: boolean) {
  const routeFlag = fakeRouteFlag(flagComplete);
  const attribution = { capture: jest.fn() };
  const analytics = { pageView: jest.fn().mockResolvedValue(undefined) };
  const tracker = createRouteTracker({ attribution, analytics, routeFlag });
  return { routeFlag, attribution, analytics, tracker };
}

describe('route changes (docs/product.md#every-page)', () => {
  it('re-reads the tracking parameters of every new address', () => {
    const { tracker, attribution } = setup(true);
    tracker.onRouteChange('https://wingmate.app/?utm_source=google');
    tracker.onRouteChange('https://wingmate.app/plans?gclid=G1');
    expect(attribution.capture.mock.calls).toEqual([
      ['https://wingmate.app/?utm_source=google'],
      ['https://wingmate.app/plans?gclid=G1'],
    ]);
  });

  it('sends page_view with the path when the A/B route flag is complete', () => {
    const { tracker, analytics } = setup(true);
    tracker.onRouteChange('https://wingmate.app/plans?utm_source=google#top');
    expect(analytics.pageView).toHaveBeenCalledWith('/plans');
  });

  it('holds page_view back while the A/B route flag is in progress', () => {
    const { tracker, analytics } = setup(false);
    tracker.onRouteChange('https://wingmate.app/plans');
    expect(analytics.pageView).not.toHaveBeenCalled();
  });

  it('releases a held page_view once the A/B route flag reads complete', () => {
    const { tracker, analytics, routeFlag } = setup(false);
    tracker.onRouteChange('https://wingmate.app/plans');
    routeFlag.set(false);
    expect(analytics.pageView).not.toHaveBeenCalled();
    routeFlag.set(true);
    expect(analytics.pageView).toHaveBeenCalledWith('/plans');
  });

  it('releases every held page_view, in order, and each only once', () => {
    const { tracker, analytics, routeFlag } = setup(false);
    tracker.onRouteChange('/plans');
    tracker.onRouteChange('/chat');
    routeFlag.set(true);
    routeFlag.set(true);
    expect(analytics.pageView.mock.calls).toEqual([['/plans'], ['/chat']]);
  });

  it('sends page_view on the root path at once, even while the flag is in progress', () => {
    const { tracker, analytics } = setup(false);
    tracker.onRouteChange('https://wingmate.app/?utm_source=google');
    expect(analytics.pageView).toHaveBeenCalledWith('/');
  });

  it('stops listening to the route flag when disposed', () => {
    const { tracker, routeFlag } = setup(false);
    tracker.dispose();
    expect(routeFlag.listenerCount()).toBe(0);
  });
});
