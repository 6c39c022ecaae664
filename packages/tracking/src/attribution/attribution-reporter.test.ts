import { analyticsDeviceId } from '../analytics/device-id';
import { memoryStorage, storedVisitorId } from '@wingmate/core-sdk';
import { fakeClock, fakeLogger } from '../test-fakes';
import { createAttributionReporter } from './attribution-reporter';
import { createAttributionStore } from './attribution-store';

const capturedAt = Date.UTC(2025, 4, 17, 9, 30, 0);

function setup(createUtmParams: jest.Mock = jest.fn().mockResolvedValue({})) {
  const storage = memoryStorage({ uid: 'visitor-1' });
  const clock = fakeClock(capturedAt);
  const logger = fakeLogger();
  const store = createAttributionStore({ storage, cookies: memoryStorage(), clock, logger });
  const reporter = createAttributionReporter({
    store,
    api: { createUtmParams },
    visitorId: storedVisitorId(storage),
    clock,
    logger,
  });
  return { reporter, createUtmParams, logger };
}

describe('utm-params create (docs/product.md#analytics-calls)', () => {
  it('posts uid, ctime as ISO time, the sent parameters and device_id (the hashed one, never the uid)', async () => {
    const { reporter, createUtmParams } = setup();
    await reporter.capture('https://wingmate.app/?UTM_Source=Google&ScCid=S1&epik=P1');
    expect(createUtmParams).toHaveBeenCalledWith({
      uid: 'visitor-1',
      ctime: '2025-05-17T09:30:00.000Z',
      device_id: analyticsDeviceId('visitor-1'),
      utm_source: 'google',
      sccid: 'S1',
      pinterestid: 'P1',
    });
  });

  it('posts once when the same address is read on repeated route changes', async () => {
    const { reporter, createUtmParams } = setup();
    await reporter.capture('/?utm_source=google');
    await reporter.capture('/?utm_source=google');
    await reporter.capture('/plans');
    expect(createUtmParams).toHaveBeenCalledTimes(1);
  });

  it('posts all kept parameters again when a new one arrives', async () => {
    const { reporter, createUtmParams } = setup();
    await reporter.capture('/?utm_source=google');
    await reporter.capture('/plans?gclid=G1');
    expect(createUtmParams).toHaveBeenLastCalledWith(
      expect.objectContaining({ utm_source: 'google', gclid: 'G1' }),
    );
  });

  it('posts nothing for an address without tracking parameters', async () => {
    const { reporter, createUtmParams } = setup();
    await reporter.capture('https://wingmate.app/chat');
    expect(createUtmParams).not.toHaveBeenCalled();
  });

  it('logs a failed post and ignores it (docs/product.md#error-catalogue)', async () => {
    const { reporter, logger } = setup(jest.fn().mockRejectedValue(new Error('offline')));
    await expect(reporter.capture('/?gclid=G1')).resolves.toBeUndefined();
    expect(logger.error).toHaveBeenCalledWith(
      'tracking: tracking parameters could not be reported',
      expect.any(Error),
    );
  });
});
