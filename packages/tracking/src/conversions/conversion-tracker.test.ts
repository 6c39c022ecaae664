import { memoryStorage, storedVisitorId } from '@wingmate/core-sdk';
import { validate as isUuid, version as uuidVersion } from 'uuid';
import { createAttributionStore } from '../attribution/attribution-store';
import { fakeClock, fakeLogger } from '../test-fakes';
import type { ConversionApi } from './conversion-api';
import { createConversionTracker } from './conversion-tracker';

const allClickIds =
  'https://wingmate.app/?fbclid=IwAR0&ttclid=E.C.P&ScCid=Snap-1&epik=dj0y&gclid=Cj0K&utm_source=Google';

function fakeApi() {
  return {
    createUtmParams: jest.fn().mockResolvedValue({}),
    createFacebookEvent: jest.fn().mockResolvedValue({}),
    createTiktokEvent: jest.fn().mockResolvedValue({}),
    createSnapchatEvent: jest.fn().mockResolvedValue({}),
    createPinterestEvent: jest.fn().mockResolvedValue({}),
    createGoogleAdsConversion: jest.fn().mockResolvedValue({}),
  } satisfies ConversionApi;
}

function setup(landingUrl: string) {
  const storage = memoryStorage({ uid: 'visitor-1' });
  const clock = fakeClock(1_715_938_200_000);
  const logger = fakeLogger();
  const attribution = createAttributionStore({ storage, cookies: memoryStorage(), clock, logger });
  attribution.capture(landingUrl);
  const api = fakeApi();
  const trackConversion = createConversionTracker({
    api,
    attribution,
    visitorId: storedVisitorId(storage),
    userAgent: () => 'Mozilla/5.0 (iPhone)',
    location: () => 'https://wingmate.app/checkout',
    clock,
    logger,
  });
  return { api, trackConversion, logger };
}

const firstBody = (mock: jest.Mock) => (mock.mock.calls as [{ event_id?: string }][])[0]![0];

describe('trackConversion (docs/decisions.md#tracking-packagestracking)', () => {
  it('sends to Meta only when the visitor carries no click id', async () => {
    const { api, trackConversion } = setup('https://wingmate.app/');
    const result = await trackConversion('CompleteRegistration');
    expect(result.platforms).toEqual(['facebook']);
    expect(api.createFacebookEvent).toHaveBeenCalledTimes(1);
    expect(api.createTiktokEvent).not.toHaveBeenCalled();
    expect(api.createGoogleAdsConversion).not.toHaveBeenCalled();
  });

  it('sends to every platform whose click id the visitor carries', async () => {
    const { trackConversion } = setup(allClickIds);
    const result = await trackConversion('StartTrial');
    expect(result.platforms).toEqual(['facebook', 'tiktok', 'snapchat', 'pinterest', 'google-ads']);
  });

  it('gives every platform the same event_id, a UUID v4', async () => {
    const { api, trackConversion } = setup(allClickIds);
    const { eventId } = await trackConversion('StartTrial');
    expect(isUuid(eventId) && uuidVersion(eventId)).toBe(4);
    const ids = [
      firstBody(api.createFacebookEvent).event_id,
      firstBody(api.createTiktokEvent).event_id,
      firstBody(api.createSnapchatEvent).event_id,
      firstBody(api.createPinterestEvent).event_id,
      firstBody(api.createGoogleAdsConversion).event_id,
    ];
    expect(ids).toEqual(Array(5).fill(eventId));
  });

  it('gives each conversion its own event_id', async () => {
    const { trackConversion } = setup(allClickIds);
    const first = await trackConversion('CompleteRegistration');
    const second = await trackConversion('CompleteRegistration');
    expect(first.eventId).not.toBe(second.eventId);
  });

  it('sends a Purchase with its value and currency', async () => {
    const { api, trackConversion } = setup(allClickIds);
    await trackConversion('Purchase', { value: 29.99, currency: 'USD' });
    expect(firstBody(api.createFacebookEvent)).toMatchObject({
      event_name: 'Purchase',
      value: 29.99,
      currency: 'USD',
    });
    expect(firstBody(api.createGoogleAdsConversion)).toMatchObject({ value: 29.99, currency: 'USD' });
  });

  it('fills the Meta body from the visitor, the page and the kept click ids', async () => {
    const { api, trackConversion } = setup(allClickIds);
    await trackConversion('StartTrial');
    expect(firstBody(api.createFacebookEvent)).toMatchObject({
      event_time: 1_715_938_200,
      client_user_agent: 'Mozilla/5.0 (iPhone)',
      event_source_url: 'https://wingmate.app/checkout',
      fbc: 'fb.1.1715938200000.IwAR0',
      uid: 'visitor-1',
    });
    expect(firstBody(api.createSnapchatEvent)).toMatchObject({
      sccid: 'Snap-1',
      event_conversion_type: 'WEB',
    });
    expect(firstBody(api.createPinterestEvent)).toMatchObject({ pinterestid: 'dj0y' });
  });

  it('logs a failed post, ignores it, and still sends to the other platforms (docs/product.md#error-catalogue)', async () => {
    const { api, trackConversion, logger } = setup(allClickIds);
    api.createTiktokEvent.mockRejectedValue(new Error('502'));
    await expect(trackConversion('StartTrial')).resolves.toMatchObject({ platforms: expect.any(Array) });
    expect(logger.error).toHaveBeenCalledWith(
      'tracking: StartTrial conversion to tiktok failed',
      expect.any(Error),
    );
    expect(api.createGoogleAdsConversion).toHaveBeenCalledTimes(1);
  });
});
