import type { PlanType, SignUpMethod } from './funnel-events';

/** What the person is to the product: no account, an account not yet vouched for, a member, a subscriber. */
export type MemberStatus = 'visitor' | 'unverified' | 'member' | 'subscriber';

/**
 * The user properties analytics keeps on the person (docs/product.md#attribution-ab-tests-and-analytics):
 * their plan, member status, how they signed up, and every A/B variant (`abtest_*`) they were given.
 */
export interface FunnelUserProperties {
  plan: 'none' | PlanType;
  member_status: MemberStatus;
  sign_up_method: SignUpMethod;
  [abtest: `abtest_${string}`]: string;
}

/** The account facts the member status is read from (the server's user info). */
export interface AccountFacts {
  signedIn: boolean;
  isMember: boolean;
  hasSubscription: boolean;
}

export function memberStatusOf({ signedIn, isMember, hasSubscription }: AccountFacts): MemberStatus {
  if (!signedIn) return 'visitor';
  if (hasSubscription) return 'subscriber';
  return isMember ? 'member' : 'unverified';
}

/** The user plans' fields the plan property is read from. */
export interface PlanHolding {
  is_active: boolean;
  remaining_messages: number | null;
  plan: { plan_type: PlanType };
}

/** The best plan held: a subscription (premium over standard), else metered messages left, else none. */
export function planPropertyOf(userPlans: readonly PlanHolding[]): FunnelUserProperties['plan'] {
  const active = userPlans.filter((held) => held.is_active);
  const types = new Set(
    active
      .filter((held) => held.plan.plan_type !== 'metered' || (held.remaining_messages ?? 0) > 0)
      .map((held) => held.plan.plan_type),
  );
  if (types.has('premium')) return 'premium';
  if (types.has('standard')) return 'standard';
  return types.has('metered') ? 'metered' : 'none';
}

/** The A/B assignments as user properties: only `abtest_*` names, so nothing else slips in. */
export function abTestProperties(
  assignments: Readonly<Record<string, string>>,
): Partial<FunnelUserProperties> {
  return Object.fromEntries(Object.entries(assignments).filter(([name]) => name.startsWith('abtest_')));
}
