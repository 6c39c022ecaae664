import { startTransition, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  currentOffers,
  groupPlansByType,
  offerFor,
  type DerivedPlan,
  type ListState,
  type Offer,
} from '@wingmate/core-sdk';
import { Button, Card, Spinner } from '../../ui';
import { signInPath } from '../../frame/RequireSignIn';
import { useServices } from '../../stores/services';
import { useSession } from '../../stores/session';
import { useUserInfo } from '../../stores/user-info';
import { useOffersLoad } from './offers';
import { PlanCard } from './PlanCard';
import { PlansLoading, PricingLayout } from './PricingLayout';
import { offerPrice, planTypeName, type ShownPlan } from './plan-text';
import { useAbVariant } from './use-ab-variant';
import { useLoadPlans, usePlans, usePlanStore } from './use-plans';

type Plan = DerivedPlan<ShownPlan>;

const settled = (list: ListState<unknown>) => list.status === 'success' || list.status === 'failure';

/** Packs, then standard, then premium: cheapest way in first; any other type after them. */
const groupOrder = ['metered', 'standard', 'premium'];
const groupRank = (type: string) =>
  groupOrder.includes(type) ? groupOrder.indexOf(type) : groupOrder.length;

interface PlanSectionProps {
  id: string;
  title: string;
  description: string;
  list: ListState<Plan>;
  currentPlanId: number | null;
  offers: Offer[];
  onRetry: () => void;
  onChoose: (plan: Plan) => void;
}

/** One list (regular or free trial), grouped by plan type, in the store's order (docs/product.md#plan-lists). */
function PlanSection({
  id,
  title,
  description,
  list,
  currentPlanId,
  offers,
  onRetry,
  onChoose,
}: PlanSectionProps) {
  const groups = Object.entries(groupPlansByType(list.data)).sort(([a], [b]) => groupRank(a) - groupRank(b));
  const now = Date.now();
  return (
    <section aria-labelledby={id} className="flex flex-col gap-6">
      <div>
        <h2 id={id} className="text-2xl font-semibold text-ink sm:text-3xl">
          {title}
        </h2>
        <p className="mt-1 text-ink-muted">{description}</p>
      </div>
      {(list.status === 'idle' || list.status === 'loading') && (
        <Spinner label={`Loading ${title.toLowerCase()}`} />
      )}
      {list.status === 'failure' && (
        <Card role="alert" className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-ink">These plans could not be loaded. {list.error?.message}</p>
          <Button variant="secondary" onClick={onRetry}>
            Try again
          </Button>
        </Card>
      )}
      {list.status === 'success' && groups.length === 0 && (
        <p className="text-ink-muted">No plans here right now.</p>
      )}
      {groups.map(([type, plans]) => (
        <div key={type} className="flex flex-col gap-3">
          <h3 className="font-sans text-lg font-semibold text-ink-muted">{planTypeName(type)}</h3>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {plans.map((plan) => {
              const offer = offerFor(offers, plan.id, now);
              return (
                <li key={plan.id}>
                  <PlanCard
                    plan={plan}
                    isCurrent={plan.id === currentPlanId}
                    offerPrice={offer ? offerPrice(plan.price, offer.discount) : undefined}
                    onChoose={onChoose}
                  />
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </section>
  );
}

function OffersBanner({ offers }: { offers: Offer[] }) {
  if (offers.length === 0) return null;
  return (
    <section
      aria-labelledby="offers-title"
      className="rounded-lg border border-brand bg-brand-soft p-5 text-on-brand-soft"
    >
      <h2 id="offers-title" className="font-sans text-lg font-semibold">
        Current offers
      </h2>
      <ul className="mt-2 flex flex-col gap-1">
        {offers.map((offer) => (
          <li key={offer.id}>
            <span className="font-semibold">{offer.title}</span>: {offer.description}
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * `/pricing` (docs/web.md#routes): the regular and free-trial lists, which first decided by `abtest_offer` for
 * members (visitors see the regular list first), each grouped by type; disabled plans shown with the reason; offers;
 * the member's current plan marked. A visitor who picks a plan signs up and comes back to its checkout.
 */
export function PricingPage() {
  useLoadPlans();
  const navigate = useNavigate();
  const isLoggedIn = useSession((state) => state.isLoggedIn);
  const offerVariant = useAbVariant('abtest_offer');
  // A member's list order waits for their A/B assignments, so the lists never swap places under them; the group
  // follows `is_member` of the user info, loaded here if nothing asked for it yet.
  useUserInfo();
  const { abEngine } = useServices();
  const abReady = useSyncExternalStore(
    abEngine.store.subscribe,
    () => abEngine.store.getState().status === 'ready',
  );
  const regular = usePlanStore((state) => state.regular) as ListState<Plan>;
  const freeTrial = usePlanStore((state) => state.freeTrial) as ListState<Plan>;
  const userPlans = usePlanStore((state) => state.userPlans);
  const plansStore = usePlans();
  const { offers, settled: offersSettled } = useOffersLoad();
  const running = useMemo(() => currentOffers(offers, Date.now()), [offers]);
  // Everything the lists show arrives before they are drawn, so nothing moves under the reader (a list loading
  // below another, the offers banner, a member's list order): one loading state, then the whole page.
  const allIn = settled(regular) && settled(freeTrial) && offersSettled && (!isLoggedIn || abReady);
  // Once shown the page stays: a list loaded again ("Try again") shows its own spinner in place.
  // The lists are drawn in a transition: React draws a dozen plan cards in slices of a few milliseconds with the
  // page responsive between them, instead of in the one long task of the store update that brought the last answer
  // (those renders are synchronous).
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (allIn && !ready) startTransition(() => setReady(true));
  }, [allIn, ready]);
  // The store's rule (visible plans, newest first); re-read whenever the user plans above change.
  const currentPlanId =
    isLoggedIn && userPlans.status === 'success' ? (plansStore.currentUserPlan()?.plan.id ?? null) : null;

  const choose = (plan: Plan) => {
    const checkout = `/checkout/${plan.id}`;
    void navigate(isLoggedIn ? checkout : signInPath(checkout, '/signup'));
  };

  const regularSection = (
    <PlanSection
      key="regular"
      id="regular-plans"
      title="Plans"
      description="Message packs never expire; subscriptions renew until you cancel."
      list={regular}
      currentPlanId={currentPlanId}
      offers={running}
      onRetry={() => void plansStore.loadRegular().catch(() => undefined)}
      onChoose={choose}
    />
  );
  const trialSection = (
    <PlanSection
      key="trial"
      id="trial-plans"
      title="Free trials"
      description="Try a subscription free. We check your card first and remind you before the trial ends."
      list={freeTrial}
      currentPlanId={currentPlanId}
      offers={running}
      onRetry={() => void plansStore.loadFreeTrial().catch(() => undefined)}
      onChoose={choose}
    />
  );
  const trialsFirst = isLoggedIn && offerVariant === 'trial';

  return (
    <PricingLayout>
      {!ready ? (
        <PlansLoading />
      ) : (
        <>
          <OffersBanner offers={running} />
          {trialsFirst ? [trialSection, regularSection] : [regularSection, trialSection]}
        </>
      )}
    </PricingLayout>
  );
}
