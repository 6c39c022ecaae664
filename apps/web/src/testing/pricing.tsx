import { operations, type OperationId } from '@wingmate/api-contract';
import type { ResponseOf } from '@wingmate/core-sdk';
import type { RouteObject } from 'react-router-dom';
import type { WebConfig } from '../config';
import { memoryAbStorage, renderFrame, servicesFor, type RenderedFrame } from './render-frame';
import { fakeClient, type FakeClient, type FakeRoutes } from './fake-client';

export type Plan = ResponseOf<'listPlans'>['results'][number];
export type UserPlan = ResponseOf<'listUserPlans'>['results'][number];

const stamp = '2026-11-01T10:00:00.000Z';

/** A catalogue plan as the API answers it; a 50-message pack unless told otherwise. */
export function plan(overrides: Partial<Plan> & { id: number }): Plan {
  return {
    created_at: stamp,
    updated_at: stamp,
    plan_type: 'metered',
    recurring: 1,
    billing_period: null,
    messages: 50,
    price: 9.99,
    discount: 0,
    popular: false,
    trial_period_days: 0,
    currency: 'usd',
    ...overrides,
  };
}

export const pack50 = plan({ id: 1, name: '50 messages' });
export const pack200 = plan({
  id: 2,
  name: '200 messages',
  messages: 200,
  price: 29.99,
  discount: 25,
  popular: true,
});
export const monthly = plan({
  id: 5,
  name: 'Standard monthly',
  plan_type: 'standard',
  billing_period: 'MONTH',
  messages: null,
  price: 19.99,
});
/** Disabled in the regular list: standard MONTH x12 without a trial (docs/product.md#plan-disabling). */
export const yearByMonths = plan({
  id: 6,
  name: 'Standard, 12 months',
  plan_type: 'standard',
  billing_period: 'MONTH',
  recurring: 12,
  messages: null,
  price: 149.99,
  discount: 37,
});
export const monthlyTrial = plan({
  id: 7,
  name: 'Standard monthly, free trial',
  plan_type: 'standard',
  billing_period: 'MONTH',
  messages: null,
  price: 19.99,
  trial_period_days: 7,
});
/** Disabled in the free-trial list: standard WEEK x1 (docs/product.md#plan-disabling). */
export const weeklyTrial = plan({
  id: 8,
  name: 'Standard weekly, free trial',
  plan_type: 'standard',
  billing_period: 'WEEK',
  messages: null,
  price: 6.99,
  trial_period_days: 3,
});
export const premiumMonthly = plan({
  id: 9,
  name: 'Premium monthly',
  plan_type: 'premium',
  billing_period: 'MONTH',
  messages: null,
  price: 29.99,
});

export const page = <T,>(results: T[]) => ({
  data: { count: results.length, next: null, previous: null, results },
});

/** The fake-transport key of an operation (`'POST /api/v1/memberships/user_plans/3/cancel/'`), from the contract. */
export function call(id: OperationId, params: Record<string, string | number> = {}): string {
  const { method, path } = operations[id];
  return `${method} ${path.replace(/\{(\w+)\}/g, (_, name: string) => String(params[name]))}`;
}

export function requestsTo(
  requests: FakeClient['requests'],
  id: OperationId,
  params: Record<string, string | number> = {},
) {
  return requests.filter((request) => `${request.method} ${request.path}` === call(id, params));
}

/** A user plan of this plan; an active one bought a day ago unless told otherwise. */
export function userPlan(of: Plan, overrides: Partial<UserPlan> & { id: number }): UserPlan {
  return {
    plan: of,
    is_active: true,
    status: 'active',
    complete: true,
    created_at: stamp,
    updated_at: stamp,
    remaining_messages: of.plan_type === 'metered' ? of.messages : null,
    current_period_end: of.plan_type === 'metered' ? null : '2099-12-01T10:00:00.000Z',
    scheduled_plan_id: null,
    scheduled_change_at: null,
    ...overrides,
  };
}

export const userInfo = (remaining: number | null) => ({
  data: { pk: 7, remaining_messages: remaining, has_subscription: false, is_member: true },
});

export interface RenderOptions {
  signedIn?: boolean;
  config?: Partial<WebConfig>;
  /** A/B variants already stored on the device (abtest_offer, abtest_redirect); the engine reads them. */
  variants?: Record<string, string>;
  pages?: RouteObject[];
}

/** A page of the pricing area in the whole frame, over a fake transport. */
export function renderPricing(
  path: string,
  routes: FakeRoutes,
  { signedIn = true, config, variants, pages }: RenderOptions = {},
): FakeClient & { router: RenderedFrame['router'] } {
  const fake = fakeClient({ [call('getUserInfo')]: userInfo(12), ...routes }, { signedIn });
  const services = servicesFor(fake.client, {
    abStorage: memoryAbStorage({ abtest_homepage: 'control', ...variants }),
  });
  const frame = renderFrame({ path, services, config, ...(pages ? { pages } : {}) });
  return { ...fake, router: frame.router };
}
