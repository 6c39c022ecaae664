/**
 * The `VITE_*` variables the web app reads (config.ts), with the default `readWebConfig` falls back to and what
 * each means; `.env.example` is written from this table (`npm run env-example`, docs/running.md#the-env-file).
 */
export interface WebVariable {
  readonly meaning: string;
  readonly default?: string;
  readonly defaultText?: string;
}

export const WEB_VARIABLES = {
  VITE_API_SERVER: { default: 'http://localhost:8000', meaning: "The API's address" },
  VITE_ASSET_PREFIX: { defaultText: 'empty', meaning: 'Prefix of static assets' },
  VITE_STRIPE_PUBLISHABLE_KEY: { defaultText: 'unset = local card form', meaning: 'Stripe publishable key' },
  VITE_ANALYTICS_ID: { defaultText: 'unset = analytics off', meaning: 'Amplitude API key' },
  VITE_TAG_MANAGER_ID: { defaultText: 'unset', meaning: 'Tag manager id' },
  VITE_SMS_PHONE_NUMBER: { defaultText: 'unset', meaning: "The product's SMS number" },
  VITE_SUPPORT_EMAIL: { default: 'support@wingmate.local', meaning: 'Support address shown to users' },
  VITE_ANDROID_APP_URL: { defaultText: 'unset', meaning: 'Google Play link of the Android app' },
  VITE_IOS_APP_URL: { defaultText: 'unset', meaning: 'App Store link of the iOS app' },
  VITE_GOOGLE_CLIENT_ID: {
    defaultText: 'unset = Google button hidden',
    meaning: 'Google sign-in client id for the web',
  },
  VITE_APPLE_CLIENT_ID: {
    defaultText: 'unset = Apple button hidden',
    meaning: "Sign in with Apple's Services ID for the web; the API lists it in `APPLE_AUDIENCES`",
  },
} as const satisfies Record<`VITE_${string}`, WebVariable>;

export type WebVariableName = keyof typeof WEB_VARIABLES;
