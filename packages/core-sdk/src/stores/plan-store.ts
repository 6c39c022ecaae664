import { systemClock, timerSleep, type Clock, type Sleep } from '@wingmate/runtime';
import { isApiError, type ApiError } from '../errors/api-error';
import { derivePlan, sortPlans, type DerivedPlan, type PlanFields, type PlanList } from '../domain/plans';
import {
  currentUserPlan,
  isActivePlan,
  markCancelled,
  nextVisibleChangeAt,
  planMessagesLeft,
  visibleUserPlans,
  type UserPlanFields,
} from '../domain/user-plans';
import { createStore, type ReadableStore } from './store';
import { fetchWithPlanRetry, sharedLoad } from './shared-load';
import { readSide } from './read-side';

export type ListStatus = 'idle' | 'loading' | 'success' | 'failure';

/** One list's load state: request, then success or failure (docs/product.md#plan-lists). */
export interface ListState<T> {
  status: ListStatus;
  data: T[];
  error: ApiError | null;
}

export interface PlanStoreState<P extends PlanFields, U extends UserPlanFields> {
  regular: ListState<DerivedPlan<P>>;
  freeTrial: ListState<DerivedPlan<P>>;
  userPlans: ListState<U>;
}

type Identified = { id: number };

/** Where the plan store gets its data: every page of each list, and the cancel call. */
export interface PlanSource<P extends PlanFields, U extends UserPlanFields & Identified> {
  allPlans(): Promise<P[]>;
  allFreeTrialPlans(): Promise<P[]>;
  allUserPlans(): Promise<U[]>;
  cancelUserPlan(id: number): Promise<U>;
}

export interface PlanStore<P extends PlanFields, U extends UserPlanFields & Identified> extends ReadableStore<
  PlanStoreState<P, U>
> {
  loadRegular(): Promise<DerivedPlan<P>[]>;
  loadFreeTrial(): Promise<DerivedPlan<P>[]>;
  loadUserPlans(): Promise<U[]>;
  /**
   * Cancels, then keeps the server's record; a 404 marks the plan cancelled instead (docs/product.md#a-members-plans).
   */
  cancelUserPlan(id: number): Promise<U>;
  /** The loaded user plans read by the product's rules, at the store's clock (docs/product.md#a-members-plans). */
  visibleUserPlans(): U[];
  /** The first visible plan that runs or is cancelled: a pending or declined one never is. */
  currentUserPlan(): U | null;
  /** When `visibleUserPlans()` next changes by itself (a pending plan's 5 s end), or null; redraw then. */
  nextVisibleChangeAt(): number | null;
  /**
   * Messages left on the loaded metered plans (`planMessagesLeft`). What screens show is the server's
   * `remaining_messages`, which adds the person's free messages.
   */
  planMessagesLeft(): number;
  /**
   * Messages bought in the loaded active message packs, and how many of them are left
   * (docs/product.md#messages-and-metering).
   */
  packUsage(): PackUsage;
}

export interface PackUsage {
  bought: number;
  left: number;
}

const idle = <T>(): ListState<T> => ({ status: 'idle', data: [], error: null });

/** A pack's plan carries the messages it sold; the fields every user plan has do not name them. */
const messagesBought = (userPlan: UserPlanFields) =>
  (userPlan.plan as { messages?: number | null }).messages ?? 0;

function packUsage(userPlans: readonly UserPlanFields[]): PackUsage {
  const packs = userPlans.filter(
    (userPlan) => userPlan.plan.plan_type === 'metered' && isActivePlan(userPlan),
  );
  return {
    bought: packs.reduce((sum, pack) => sum + messagesBought(pack), 0),
    left: planMessagesLeft(packs),
  };
}

export function createPlanStore<P extends PlanFields, U extends UserPlanFields & Identified>(
  source: PlanSource<P, U>,
  { sleep = timerSleep, clock = systemClock }: { sleep?: Sleep; clock?: Clock } = {},
): PlanStore<P, U> {
  const store = createStore<PlanStoreState<P, U>>({ regular: idle(), freeTrial: idle(), userPlans: idle() });

  function listLoader<T>(key: keyof PlanStoreState<P, U>, fetch: () => Promise<T[]>): () => Promise<T[]> {
    const patch = (state: Partial<ListState<T>>) =>
      store.setState((current) => ({ [key]: { ...current[key], ...state } }));
    return sharedLoad(async () => {
      patch({ status: 'loading', error: null });
      try {
        const data = await fetchWithPlanRetry(fetch, sleep);
        patch({ status: 'success', data });
        return data;
      } catch (error) {
        patch({ status: 'failure', error: isApiError(error) ? error : null });
        throw error;
      }
    });
  }

  const derived = (fetch: () => Promise<P[]>, list: PlanList) => async () =>
    sortPlans((await fetch()).map((plan) => derivePlan(plan, list)));

  const loadRegular = listLoader(
    'regular',
    derived(() => source.allPlans(), 'regular'),
  );
  const loadFreeTrial = listLoader(
    'freeTrial',
    derived(() => source.allFreeTrialPlans(), 'freeTrial'),
  );
  const loadUserPlans = listLoader('userPlans', () => source.allUserPlans());

  async function cancelUserPlan(id: number): Promise<U> {
    const known = store.getState().userPlans.data.find((plan) => plan.id === id);
    let record: U;
    try {
      record = await source.cancelUserPlan(id);
    } catch (error) {
      if (!known || !isApiError(error) || error.status !== 404) throw error;
      record = markCancelled(known);
    }
    store.setState(({ userPlans }) => ({
      userPlans: { ...userPlans, data: userPlans.data.map((plan) => (plan.id === id ? record : plan)) },
    }));
    return record;
  }

  return {
    ...readSide(store),
    loadRegular,
    loadFreeTrial,
    loadUserPlans,
    cancelUserPlan,
    visibleUserPlans: () => visibleUserPlans(store.getState().userPlans.data, clock),
    currentUserPlan: () => currentUserPlan(store.getState().userPlans.data, clock),
    nextVisibleChangeAt: () => nextVisibleChangeAt(store.getState().userPlans.data, clock),
    planMessagesLeft: () => planMessagesLeft(store.getState().userPlans.data),
    packUsage: () => packUsage(store.getState().userPlans.data),
  };
}
