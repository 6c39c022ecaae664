import { systemClock, type Clock } from '@wingmate/runtime';
import type { DerivedPlan, PlanFields } from '../domain/plans';
import { isActivePlan, isCancelled, type UserPlanFields } from '../domain/user-plans';
import type { MembershipsResource } from '../resources/memberships';
import type { PlanStore } from './plan-store';
import { createStore, type ReadableStore } from './store';
import { readSide } from './read-side';

export type UserPlanAction = 'cancel' | 'resume' | 'change' | 'undo-change';

/** One plan's action: the one running, and why the last one failed (as thrown; null when it did not). */
export interface UserPlanActionState {
  running: UserPlanAction | null;
  error: unknown;
}

export interface UserPlanActionsState {
  /** By user plan id; a plan no action was asked of has no entry. */
  byPlan: Record<number, UserPlanActionState>;
}

type CatalogPlan = PlanFields & { id: number };

/** The user plan fields the actions read: the plan it is on and the end of its paid period. */
export interface ChangeableUserPlan extends UserPlanFields {
  id: number;
  plan: { id: number; plan_type: string };
  current_period_end: string | null;
}

export interface UserPlanActionsStore<
  P extends CatalogPlan,
  U extends ChangeableUserPlan,
> extends ReadableStore<UserPlanActionsState> {
  /** Cancels through the plan store (which keeps the server's record); resolves that record, or null on failure. */
  cancel(userPlanId: number): Promise<U | null>;
  /** Resumes a canceled plan, then loads the user plans again. Resolves true once done. */
  resume(userPlanId: number): Promise<boolean>;
  /** Schedules the switch to `planId` at the period's end, then loads the user plans again. */
  changePlan(userPlanId: number, planId: number): Promise<boolean>;
  /** Undoes a scheduled change, then loads the user plans again. */
  undoChange(userPlanId: number): Promise<boolean>;
  /** A canceled plan still running can be resumed until its period ends, at the store's clock. */
  canResume(userPlan: ChangeableUserPlan): boolean;
  /** A running plan that is not canceled can be canceled or changed. */
  canChangeOrCancel(userPlan: ChangeableUserPlan): boolean;
  /** The loaded regular plans a user plan can change to: subscriptions the rules allow, other than its own. */
  changeChoices(userPlan: Pick<ChangeableUserPlan, 'plan'>): DerivedPlan<P>[];
}

/**
 * What a member does to a subscription after buying it (docs/decisions.md#money-at-checkout): cancel, resume before
 * the period ends, and a plan change scheduled for the period's end, which can be undone. Each action's progress
 * and failure is kept per plan, so each plan's row shows its own.
 */
export function createUserPlanActionsStore<P extends CatalogPlan, U extends ChangeableUserPlan>(
  plans: Pick<PlanStore<P, U>, 'getState' | 'cancelUserPlan' | 'loadUserPlans'>,
  source: Pick<MembershipsResource, 'resumeUserPlan' | 'updateUserPlan' | 'cancelPlanChange'>,
  { clock = systemClock }: { clock?: Clock } = {},
): UserPlanActionsStore<P, U> {
  const store = createStore<UserPlanActionsState>({ byPlan: {} });
  const setAction = (userPlanId: number, state: Partial<UserPlanActionState>) =>
    store.setState(({ byPlan }) => ({
      byPlan: {
        ...byPlan,
        [userPlanId]: { ...(byPlan[userPlanId] ?? { running: null, error: null }), ...state },
      },
    }));

  async function run<T>(
    userPlanId: number,
    action: UserPlanAction,
    work: () => Promise<T>,
  ): Promise<T | null> {
    setAction(userPlanId, { running: action, error: null });
    try {
      return await work();
    } catch (error) {
      setAction(userPlanId, { error });
      return null;
    } finally {
      setAction(userPlanId, { running: null });
    }
  }

  /** Runs a call the server answers with the changed plan, then reloads the list the screens read. */
  const runAndReload = async (userPlanId: number, action: UserPlanAction, call: () => Promise<unknown>) =>
    (await run(userPlanId, action, async () => {
      await call();
      await plans.loadUserPlans();
      return true;
    })) === true;

  return {
    ...readSide(store),
    cancel: (userPlanId) => run(userPlanId, 'cancel', () => plans.cancelUserPlan(userPlanId)),
    resume: (userPlanId) => runAndReload(userPlanId, 'resume', () => source.resumeUserPlan(userPlanId)),
    changePlan: (userPlanId, planId) =>
      runAndReload(userPlanId, 'change', () => source.updateUserPlan(userPlanId, { plan_id: planId })),
    undoChange: (userPlanId) =>
      runAndReload(userPlanId, 'undo-change', () => source.cancelPlanChange(userPlanId)),
    canResume: (userPlan) =>
      isCancelled(userPlan) &&
      userPlan.is_active &&
      userPlan.current_period_end !== null &&
      Date.parse(userPlan.current_period_end) > clock.now(),
    canChangeOrCancel: (userPlan) => !isCancelled(userPlan) && userPlan.complete && isActivePlan(userPlan),
    changeChoices: (userPlan) =>
      plans
        .getState()
        .regular.data.filter(
          (plan) =>
            plan.plan_type !== 'metered' &&
            !plan.isDisabled &&
            !plan.isFreeTrial &&
            plan.id !== userPlan.plan.id,
        ),
  };
}
