import type { Types } from '@amplitude/analytics-browser';

/** A value an analytics event or user property may carry (strings, numbers, booleans, lists, nested objects). */
export type PropertyValue = Types.ValidPropertyType;
export type Properties = Record<string, PropertyValue>;

export interface AnalyticsSdkInitOptions {
  /** The visitor's uid, so analytics devices and the server's attribution rows share one id. */
  deviceId?: string;
}

/** The product-analytics service as the client uses it; Amplitude is the default adapter, tests use fakes. */
export interface AnalyticsSdk {
  init(apiKey: string, options: AnalyticsSdkInitOptions): Promise<void>;
  setUserId(userId: string | undefined): void | Promise<void>;
  setUserProperties(properties: Properties): void | Promise<void>;
  track(eventType: string, properties?: Properties): void | Promise<void>;
}
