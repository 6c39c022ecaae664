import type { AnalyticsClient } from '@wingmate/tracking';
import { deferredAnalytics } from './deferred-analytics';

const logger = () => ({ info: jest.fn(), warn: jest.fn(), error: jest.fn() });

function recordingClient(): AnalyticsClient & { views: string[] } {
  const views: string[] = [];
  return {
    views,
    setUserId: async () => undefined,
    setUserProperties: async () => undefined,
    logEvent: async () => undefined,
    pageView: async (path) => void views.push(path),
  };
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('deferredAnalytics: the analytics code in a chunk of its own, within the 5 s rule (docs/product.md, "Attribution, A/B tests and analytics")', () => {
  it('sends a call made while the code loads once it is in, within 5 s', async () => {
    const sdk = recordingClient();
    let arrive = (_client: AnalyticsClient) => undefined as void;
    const analytics = deferredAnalytics('key', 'device', logger(), () => new Promise((r) => (arrive = r)));
    const view = analytics.pageView('/pricing');
    await jest.advanceTimersByTimeAsync(4_000);
    arrive(sdk);
    await view;
    expect(sdk.views).toEqual(['/pricing']);
  });

  it('skips a call still waiting after 5 s, and sends the later ones once the code is in', async () => {
    const sdk = recordingClient();
    const log = logger();
    let arrive = (_client: AnalyticsClient) => undefined as void;
    const analytics = deferredAnalytics('key', 'device', log, () => new Promise((r) => (arrive = r)));
    const late = analytics.pageView('/chat');
    await jest.advanceTimersByTimeAsync(5_000);
    await late;
    expect(log.warn).toHaveBeenCalledWith('analytics: page_view skipped, analytics is not initialised');
    arrive(sdk);
    await analytics.pageView('/account');
    expect(sdk.views).toEqual(['/account']);
  });

  it('skips every call when the code cannot be loaded', async () => {
    const log = logger();
    const analytics = deferredAnalytics('key', 'device', log, () => Promise.reject(new Error('offline')));
    await expect(analytics.pageView('/')).resolves.toBeUndefined();
    expect(log.error).toHaveBeenCalledWith(
      'analytics: the analytics code could not be loaded; events are skipped',
      expect.any(Error),
    );
  });
});
