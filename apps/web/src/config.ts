import { WEB_VARIABLES, type WebVariableName } from './config-variables';

/**
 * Runtime configuration of the web app (docs/product.md#runtime-configuration), from `VITE_*` variables with
 * working local defaults (the API server defaults to http://localhost:8000:
 * docs/architecture.md#runtime-pieces).
 */
export interface WebConfig {
  readonly apiServer: string;
  readonly assetPrefix: string;
  readonly stripePublishableKey: string | undefined;
  readonly analyticsId: string | undefined;
  readonly tagManagerId: string | undefined;
  readonly smsPhoneNumber: string | undefined;
  readonly supportEmail: string;
  readonly androidAppUrl: string | undefined;
  readonly iosAppUrl: string | undefined;
  readonly googleClientId: string | undefined;
  /** Sign in with Apple's Services ID for the web; the API lists it in `APPLE_AUDIENCES`. Absent = no Apple button. */
  readonly appleClientId: string | undefined;
}

type ViteEnv = Readonly<Record<string, string | undefined>>;

export function readWebConfig(env: ViteEnv): WebConfig {
  const value = (name: WebVariableName) => (env[name]?.trim() ? env[name]?.trim() : undefined);
  return {
    apiServer: (value('VITE_API_SERVER') ?? WEB_VARIABLES.VITE_API_SERVER.default).replace(/\/$/, ''),
    assetPrefix: value('VITE_ASSET_PREFIX') ?? '',
    stripePublishableKey: value('VITE_STRIPE_PUBLISHABLE_KEY'),
    analyticsId: value('VITE_ANALYTICS_ID'),
    tagManagerId: value('VITE_TAG_MANAGER_ID'),
    smsPhoneNumber: value('VITE_SMS_PHONE_NUMBER'),
    supportEmail: value('VITE_SUPPORT_EMAIL') ?? WEB_VARIABLES.VITE_SUPPORT_EMAIL.default,
    androidAppUrl: value('VITE_ANDROID_APP_URL'),
    iosAppUrl: value('VITE_IOS_APP_URL'),
    googleClientId: value('VITE_GOOGLE_CLIENT_ID'),
    appleClientId: value('VITE_APPLE_CLIENT_ID'),
  };
}
