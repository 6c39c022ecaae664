import { browserAbTestStorage, createAbEngine } from '@wingmate/ab-engine';
import { createClient } from '@wingmate/core-sdk';
// eslint-disable-next-line @nx/enforce-module-boundaries -- an app's file: it imports the package by its name
import { createTracking } from '@wingmate/tracking';
import type { AbTestName } from '@wingmate/api-contract';
import { useStore } from 'zustand';

/** The web's runtime configuration (apps/web/src/config.ts). */
declare const webConfig: { apiServer: string; analyticsId: string | undefined };

const client = createClient({ baseURL: webConfig.apiServer });
const abEngine = createAbEngine({
  api: {
    list: ({ group }) => client.analytics.listAbtests({ group }),
    // The engine's names are the contract's (`defaultAbTests`); the SDK types them so.
    create: ({ name, ...input }) => client.analytics.createAbtest({ ...input, name: name as AbTestName }),
  },
  storage: browserAbTestStorage(),
});

export const tracking = createTracking({
  analyticsKey: webConfig.analyticsId, // missing: analytics stays silent
  // page_view waits for the A/B engine's route flag: its reading, and the store's subscribe.
  routeFlag: { isRouteFlagComplete: abEngine.isRouteFlagComplete, subscribe: abEngine.store.subscribe },
  conversionApi: client.analytics, // core-sdk's analytics resource has the six posts
  visitorId: client.visitorId, // one uid for both
});

// On every navigation (react-router's location changes):
abEngine.routeStart();
tracking.onRouteChange(window.location.href);
void abEngine.routeComplete();

/** `tracking.store` is a zustand vanilla store: `useStore(store, selector)` binds it. */
export function CampaignBadge() {
  const campaign = useStore(tracking.store, (state) => state.attribution.params.utm_campaign);
  return campaign ? <small>{campaign}</small> : null;
}
