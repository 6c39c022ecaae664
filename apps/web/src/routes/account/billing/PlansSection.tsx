import type { ResponseOf, UserPlanActionState, UserPlanActionsStore } from '@wingmate/core-sdk';
import { useEffect, useReducer, useState } from 'react';
import { Link } from 'react-router-dom';
import { useStore } from 'zustand';
import {
  Badge,
  Button,
  buttonClasses,
  Dialog,
  DialogClose,
  DialogContent,
  DialogTrigger,
  Spinner,
  useToast,
} from '../../../ui';
import { usePageDataPending } from '../../../frame/page-data';
import { paymentErrorMessage } from '../../pricing/payment-errors';
import { formatDay, planName, type ShownPlan } from '../../pricing/plan-text';
import { AccountSection } from '../AccountSection';
import { FormAlert } from '../FormAlert';
import { ChangePlanDialog } from './ChangePlanDialog';
import { usePlanStore, useUserPlanActionsStore } from './use-billing-stores';
import { periodLine, statusBadge, type ShownUserPlan } from './user-plan-status';

type Plan = ResponseOf<'listPlans'>['results'][number];
type UserPlan = ResponseOf<'listUserPlans'>['results'][number];

const noAction: UserPlanActionState = { running: null, error: null };

function CancelPlanDialog({
  plan,
  onConfirm,
  busy,
}: {
  plan: ShownUserPlan;
  onConfirm: () => Promise<boolean>;
  busy: boolean;
}) {
  const [open, setOpen] = useState(false);
  const end = plan.current_period_end;
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="secondary" size="sm">
          Cancel plan
        </Button>
      </DialogTrigger>
      <DialogContent
        title="Cancel your plan?"
        description={
          end
            ? `You keep ${planName(plan.plan as unknown as ShownPlan)} until ${formatDay(end)}. It will not renew, and you can resume it until then.`
            : 'Your plan ends now.'
        }
      >
        <div className="flex flex-wrap justify-end gap-3">
          <DialogClose asChild>
            <Button variant="secondary">Keep plan</Button>
          </DialogClose>
          <Button
            variant="danger"
            loading={busy}
            onClick={() => void onConfirm().then((cancelled) => cancelled && setOpen(false))}
          >
            Cancel plan
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

function PlanRow({
  plan,
  current,
  names,
  actions,
}: {
  plan: ShownUserPlan;
  current: boolean;
  names: Map<number, string>;
  actions: UserPlanActionsStore<Plan, UserPlan>;
}) {
  const toast = useToast();
  const { running, error } = useStore(actions, (state) => state.byPlan[plan.id]) ?? noAction;
  const now = Date.now();
  const badge = statusBadge(plan);
  const scheduledName = plan.scheduled_plan_id ? (names.get(plan.scheduled_plan_id) ?? 'another plan') : null;

  async function cancel() {
    const record = await actions.cancel(plan.id);
    if (!record) return false;
    toast({
      tone: 'success',
      title: 'Plan canceled',
      description: record.current_period_end
        ? `It stays active until ${formatDay(record.current_period_end)}.`
        : undefined,
    });
    return true;
  }

  async function announceWhenDone(done: Promise<boolean>, title: string, description?: string) {
    if (!(await done)) return false;
    toast({ tone: 'success', title, description });
    return true;
  }

  return (
    <li
      className="flex flex-col gap-3 border-t border-line pt-4 first:border-t-0 first:pt-0"
      aria-current={current || undefined}
    >
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="font-sans text-lg font-semibold text-ink">
          {planName(plan.plan as unknown as ShownPlan)}
        </h3>
        <Badge tone={badge.tone}>{badge.label}</Badge>
        {current && <Badge>Current plan</Badge>}
      </div>
      {periodLine(plan, now) && <p className="text-sm text-ink-muted">{periodLine(plan, now)}</p>}
      {scheduledName && plan.scheduled_change_at && (
        <div className="flex flex-wrap items-center gap-3 rounded-md bg-surface-muted px-3 py-2 text-sm text-ink">
          <p>
            Changes to <strong>{scheduledName}</strong> on {formatDay(plan.scheduled_change_at)}.
          </p>
          <Button
            size="sm"
            variant="ghost"
            loading={running === 'undo-change'}
            onClick={() => void announceWhenDone(actions.undoChange(plan.id), 'Plan change undone')}
          >
            Keep current plan
          </Button>
        </div>
      )}
      <div className="flex flex-wrap gap-2">
        {actions.canChangeOrCancel(plan) && (
          <>
            <ChangePlanDialog
              userPlan={plan}
              choices={actions.changeChoices(plan)}
              onChange={(planId) =>
                announceWhenDone(actions.changePlan(plan.id, planId), 'Plan change scheduled')
              }
              busy={running === 'change'}
            />
            <CancelPlanDialog plan={plan} busy={running === 'cancel'} onConfirm={cancel} />
          </>
        )}
        {actions.canResume(plan) && (
          <Button
            size="sm"
            loading={running === 'resume'}
            onClick={() =>
              void announceWhenDone(actions.resume(plan.id), 'Plan resumed', 'It renews as before.')
            }
          >
            Resume plan
          </Button>
        )}
      </div>
      <FormAlert message={error === null ? null : paymentErrorMessage(error)} />
    </li>
  );
}

/** Draws the component again at `at` (epoch ms), when what it shows changes by itself. */
function useRedrawAt(at: number | null) {
  const [, redraw] = useReducer((count: number) => count + 1, 0);
  useEffect(() => {
    if (at === null) return;
    const timer = setTimeout(redraw, Math.max(0, at - Date.now()));
    return () => clearTimeout(timer);
  }, [at]);
}

/**
 * The member's subscriptions (docs/product.md#what-things-cost: the visible plans, newest first, the current one
 * marked): status, renewal or end date, cancel with a confirmation (the store keeps the server's record, or marks
 * it `cancelled` on 404), resume before the period ends, and a change of plan scheduled for the period's end, which
 * can be undone (the user plan actions store).
 */
export function PlansSection() {
  const plans = usePlanStore();
  const actions = useUserPlanActionsStore();
  const userPlans = useStore(plans, (state) => state.userPlans);
  const regular = useStore(plans, (state) => state.regular);
  usePageDataPending(
    userPlans.data.length === 0 && (userPlans.status === 'idle' || userPlans.status === 'loading'),
  );
  useEffect(() => {
    void plans.loadUserPlans().catch(() => undefined);
    if (plans.getState().regular.status === 'idle') void plans.loadRegular().catch(() => undefined);
  }, [plans]);
  useRedrawAt(plans.nextVisibleChangeAt());
  const visible = plans.visibleUserPlans() as unknown as ShownUserPlan[];
  const current = plans.currentUserPlan() as unknown as ShownUserPlan | null;
  const names = new Map(regular.data.map((plan) => [plan.id, planName(plan as unknown as ShownPlan)]));

  return (
    <AccountSection title="Plans" description="Your subscriptions: renewals, changes and cancellations.">
      {userPlans.status === 'failure' && userPlans.data.length === 0 ? (
        <div className="flex flex-col items-start gap-3">
          <FormAlert message="We could not load your plans." />
          <Button
            variant="secondary"
            size="sm"
            onClick={() => void plans.loadUserPlans().catch(() => undefined)}
          >
            Try again
          </Button>
        </div>
      ) : userPlans.status !== 'success' && userPlans.data.length === 0 ? (
        <Spinner label="Loading your plans" />
      ) : visible.length === 0 ? (
        <div className="flex flex-col items-start gap-3">
          <p className="text-ink-muted">
            You have no subscription. Message packs you bought are counted below.
          </p>
          <Link to="/pricing" className={buttonClasses({ size: 'sm' })}>
            See plans
          </Link>
        </div>
      ) : (
        <ul className="flex flex-col gap-4">
          {visible.map((plan) => (
            <PlanRow
              key={plan.id}
              plan={plan}
              current={plan.id === current?.id}
              names={names}
              actions={actions}
            />
          ))}
        </ul>
      )}
    </AccountSection>
  );
}
