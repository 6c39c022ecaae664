import { createInstance, Identify, type Types } from '@amplitude/analytics-browser';
import type { AnalyticsSdk } from './analytics-sdk';

/**
 * Amplitude's options for the one initialisation (docs/product.md#the-analytics-client: UTM, referrer and gclid
 * included). Attribution captures utm_* parameters, the referrer and click ids (gclid among them); page views are
 * off because the route tracker sends its own page_view, held back for the A/B route flag
 * (docs/product.md#every-page).
 */
export function amplitudeOptions(deviceId: string | undefined): Types.BrowserOptions {
  return {
    ...(deviceId ? { deviceId } : {}),
    autocapture: {
      attribution: { resetSessionOnNewCampaign: false },
      pageViews: false,
      sessions: true,
      formInteractions: false,
      fileDownloads: false,
    },
  };
}

/** The default analytics adapter: its own Amplitude instance, so nothing else on the page shares its state. */
export function amplitudeSdk(): AnalyticsSdk {
  const amplitude = createInstance();
  return {
    init: (apiKey, { deviceId }) => amplitude.init(apiKey, amplitudeOptions(deviceId)).promise,
    setUserId: (userId) => amplitude.setUserId(userId),
    setUserProperties: async (properties) => {
      const identify = new Identify();
      for (const [name, value] of Object.entries(properties)) {
        identify.set(name, value);
      }
      await amplitude.identify(identify).promise;
    },
    track: async (eventType, properties) => {
      await amplitude.track(eventType, properties).promise;
    },
  };
}
