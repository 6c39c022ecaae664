import {
  buildFacebookEvent,
  buildGoogleAdsConversion,
  buildPinterestEvent,
  buildSnapchatEvent,
  buildTiktokEvent,
  type ConversionEvent,
} from './conversion-bodies';

const purchase: ConversionEvent = {
  eventId: '3b241101-e2bb-4255-8caf-4136c566a962',
  name: 'Purchase',
  money: { value: 19.99, currency: 'USD' },
  occurredAtMs: 1_715_938_200_750,
  userAgent: 'Mozilla/5.0 (iPhone)',
  sourceUrl: 'https://wingmate.app/plans',
  uid: 'visitor-1',
  params: {
    ttclid: 'E.C.P',
    sccid: 'Snap-1',
    pinterestid: 'dj0y',
    gclid: 'Cj0K',
    gbraid: 'GB1',
    wbraid: 'WB1',
  },
  fbc: 'fb.1.1715938000000.IwAR0',
};

const shared = {
  event_id: purchase.eventId,
  event_name: 'Purchase',
  event_time: 1_715_938_200,
  action_source: 'website',
  client_user_agent: 'Mozilla/5.0 (iPhone)',
  event_source_url: 'https://wingmate.app/plans',
  fbc: 'fb.1.1715938000000.IwAR0',
  uid: 'visitor-1',
  value: 19.99,
  currency: 'USD',
};

describe('conversion bodies (docs/product.md#analytics-calls)', () => {
  it('builds the facebook event with the time in Unix seconds and action_source website', () => {
    expect(buildFacebookEvent(purchase)).toEqual(shared);
  });

  it('leaves out fbc, value and currency when there are none', () => {
    const body = buildFacebookEvent({
      ...purchase,
      name: 'CompleteRegistration',
      money: undefined,
      fbc: null,
    });
    expect(body).not.toHaveProperty('fbc');
    expect(body).not.toHaveProperty('value');
    expect(body).not.toHaveProperty('currency');
  });

  it('builds the tiktok event as the same shape plus ttclid', () => {
    expect(buildTiktokEvent(purchase)).toEqual({ ...shared, ttclid: 'E.C.P' });
  });

  it('builds the snapchat event as the same shape plus event_conversion_type WEB and sccid', () => {
    expect(buildSnapchatEvent(purchase)).toEqual({
      ...shared,
      event_conversion_type: 'WEB',
      sccid: 'Snap-1',
    });
  });

  it('builds the pinterest event as the same shape plus pinterestid', () => {
    expect(buildPinterestEvent(purchase)).toEqual({ ...shared, pinterestid: 'dj0y' });
  });

  it('builds the google-ads conversion with conversion_id, gclid, gbraid and wbraid', () => {
    expect(buildGoogleAdsConversion(purchase)).toEqual({
      event_id: purchase.eventId,
      conversion_id: 'Purchase',
      gclid: 'Cj0K',
      gbraid: 'GB1',
      wbraid: 'WB1',
      uid: 'visitor-1',
      value: 19.99,
      currency: 'USD',
      event_time: 1_715_938_200,
    });
  });

  it.each([
    ['tiktok', buildTiktokEvent],
    ['snapchat', buildSnapchatEvent],
    ['pinterest', buildPinterestEvent],
    ['google-ads', buildGoogleAdsConversion],
  ])('builds no %s body without its click id', (_platform, build) => {
    expect(build({ ...purchase, params: {} })).toBeNull();
  });
});
