import type { AbTestGroup } from '@wingmate/api-contract';
import { consoleLogger, timerSleep, type Logger } from '@wingmate/core-sdk';
import type { AbTestApi } from './api';
import { planAssignments } from './assignment-plan';
import { AB_SET_RETRY_MS } from './constants';
import { AbTestError, existedAbTestError, isExistedAbTestResponse } from './errors';
import { hasValue, toAssignments, type AbTestAssignment, type Assignments } from './merge';
import { assignmentPersistence, type AbTestStorage } from './persistence';
import { createStore, type ReadonlyStore } from './store';
import {
  assertValidConfig,
  defaultAbTestGroups,
  defaultAbTests,
  isVariantOf,
  type AbTestGroupsConfig,
  type AbTestsConfig,
} from './tests-config';

/** `waiting`: identity or account state not known yet; `loading`: asking the server; `ready`: assignments loaded. */
export type AbEngineStatus = 'waiting' | 'loading' | 'ready';

/** `idle` before the first route; page_view is released once it reads `complete` (docs/product.md#every-page). */
export type RouteFlag = 'idle' | 'in_progress' | 'complete';

export interface AbEngineState {
  readonly status: AbEngineStatus;
  /** The session identity: the visitor's uid. */
  readonly uid: string | null;
  /** From the account state: `member` when `is_member` is true; null until the account state is known. */
  readonly group: AbTestGroup | null;
  /**
   * The group's tests that are assigned; a test missing here is "not assigned" (docs/product.md#ab-test-assignments).
   */
  readonly assignments: Assignments;
  readonly routeFlag: RouteFlag;
}

/** The account state as far as the engine cares: the flag that picks the group (docs/decisions.md#auth-appsapi). */
export interface AbAccountState {
  readonly isMember: boolean;
}

export interface AbEngineOptions {
  readonly api: AbTestApi;
  readonly storage: AbTestStorage;
  /** Test name -> variants with weights; default: api-contract's definitions. */
  readonly tests?: AbTestsConfig;
  /** Group -> its tests; default: api-contract's groups. */
  readonly groups?: AbTestGroupsConfig;
  readonly logger?: Logger;
  /** Whether the engine assigns, by hash, the group's tests that have no stored and no server value. Default true. */
  readonly autoAssign?: boolean;
}

export interface AbEngine {
  /** zustand-like read side: `getState`, `getInitialState`, `subscribe`. */
  readonly store: ReadonlyStore<AbEngineState>;
  /** The session identity; assignments load once it and the account state are known. */
  setIdentity(uid: string | null): void;
  /**
   * Sign-out: forgets every assignment, stored and held, and loads again for the device's new uid, so the next
   * person on the device is assigned afresh (docs/decisions.md#signing-out).
   */
  startOver(uid: string): void;
  /** The account state; null while it is not known (for instance while the user is being fetched). */
  setAccountState(accountState: AbAccountState | null): void;
  /** Resolves once the current identity's and group's assignments have loaded. */
  whenLoaded(): Promise<void>;
  /** The test's value, or undefined while it is not assigned. */
  variant(name: string): string | undefined;
  /**
   * Assigns a value: waits, checking every 50 ms, until identity, account state and assignments have loaded;
   * rejects with `EXISTED_ABTEST` when the test already has a value, here or on the server.
   */
  set(name: string, value: string): Promise<void>;
  /** Marks a route in progress (docs/product.md#every-page). */
  routeStart(): void;
  /** Re-syncs stored values the state lacks, then marks the route flag complete; resolves when it is. */
  routeComplete(): Promise<void>;
  isRouteFlagComplete: () => boolean;
  whenRouteFlagComplete(): Promise<void>;
}

export function createAbEngine(options: AbEngineOptions): AbEngine {
  const { api, tests = defaultAbTests, groups = defaultAbTestGroups, logger = consoleLogger } = options;
  const autoAssign = options.autoAssign ?? true;
  assertValidConfig(tests, groups);

  const persistence = assignmentPersistence(options.storage, logger);
  const store = createStore<AbEngineState>({
    status: 'waiting',
    uid: null,
    group: null,
    assignments: {},
    routeFlag: 'idle',
  });
  let loadedKey: string | null = null;
  let loadingKey: string | null = null;
  let routeSerial = 0;

  const keyOf = (uid: string, group: AbTestGroup) => `${group}:${uid}`;
  const currentKey = () => {
    const { uid, group } = store.getState();
    return uid && group ? keyOf(uid, group) : null;
  };

  /** The state with identity and group known, when the assignments have loaded; null otherwise. */
  const readyState = () => {
    const state = store.getState();
    return state.status === 'ready' && state.uid && state.group
      ? { ...state, uid: state.uid, group: state.group }
      : null;
  };

  const when = (done: (state: AbEngineState) => boolean) =>
    new Promise<void>((resolve) => {
      if (done(store.getState())) return resolve();
      const unsubscribe = store.subscribe((state) => {
        if (!done(state)) return;
        unsubscribe();
        resolve();
      });
    });

  /**
   * The uid goes with anonymous lists only (docs/product.md#analytics-calls); a member's list is the account's, known
   * by the token.
   */
  const listServer = async (uid: string, group: AbTestGroup) =>
    toAssignments(await api.list(group === 'member' ? { group } : { uid, group }));

  const createOnServer = async (assignment: AbTestAssignment, uid: string, group: AbTestGroup) => {
    try {
      await api.create({ ...assignment, uid, group });
    } catch (error) {
      logger.error(`ab-engine: could not create A/B test "${assignment.name}" on the server`, error);
    }
  };

  /** Adds values to the state and to both storages, keeping what storage holds for other tests and groups. */
  const commit = (values: Assignments) => {
    persistence.write({ ...persistence.read(), ...values });
    store.setState({ assignments: { ...store.getState().assignments, ...values } });
  };

  const load = async (key: string, uid: string, group: AbTestGroup) => {
    let server: Assignments | null = null;
    try {
      server = await listServer(uid, group);
    } catch (error) {
      logger.error('ab-engine: could not load A/B tests from the server', error);
    }
    // The identity or group changed meanwhile: this answer belongs to nobody now.
    if (loadingKey !== key) return;
    const stored = persistence.read();
    const plan = planAssignments({ uid, names: groups[group], tests, stored, server, autoAssign });
    persistence.write(plan.toStore);
    loadingKey = null;
    loadedKey = key;
    // A newer key would have replaced loadingKey, so the state is either still this key's or lacks an identity.
    store.setState({ assignments: plan.assignments, status: currentKey() === key ? 'ready' : 'waiting' });
    await Promise.all(plan.toCreate.map((assignment) => createOnServer(assignment, uid, group)));
  };

  const identityChanged = (change: Partial<Pick<AbEngineState, 'uid' | 'group'>>) => {
    store.setState(change);
    const { uid, group } = store.getState();
    if (!uid || !group) return store.setState({ status: 'waiting' });
    const key = keyOf(uid, group);
    if (key === loadedKey) return store.setState({ status: 'ready' });
    store.setState({ status: 'loading' });
    if (key === loadingKey) return;
    loadingKey = key;
    void load(key, uid, group);
  };

  /** After a 409 the server holds a value this client did not see; the server wins, so it is fetched and kept. */
  const adoptServerValue = async (name: string, uid: string, group: AbTestGroup) => {
    try {
      const server = await listServer(uid, group);
      const value = hasValue(server, name) ? server[name] : undefined;
      if (value !== undefined) commit({ [name]: value });
    } catch (error) {
      logger.error(`ab-engine: could not read the server's value of A/B test "${name}"`, error);
    }
  };

  const set = async (name: string, value: string) => {
    // Guarded through an unknown copy: the guard's false also covers strings, which would leave `value` typed never.
    const candidate: unknown = value;
    if (!isVariantOf(tests[name], candidate)) {
      throw new AbTestError('UNKNOWN_ABTEST', `"${value}" is not a variant of A/B test "${name}"`);
    }
    let ready = readyState();
    while (!ready) {
      await timerSleep(AB_SET_RETRY_MS);
      ready = readyState();
    }
    const { uid, group, assignments } = ready;
    if (!groups[group].includes(name)) {
      throw new AbTestError('UNKNOWN_ABTEST', `A/B test "${name}" is not a test of the ${group} group`);
    }
    if (hasValue(assignments, name)) throw existedAbTestError(name);
    commit({ [name]: value });
    try {
      await api.create({ name, value, uid, group });
    } catch (error) {
      if (!isExistedAbTestResponse(error)) {
        return logger.error(`ab-engine: could not create A/B test "${name}" on the server`, error);
      }
      await adoptServerValue(name, uid, group);
      throw existedAbTestError(name, error);
    }
  };

  /** Stored values of the group that the state lacks, for example written by another tab, join the state. */
  const resyncStored = async () => {
    const ready = readyState();
    if (!ready) return;
    const { uid, group, assignments } = ready;
    const stored = persistence.read();
    const missing = groups[group].flatMap((name) => {
      const value = stored[name];
      return !hasValue(assignments, name) && isVariantOf(tests[name], value) ? [{ name, value }] : [];
    });
    if (missing.length === 0) return;
    store.setState({ assignments: { ...assignments, ...toAssignments(missing) } });
    await Promise.all(missing.map((assignment) => createOnServer(assignment, uid, group)));
  };

  const routeComplete = async () => {
    const serial = routeSerial;
    // The flag waits for the assignments, so the page_view it releases is counted with the visitor's variants.
    await when((state) => state.status === 'ready');
    if (serial !== routeSerial) return when((state) => state.routeFlag === 'complete');
    const resynced = resyncStored();
    store.setState({ routeFlag: 'complete' });
    await resynced;
  };

  return {
    store,
    setIdentity: (uid) => identityChanged({ uid: uid || null }),
    startOver: (uid) => {
      persistence.clear();
      loadedKey = null;
      loadingKey = null;
      store.setState({ assignments: {} });
      identityChanged({ uid: uid || null });
    },
    setAccountState: (accountState) =>
      identityChanged({ group: accountState ? (accountState.isMember ? 'member' : 'visitor') : null }),
    whenLoaded: () => when((state) => state.status === 'ready'),
    variant: (name) => {
      const { assignments } = store.getState();
      return hasValue(assignments, name) ? assignments[name] : undefined;
    },
    set,
    routeStart: () => {
      routeSerial++;
      store.setState({ routeFlag: 'in_progress' });
    },
    routeComplete,
    isRouteFlagComplete: () => store.getState().routeFlag === 'complete',
    whenRouteFlagComplete: () => when((state) => state.routeFlag === 'complete'),
  };
}
