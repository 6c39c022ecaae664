import { browserAbTestStorage, createAbEngine, type AbEngine, type AbTestStorage } from '@wingmate/ab-engine';
import type { AbTestName } from '@wingmate/api-contract';
import { consoleLogger, type KeyValueStorage, type Logger, type WingmateClient } from '@wingmate/core-sdk';
import { browserLocalStorage, type AnalyticsClient } from '@wingmate/tracking';
import type { StoreApi } from 'zustand/vanilla';
import type { AppServices } from './services';
import { createWebFunnel } from './funnel';
import { createWebTracking } from './tracking';
import { createUserInfoStore, type UserInfoState } from './user-info';

export interface AppServicesOptions {
  analyticsId: string | undefined;
  /** Where A/B values are kept: session storage and a cookie at path / by default. */
  abStorage?: AbTestStorage;
  /** Where tracking parameters are kept and Meta's cookie is read; the browser's by default. */
  trackingStorage?: KeyValueStorage;
  trackingCookies?: KeyValueStorage;
  analytics?: AnalyticsClient;
  logger?: Logger;
}

/**
 * The frame's stores around one client (docs/web.md#the-frame: made once at start): user info, the A/B engine on the
 * client's uid with its group following the account state, and tracking. Subscriptions only: nothing is fetched here
 * until something asks (see `startServices`), so screen tests decide what their fake API sees.
 */
export function createAppServices(client: WingmateClient, options: AppServicesOptions): AppServices {
  return withTracking(client, createAccountStores(client, options), options);
}

/** The stores that follow the account: user info, and the A/B engine with its group following the account state. */
export type AccountStores = Pick<AppServices, 'userInfo' | 'abEngine'>;

/** The first half of `createAppServices` (the page makes the two halves in tasks of their own). */
export function createAccountStores(client: WingmateClient, options: AppServicesOptions): AccountStores {
  const userInfo = createUserInfoStore(client);
  const abEngine = createAbEngine({
    api: {
      // core-sdk sends the uid itself when no token is held, and reads a 404 as [].
      list: ({ group }) => client.analytics.listAbtests({ group }),
      create: ({ name, ...input }) => client.analytics.createAbtest({ ...input, name: name as AbTestName }),
    },
    storage: options.abStorage ?? browserAbTestStorage(),
    logger: options.logger ?? consoleLogger,
  });
  abEngine.setIdentity(client.visitorId.get());
  // At sign-out the device gets a new uid and the person's A/B values go (docs/decisions.md#signing-out).
  client.session.onEnd((uid) => abEngine.startOver(uid));
  followAccountState(client, userInfo, abEngine);
  return { userInfo, abEngine };
}

/**
 * The second half of `createAppServices`: tracking on the A/B engine's route flag, knowing the member by id, and
 * the product funnel on the client's calls.
 */
export function withTracking(
  client: WingmateClient,
  { userInfo, abEngine }: AccountStores,
  options: AppServicesOptions,
): AppServices {
  const tracking = createWebTracking({
    client,
    abEngine,
    analyticsId: options.analyticsId,
    storage: options.trackingStorage,
    cookies: options.trackingCookies,
    analytics: options.analytics,
    logger: options.logger ?? consoleLogger,
  });
  followUserId(client, tracking.analytics);
  const logger = options.logger ?? consoleLogger;
  const funnel = createWebFunnel({
    client,
    userInfo,
    abEngine,
    analytics: tracking.analytics,
    storage: options.trackingStorage ?? browserLocalStorage(logger),
  });
  return { client, userInfo, abEngine, tracking, funnel };
}

/**
 * The A/B group follows `is_member` (docs/decisions.md#ab-engine-packagesab-engine): a visitor's group is known at
 * once; a signed-in person's once the user info answers (unknown meanwhile, so no test of the wrong group is assigned).
 * If it cannot be read, the person is treated as a visitor, so the pages and their page_view are never held for good.
 */
function followAccountState(
  client: WingmateClient,
  userInfo: StoreApi<UserInfoState>,
  abEngine: AbEngine,
): void {
  const update = () => {
    const { info, status } = userInfo.getState();
    if (!client.session.getState().isLoggedIn) return abEngine.setAccountState({ isMember: false });
    if (info) return abEngine.setAccountState({ isMember: info.is_member });
    abEngine.setAccountState(status === 'failed' ? { isMember: false } : null);
  };
  update();
  userInfo.subscribe(update);
  client.session.subscribe(update);
}

/** Analytics knows a member by their account id (never the uid), and forgets it at sign-out. */
function followUserId(client: WingmateClient, analytics: AnalyticsClient): void {
  let current: string | undefined;
  client.session.subscribe(({ user }) => {
    const id = user ? String(user.pk) : undefined;
    if (id === current) return;
    current = id;
    void analytics.setUserId(id);
  });
}

/**
 * What the page does once its services exist (docs/product.md#sessions-and-tokens): with a token, fetch the user
 * (cleared if that fails) and the user info, which settles the A/B group.
 */
export function startServices({ client, userInfo }: AppServices): void {
  if (!client.session.isLoggedIn()) return;
  void client.session.loadUser();
  if (userInfo.getState().status === 'idle') void userInfo.getState().refresh();
}
