import type * as Amplitude from '@amplitude/analytics-browser';
import { createInstance, type Identify, type Types } from '@amplitude/analytics-browser';
import { amplitudeSdk } from './amplitude-sdk';

// Amplitude itself is replaced: the tests check what we ask of it, and nothing leaves the machine.
jest.mock('@amplitude/analytics-browser', () => ({
  ...jest.requireActual<typeof Amplitude>('@amplitude/analytics-browser'),
  createInstance: jest.fn(),
}));

function fakeAmplitude() {
  const done = { promise: Promise.resolve({ code: 200 }) };
  const instance = {
    init: jest.fn((_apiKey: string, _options: Types.BrowserOptions) => ({ promise: Promise.resolve() })),
    setUserId: jest.fn(),
    identify: jest.fn((_identify: Identify) => done),
    track: jest.fn((_eventType: string, _properties?: object) => done),
  };
  jest.mocked(createInstance).mockReturnValue(instance as unknown as ReturnType<typeof createInstance>);
  return instance;
}

describe('Amplitude adapter (docs/product.md#the-analytics-client: initialised with UTM, referrer and gclid)', () => {
  it('uses its own Amplitude instance', () => {
    fakeAmplitude();
    amplitudeSdk();
    expect(createInstance).toHaveBeenCalledTimes(1);
  });

  it('initialises with attribution on (UTM, referrer, click ids) and its own page views off', async () => {
    const amplitude = fakeAmplitude();
    await amplitudeSdk().init('amp-key', { deviceId: 'visitor-1' });
    expect(amplitude.init).toHaveBeenCalledWith(
      'amp-key',
      expect.objectContaining({
        deviceId: 'visitor-1',
        autocapture: expect.objectContaining({ attribution: expect.anything(), pageViews: false }),
      }),
    );
    const autocapture = amplitude.init.mock.calls[0]?.[1]?.autocapture;
    // Amplitude's web attribution records utm_*, the referrer and click ids (gclid, fbclid...) unless told to
    // exclude some: no exclusion may be configured here (docs/product.md#the-analytics-client).
    expect(typeof autocapture === 'object' && autocapture.attribution).toEqual({
      resetSessionOnNewCampaign: false,
    });
  });

  it('sets user properties through one identify with $set', async () => {
    const amplitude = fakeAmplitude();
    await amplitudeSdk().setUserProperties({ plan: 'premium', messages: 40 });
    const identify = amplitude.identify.mock.calls[0]?.[0];
    expect(identify?.getUserProperties()).toEqual({ $set: { plan: 'premium', messages: 40 } });
  });

  it('tracks an event with its properties', async () => {
    const amplitude = fakeAmplitude();
    await amplitudeSdk().track('page_view', { path: '/plans' });
    expect(amplitude.track).toHaveBeenCalledWith('page_view', { path: '/plans' });
  });
});
