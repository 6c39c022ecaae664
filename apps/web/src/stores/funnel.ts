import type { AbEngine } from '@wingmate/ab-engine';
import type { KeyValueStorage, WingmateClient } from '@wingmate/core-sdk';
import {
  abTestProperties,
  createFunnelTracker,
  firstMessageMemory,
  memberStatusOf,
  planPropertyOf,
  type AnalyticsClient,
  type FunnelTracker,
} from '@wingmate/tracking';
import type { StoreApi } from 'zustand/vanilla';
import type { UserInfoState } from './user-info';

export interface WebFunnelOptions {
  client: WingmateClient;
  userInfo: StoreApi<UserInfoState>;
  abEngine: Pick<AbEngine, 'store'>;
  analytics: AnalyticsClient;
  /** Where the device remembers who has sent a message (localStorage in the page). */
  storage: KeyValueStorage;
}

/**
 * The funnel of packages/tracking on the page's client (docs/product.md#attribution-ab-tests-and-analytics): its
 * events come from the SDK's calls; the user properties follow the user info, the user plans and the A/B
 * assignments, each sent when it changes.
 */
export function createWebFunnel({
  client,
  userInfo,
  abEngine,
  analytics,
  storage,
}: WebFunnelOptions): FunnelTracker {
  const funnel = createFunnelTracker({
    analytics,
    outcomes: client.outcomes,
    firstMessage: firstMessageMemory(storage),
    identities: () => {
      const user = client.session.getState().user;
      return [`uid:${client.visitorId.get()}`, ...(user?.pk != null ? [`user:${user.pk}`] : [])];
    },
    isSignedIn: () => client.session.isLoggedIn(),
  });
  const followAccount = () => {
    const signedIn = client.session.isLoggedIn();
    const { info } = userInfo.getState();
    if (signedIn && !info) return;
    void funnel.setUserProperties({
      member_status: memberStatusOf({
        signedIn,
        isMember: Boolean(info?.is_member),
        hasSubscription: Boolean(info?.has_subscription),
      }),
    });
  };
  const followPlans = () => {
    const { userPlans } = client.plans.getState();
    if (!client.session.isLoggedIn()) return void funnel.setUserProperties({ plan: 'none' });
    if (userPlans.status === 'success')
      void funnel.setUserProperties({ plan: planPropertyOf(userPlans.data) });
  };
  const followAbTests = () =>
    void funnel.setUserProperties(abTestProperties(abEngine.store.getState().assignments));
  userInfo.subscribe(followAccount);
  client.session.subscribe(followAccount);
  client.session.subscribe(followPlans);
  client.plans.subscribe(followPlans);
  abEngine.store.subscribe(followAbTests);
  followAccount();
  followPlans();
  followAbTests();
  return funnel;
}
