import { useState } from 'react';
import { Button, Dialog, DialogClose, DialogContent, DialogTrigger } from '../../../ui';
import { formatDay, formatPeriodPrice, planName, type ShownPlan } from '../../pricing/plan-text';
import type { DerivedPlan } from '@wingmate/core-sdk';
import type { ShownUserPlan } from './user-plan-status';

interface ChangePlanDialogProps {
  userPlan: ShownUserPlan;
  /** The plans it can change to (the store's `changeChoices`). */
  choices: DerivedPlan<ShownPlan>[];
  /** Schedules the change; resolves true when it was made. */
  onChange: (planId: number) => Promise<boolean>;
  busy: boolean;
}

/**
 * Picks another subscription; the change takes effect at the end of the current period, with nothing charged now
 * (docs/decisions.md#money-at-checkout). Only plans the rules allow are offered (no message packs, no disabled plans).
 */
export function ChangePlanDialog({ userPlan, choices, onChange, busy }: ChangePlanDialogProps) {
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<number | null>(null);
  const end = userPlan.current_period_end;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setChosen(null);
      }}
    >
      <DialogTrigger asChild>
        <Button variant="secondary" size="sm">
          Change plan
        </Button>
      </DialogTrigger>
      <DialogContent
        title="Change your plan"
        description={
          end
            ? `Your new plan starts on ${formatDay(end)}, when this period ends. Nothing is charged now.`
            : 'Your new plan starts when this period ends. Nothing is charged now.'
        }
      >
        <form
          className="flex flex-col gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (chosen !== null) void onChange(chosen).then((changed) => changed && setOpen(false));
          }}
        >
          <fieldset className="flex flex-col gap-2">
            <legend className="sr-only">New plan</legend>
            {choices.length === 0 && <p className="text-ink-muted">There is no other plan to change to.</p>}
            {choices.map((plan) => (
              <label
                key={plan.id}
                className="flex cursor-pointer items-center gap-3 rounded-md border border-line px-3 py-2.5 has-checked:border-brand"
              >
                <input
                  type="radio"
                  name="new-plan"
                  value={plan.id}
                  checked={chosen === plan.id}
                  onChange={() => setChosen(plan.id)}
                  className="size-4 accent-brand"
                />
                <span className="flex-1 text-ink">{planName(plan)}</span>
                <span className="text-sm text-ink-muted tabular-nums">
                  {formatPeriodPrice(plan)} / {plan.periodUnit}
                </span>
              </label>
            ))}
          </fieldset>
          <div className="flex flex-wrap justify-end gap-3">
            <DialogClose asChild>
              <Button variant="secondary">Keep current plan</Button>
            </DialogClose>
            <Button type="submit" disabled={chosen === null} loading={busy}>
              Schedule change
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
