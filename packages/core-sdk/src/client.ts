import type { SessionMode } from '@wingmate/api-contract/routes';
import type { AxiosAdapter } from 'axios';
import { systemClock, timerSleep, type Clock, type Sleep } from '@wingmate/runtime';
import { createCallOutcomes, type CallOutcomes } from './http/call-outcomes';
import { collectPages } from './http/pages';
import { operationCall } from './http/operation';
import { createHttp } from './http/pipeline';
import { defaultLock, type LockPort } from './ports/lock';
import { consoleLogger, type Logger } from './ports/logger';
import { memoryStorage, safeStorage, type KeyValueStorage } from './ports/storage';
import { storedVisitorId, type VisitorId } from './ports/visitor-id';
import { accountResource } from './resources/account';
import { analyticsResource } from './resources/analytics';
import { authResource } from './resources/auth';
import { chatResource } from './resources/chat';
import { datingBioResource } from './resources/dating-bio';
import { matchesResource } from './resources/matches';
import { membershipsResource } from './resources/memberships';
import { styleResource } from './resources/style';
import { systemResource } from './resources/system';
import { createSession } from './session/session';
import { createTokenStore, isLoginLinkToken } from './session/tokens';
import { createPlanStore } from './stores/plan-store';

export interface ClientConfig {
  /** The API server, e.g. `http://localhost:8000`. */
  baseURL: string;
  /** Where the stored phone number, e-mail and (by default) the uid live; memory unless given. */
  storage?: KeyValueStorage;
  /** Where the tokens live; in browsers `cookieStorage()`, shared by all tabs. Defaults to `storage`. */
  tokenStorage?: KeyValueStorage;
  /**
   * Where the refresh token lives (docs/decisions.md#sessions-in-the-browser): `body` (the default, for
   * apps and servers) keeps it in `tokenStorage` and sends it in the body; `cookie` (browsers) leaves it to
   * the server, which keeps it in an HttpOnly cookie no script can read.
   */
  sessionMode?: SessionMode;
  clock?: Clock;
  logger?: Logger;
  /** The lock the token refresh runs under: Web Locks in browsers, in-process elsewhere. */
  lock?: LockPort;
  /** The visitor's uid, shared with the tracking package; read from `storage` unless given. */
  visitorId?: VisitorId;
  /**
   * Keys of `storage` the app keeps for the person signed in (a chat draft, a choice in a screen): removed with
   * the tokens when the session here ends (docs/decisions.md#signing-out).
   */
  personalKeys?: readonly string[];
  /** The delay function of the product's waits (refresh release, plan retries); injected by tests. */
  sleep?: Sleep;
  /** An axios adapter, for tests; axios picks XHR or Node's http otherwise. */
  adapter?: AxiosAdapter;
}

/** The Wingmate API client: one resource per spec group, the session and the plan lists. */
export function createClient(config: ClientConfig) {
  const logger = config.logger ?? consoleLogger;
  // Cookie and storage failures are logged as warnings, never thrown (docs/product.md#error-catalogue).
  const storage = safeStorage(config.storage ?? memoryStorage(), logger, 'storage');
  const sleep = config.sleep ?? timerSleep;
  const tokens = createTokenStore(
    config.tokenStorage ? safeStorage(config.tokenStorage, logger, 'token storage') : storage,
    config.sessionMode,
  );
  const visitorId = config.visitorId ?? storedVisitorId(storage);

  const http = createHttp({
    baseURL: config.baseURL,
    tokens,
    lock: config.lock ?? defaultLock(),
    sleep,
    adapter: config.adapter,
    requestRefresh: (refresh) => auth.refreshToken(refresh ? { refresh } : {}),
  });
  const outcomes = createCallOutcomes();
  const deps = {
    call: outcomes.observe(operationCall(http)),
    visitorId,
    hasToken: () => tokens.access() !== null,
  };
  const session = createSession({
    tokens,
    storage,
    logger,
    fetchUser: () => auth.getAuthUser(),
    fetchUserWith: (access) => deps.call('getAuthUser', { credential: access }),
    // The access token names the session (the only name a browser has for it); a login link's has none.
    revoke: ({ access, refresh }) =>
      deps.call('logout', {
        body: refresh ? { refresh } : {},
        credential: access && !isLoginLinkToken(access) ? access : undefined,
      }),
    visitorId,
    personalKeys: config.personalKeys,
  });
  const auth = authResource({ ...deps, session });
  const memberships = membershipsResource(deps);
  const plans = createPlanStore(
    {
      allPlans: () => collectPages((page) => memberships.listPlans({ page })),
      allFreeTrialPlans: () => collectPages((page) => memberships.listFreeTrialPlans({ page })),
      allUserPlans: () => collectPages((page) => memberships.listUserPlans({ page })),
      cancelUserPlan: (id) => memberships.cancelUserPlan(id),
    },
    { sleep, clock: config.clock ?? systemClock },
  );

  return {
    system: systemResource(deps),
    session,
    auth,
    analytics: analyticsResource(deps),
    memberships,
    account: accountResource({ ...deps, session }),
    datingBio: datingBioResource(deps),
    chat: chatResource(deps),
    matches: matchesResource(deps),
    style: styleResource(deps),
    plans,
    visitorId,
    /** Every call's end, for listeners such as product analytics (`http/call-outcomes.ts`). */
    outcomes: { subscribe: outcomes.subscribe } satisfies CallOutcomes,
  };
}

export type WingmateClient = ReturnType<typeof createClient>;
