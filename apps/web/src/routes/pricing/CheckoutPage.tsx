import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { offerFor, type DerivedPlan, type ListState, type Offer } from '@wingmate/core-sdk';
import { Badge, Button, buttonClasses, Card, Spinner } from '../../ui';
import { useUserInfo } from '../../stores/user-info';
import { CardPaymentFields } from './CardPaymentFields';
import { useOffers } from './offers';
import {
  DISABLED_PLAN_REASON,
  formatDay,
  formatMoney,
  offerLine,
  offerPrice,
  planName,
  totalLine,
  type ShownPlan,
} from './plan-text';
import { Receipt } from './Receipt';
import { TrialTerms } from './TrialTerms';
import { useLoadPlans, usePlanStore } from './use-plans';
import { useCheckout } from './use-payment';

type Plan = DerivedPlan<ShownPlan>;

const settled = (list: ListState<unknown>) => list.status === 'success' || list.status === 'failure';

/** The plan at `planId`: its free-trial listing for a trial plan (that list's disabling rules), else the regular one. */
function usePlan(planId: number): { plan: Plan | undefined; loading: boolean } {
  useLoadPlans({ userPlans: false });
  const regular = usePlanStore((state) => state.regular) as ListState<Plan>;
  const freeTrial = usePlanStore((state) => state.freeTrial) as ListState<Plan>;
  const plan =
    freeTrial.data.find((candidate) => candidate.id === planId) ??
    regular.data.find((candidate) => candidate.id === planId);
  return { plan, loading: !plan && !(settled(regular) && settled(freeTrial)) };
}

function PageShell({ children }: { children: React.ReactNode }) {
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-8 px-gutter py-10 sm:py-14">{children}</div>
  );
}

function NotOnSale({ reason }: { reason: string }) {
  return (
    <PageShell>
      <h1 className="text-3xl font-semibold text-ink">This plan is not on sale</h1>
      <p className="text-ink-muted">{reason}</p>
      <Link to="/pricing" className={buttonClasses({ className: 'self-start' })}>
        See the plans
      </Link>
    </PageShell>
  );
}

function OrderSummary({ plan, offer, now }: { plan: Plan; offer?: Offer; now: number }) {
  const price = offer ? offerPrice(plan.price, offer.discount) : plan.price;
  const email = useUserInfo().info?.email;
  return (
    <Card className="flex flex-col gap-3">
      <h2 className="font-sans text-lg font-semibold text-ink">{planName(plan)}</h2>
      <div className="flex flex-wrap gap-2">
        {plan.tags.map((tag) => (
          <Badge key={tag}>{tag}</Badge>
        ))}
      </div>
      <p className="text-ink">{offer ? offerLine(plan, price) : totalLine(plan)}</p>
      {offer && (
        <p className="text-sm text-ink-muted">
          <span className="font-semibold text-ink">{offer.title}</span>: {offer.discount}% off the first
          payment
        </p>
      )}
      {plan.isFreeTrial ? (
        <TrialTerms plan={plan} price={price} startMs={now} email={email} />
      ) : (
        <p className="flex justify-between border-t border-line pt-3 font-semibold text-ink">
          <span>Due today</span>
          <span className="tabular-nums">{formatMoney(price, plan.currency)}</span>
        </p>
      )}
    </Card>
  );
}

function PlanCheckout({ plan }: { plan: Plan }) {
  const offers = useOffers();
  const now = Date.now();
  const offer = offerFor(offers, plan.id, now);
  const trial = plan.isFreeTrial;
  const payment = useCheckout();
  const { savedCard } = payment;
  const [useSaved, setUseSaved] = useState(true);

  if (payment.state.phase === 'paid') {
    const { intent, confirmation } = payment.state.result;
    const periodEnd = confirmation.user_plan.current_period_end;
    return (
      <PageShell>
        <Receipt
          title={trial ? 'Your free trial has started' : 'Payment received'}
          lines={[
            { label: 'Plan', value: planName(plan) },
            { label: trial ? 'Charged today' : 'Paid', value: formatMoney(intent.amount, intent.currency) },
            ...(periodEnd
              ? [{ label: trial ? 'First payment on' : 'Renews on', value: formatDay(periodEnd) }]
              : []),
          ]}
        />
      </PageShell>
    );
  }

  const paying = payment.state.phase === 'paying';
  const offerSaved = !trial && savedCard !== null;
  const payingWithSaved = offerSaved && useSaved;
  const chargeNow = trial ? 0 : offer ? offerPrice(plan.price, offer.discount) : plan.price;
  return (
    <PageShell>
      <title>{`Checkout: ${planName(plan)}`}</title>
      <div>
        <Link to="/pricing" className="text-sm font-medium text-brand hover:underline">
          Back to pricing
        </Link>
        <h1 className="mt-2 text-3xl font-semibold text-ink sm:text-4xl">
          {trial ? 'Start your free trial' : 'Checkout'}
        </h1>
      </div>
      <div className="grid items-start gap-8 lg:grid-cols-[1fr_1.1fr]">
        <OrderSummary plan={plan} offer={offer} now={now} />
        <Card>
          <form
            noValidate
            className="flex flex-col gap-5"
            onSubmit={(event) => {
              event.preventDefault();
              payment.pay({ planId: plan.id, offerId: offer?.id, trial }, { savedCard: payingWithSaved });
            }}
          >
            <h2 className="font-sans text-lg font-semibold text-ink">
              {trial ? 'Check your card' : 'Pay by card'}
            </h2>
            <CardPaymentFields
              payment={payment}
              offeredCard={offerSaved ? savedCard : null}
              useSaved={useSaved}
              onUseSavedChange={setUseSaved}
              amount={chargeNow}
              currency={plan.currency}
            />
            <Button type="submit" size="lg" loading={paying}>
              {trial ? 'Start free trial' : 'Pay'}
            </Button>
            <p className="text-xs text-ink-muted">
              {trial
                ? 'Nothing is charged today. Cancel from your account before the trial ends and you pay nothing.'
                : `You pay ${formatMoney(chargeNow, plan.currency)} now.`}{' '}
              Payments are processed securely; we never store your full card number.
            </p>
          </form>
        </Card>
      </div>
    </PageShell>
  );
}

/** `/checkout/:planId` (docs/web.md#routes): the plan, its offer, trial terms, card entry, confirm, then a receipt. */
export function CheckoutPage() {
  const planId = Number(useParams().planId);
  const { plan, loading } = usePlan(planId);
  if (loading)
    return (
      <PageShell>
        <h1 className="text-3xl font-semibold text-ink">Checkout</h1>
        <Spinner label="Loading the plan" />
      </PageShell>
    );
  if (!plan)
    return <NotOnSale reason="We could not find this plan. It may have been retired; choose another." />;
  if (plan.isDisabled) return <NotOnSale reason={DISABLED_PLAN_REASON} />;
  return <PlanCheckout key={plan.id} plan={plan} />;
}
