import { fakeLogger } from '../test-fakes';
import { createAnalyticsClient } from './analytics-client';
import type { AnalyticsSdk } from './analytics-sdk';

/** An analytics service whose initialisation the test finishes by hand. */
function fakeSdk() {
  let finishInit: () => void = () => {};
  let failInit: (error: Error) => void = () => {};
  const sdk = {
    init: jest.fn(
      () =>
        new Promise<void>((resolve, reject) => {
          finishInit = resolve;
          failInit = reject;
        }),
    ),
    setUserId: jest.fn(),
    setUserProperties: jest.fn(),
    track: jest.fn(),
  } satisfies AnalyticsSdk;
  return { sdk, finishInit: () => finishInit(), failInit: (error: Error) => failInit(error) };
}

function setup() {
  const fake = fakeSdk();
  const logger = fakeLogger();
  const client = createAnalyticsClient({ apiKey: 'amp-key', sdk: fake.sdk, deviceId: 'visitor-1', logger });
  /** Finishes initialisation and lets its promise settle. */
  const initialised = async () => {
    fake.finishInit();
    await jest.advanceTimersByTimeAsync(0);
  };
  return { ...fake, initialised, logger, client };
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('analytics client (docs/product.md#the-analytics-client)', () => {
  it('initialises once with the key and the uid as device id', async () => {
    const { sdk, initialised, client } = setup();
    await initialised();
    await client.logEvent('chat_opened');
    await client.pageView('/plans');
    expect(sdk.init).toHaveBeenCalledTimes(1);
    expect(sdk.init).toHaveBeenCalledWith('amp-key', { deviceId: 'visitor-1' });
  });

  it('sends a call made before initialisation once initialisation finishes, at the next 100 ms poll', async () => {
    const { sdk, finishInit, client } = setup();
    void client.logEvent('chat_opened', { source: 'landing' });
    await jest.advanceTimersByTimeAsync(230);
    finishInit();
    await jest.advanceTimersByTimeAsync(69);
    expect(sdk.track).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(1);
    expect(sdk.track).toHaveBeenCalledWith('chat_opened', { source: 'landing' });
  });

  it('still waits at 4,900 ms when initialisation has not finished (docs/product.md#the-analytics-client)', async () => {
    const { sdk, client, logger } = setup();
    void client.setUserId('user-7');
    await jest.advanceTimersByTimeAsync(4_900);
    expect(logger.warn).not.toHaveBeenCalled();
    expect(sdk.setUserId).not.toHaveBeenCalled();
  });

  it('skips a call, with a log, when initialisation has not finished after 5,000 ms (docs/product.md#the-analytics-client)', async () => {
    const { sdk, client, logger } = setup();
    const call = client.setUserId('user-7');
    await jest.advanceTimersByTimeAsync(5_000);
    await expect(call).resolves.toBeUndefined();
    expect(sdk.setUserId).not.toHaveBeenCalled();
    expect(logger.warn).toHaveBeenCalledWith('analytics: set user id skipped, analytics is not initialised');
  });

  it('sends a call at once when initialisation has finished', async () => {
    const { sdk, initialised, client } = setup();
    await initialised();
    await client.setUserProperties({ plan: 'premium' });
    expect(sdk.setUserProperties).toHaveBeenCalledWith({ plan: 'premium' });
  });

  it('sends page_view with the path', async () => {
    const { sdk, initialised, client } = setup();
    await initialised();
    await client.pageView('/plans');
    expect(sdk.track).toHaveBeenCalledWith('page_view', { path: '/plans' });
  });

  it('sets the user id', async () => {
    const { sdk, initialised, client } = setup();
    await initialised();
    await client.setUserId('user-7');
    expect(sdk.setUserId).toHaveBeenCalledWith('user-7');
  });

  it('logs a failing call and ignores it (docs/product.md#error-catalogue)', async () => {
    const { sdk, initialised, client, logger } = setup();
    sdk.track.mockImplementation(() => {
      throw new Error('blocked by an ad blocker');
    });
    await initialised();
    await expect(client.logEvent('chat_opened')).resolves.toBeUndefined();
    expect(logger.error).toHaveBeenCalledWith('analytics: event chat_opened failed', expect.any(Error));
  });

  it('logs a failed initialisation and then skips calls without waiting', async () => {
    const { sdk, failInit, client, logger } = setup();
    failInit(new Error('bad key'));
    await jest.advanceTimersByTimeAsync(0);
    await client.pageView('/');
    expect(logger.error).toHaveBeenCalledWith('analytics: initialisation failed', expect.any(Error));
    expect(logger.warn).toHaveBeenCalledWith('analytics: page_view skipped, analytics is not initialised');
    expect(sdk.track).not.toHaveBeenCalled();
  });
});

describe('analytics client without a key (analytics id from docs/product.md#runtime-configuration)', () => {
  it.each([undefined, null, ''])('stays silent with key %p, logging one info line', async (apiKey) => {
    const { sdk } = fakeSdk();
    const logger = fakeLogger();
    const client = createAnalyticsClient({ apiKey, sdk, logger });
    await client.setUserId('user-7');
    await client.setUserProperties({ plan: 'premium' });
    await client.logEvent('chat_opened');
    await client.pageView('/plans');
    expect(sdk.init).not.toHaveBeenCalled();
    expect(sdk.setUserId).not.toHaveBeenCalled();
    expect(sdk.setUserProperties).not.toHaveBeenCalled();
    expect(sdk.track).not.toHaveBeenCalled();
    expect(logger.info).toHaveBeenCalledTimes(1);
    expect(logger.warn).not.toHaveBeenCalled();
    expect(logger.error).not.toHaveBeenCalled();
  });

  it('answers at once, without waiting for a timer', async () => {
    const logger = fakeLogger();
    const client = createAnalyticsClient({ apiKey: undefined, sdk: fakeSdk().sdk, logger });
    const sent = jest.fn();
    void client.pageView('/plans').then(sent);
    await Promise.resolve();
    expect(sent).toHaveBeenCalled();
  });
});
