import { fakeLogger } from '../test-fakes';
import type { AnalyticsClient } from './analytics-client';
import { deferredAnalytics, type LoadAnalytics } from './deferred-analytics';

function recordingClient(): AnalyticsClient & { views: string[] } {
  const views: string[] = [];
  return {
    views,
    setUserId: () => Promise.resolve(undefined),
    setUserProperties: () => Promise.resolve(undefined),
    logEvent: () => Promise.resolve(undefined),
    pageView: (path) => {
      views.push(path);
      return Promise.resolve();
    },
  };
}

/** A loader whose client the test hands over by hand. */
function manualLoad() {
  let arrive = (_client: AnalyticsClient) => undefined as void;
  const load = jest.fn<ReturnType<LoadAnalytics>, Parameters<LoadAnalytics>>(
    () => new Promise((resolve) => (arrive = resolve)),
  );
  return { load, arrive: (client: AnalyticsClient) => arrive(client) };
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('deferredAnalytics: the analytics code in a chunk of its own, within the 5 s rule (docs/product.md#attribution-ab-tests-and-analytics)', () => {
  it('starts loading at once, with the key, the device id and the logger', () => {
    const { load } = manualLoad();
    const logger = fakeLogger();
    deferredAnalytics({ apiKey: 'key', deviceId: 'device', logger, load });
    expect(load).toHaveBeenCalledTimes(1);
    expect(load).toHaveBeenCalledWith({ apiKey: 'key', deviceId: 'device', logger });
  });

  it('sends a call made while the code loads once it is in, within 5 s', async () => {
    const sdk = recordingClient();
    const { load, arrive } = manualLoad();
    const analytics = deferredAnalytics({ apiKey: 'key', deviceId: 'device', logger: fakeLogger(), load });
    const view = analytics.pageView('/pricing');
    await jest.advanceTimersByTimeAsync(4_000);
    arrive(sdk);
    await view;
    expect(sdk.views).toEqual(['/pricing']);
  });

  it('sends the calls made while the code loads in the order they were made', async () => {
    const sdk = recordingClient();
    const { load, arrive } = manualLoad();
    const analytics = deferredAnalytics({ apiKey: 'key', deviceId: 'device', logger: fakeLogger(), load });
    const views = [analytics.pageView('/'), analytics.pageView('/pricing'), analytics.pageView('/chat')];
    arrive(sdk);
    await Promise.all(views);
    expect(sdk.views).toEqual(['/', '/pricing', '/chat']);
  });

  it('skips a call still waiting after 5 s, and sends the later ones once the code is in', async () => {
    const sdk = recordingClient();
    const log = fakeLogger();
    const { load, arrive } = manualLoad();
    const analytics = deferredAnalytics({ apiKey: 'key', deviceId: 'device', logger: log, load });
    const late = analytics.pageView('/chat');
    await jest.advanceTimersByTimeAsync(5_000);
    await late;
    expect(log.warn).toHaveBeenCalledWith('analytics: page_view skipped, analytics is not initialised');
    arrive(sdk);
    await analytics.pageView('/account');
    expect(sdk.views).toEqual(['/account']);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('skips every call when the code cannot be loaded', async () => {
    const log = fakeLogger();
    const analytics = deferredAnalytics({
      apiKey: 'key',
      deviceId: 'device',
      logger: log,
      load: () => Promise.reject(new Error('offline')),
    });
    await expect(analytics.pageView('/')).resolves.toBeUndefined();
    expect(log.error).toHaveBeenCalledWith(
      'analytics: the analytics code could not be loaded; events are skipped',
      expect.any(Error),
    );
  });

  it('skips every call when the loader throws before it has a promise', async () => {
    const log = fakeLogger();
    const analytics = deferredAnalytics({
      apiKey: 'key',
      deviceId: 'device',
      logger: log,
      load: () => {
        throw new Error('no analytics on this platform');
      },
    });
    await expect(analytics.logEvent('chat_opened')).resolves.toBeUndefined();
    expect(log.error).toHaveBeenCalledWith(
      'analytics: the analytics code could not be loaded; events are skipped',
      expect.any(Error),
    );
  });
});

describe('deferredAnalytics without an analytics id (docs/product.md#runtime-configuration)', () => {
  it.each([undefined, null, ''])(
    'loads nothing with key %p, answers at once and logs one info line',
    async (apiKey) => {
      const { load } = manualLoad();
      const log = fakeLogger();
      const analytics = deferredAnalytics({ apiKey, deviceId: 'device', logger: log, load });
      const sent = jest.fn();
      void analytics.pageView('/plans').then(sent);
      await Promise.resolve();
      expect(sent).toHaveBeenCalled();
      expect(load).not.toHaveBeenCalled();
      expect(log.info).toHaveBeenCalledWith(
        'analytics: no analytics id is configured, so no analytics events are sent',
      );
      expect(log.warn).not.toHaveBeenCalled();
    },
  );
});
