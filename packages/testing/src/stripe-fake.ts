import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';
import { sendJson, startHttpFake } from './http-fake';

/** One call the fake received: method, path and the form body decoded from Stripe's bracket notation. */
export interface StripeRequest {
  readonly method: string;
  readonly path: string;
  readonly params: Record<string, unknown>;
  /** The `Idempotency-Key` header stripe-node sent (its `idempotencyKey` option, or its own on POSTs). */
  readonly idempotencyKey?: string;
}

export interface FakeStripe {
  /** Pass as `STRIPE_API_BASE` (stripe-node's host, port and protocol). */
  readonly url: string;
  readonly secretKey: string;
  readonly requests: readonly StripeRequest[];
  /** Stored objects by id (customers, payment intents, subscriptions, prices...), as Stripe would answer them. */
  object(id: string): Record<string, unknown> | undefined;
  /**
   * Ends a subscription's current period, as advancing a Stripe test clock would, and answers the invoice of the
   * next period: the price and discounts of the schedule's next phase when there is one, else the subscription's
   * price, less the subscription's own coupons (a `once` coupon is spent by the first invoice it meets, a
   * trial's $0 one included). A trial ends (`active`); a schedule past its last phase releases the subscription.
   */
  advancePeriod(subscriptionId: string): Record<string, unknown>;
  close(): Promise<void>;
}

interface TestCard {
  readonly brand: string;
  readonly last4: string;
  readonly fingerprint: string;
  readonly decline?: { readonly decline_code: string; readonly message: string };
  /** Attaching succeeds and only charges decline (Stripe's 0341 card); other declining cards fail to attach. */
  readonly declinesOnlyCharges?: true;
}

/** Stripe's test payment methods and what charging them does (stripe.com/docs/testing). */
const testPaymentMethods: Readonly<Record<string, TestCard>> = {
  pm_card_visa: { brand: 'visa', last4: '4242', fingerprint: 'fpVisa4242' },
  pm_card_mastercard: { brand: 'mastercard', last4: '4444', fingerprint: 'fpMc4444' },
  pm_card_amex: { brand: 'amex', last4: '8431', fingerprint: 'fpAmex8431' },
  pm_card_discover: { brand: 'discover', last4: '9424', fingerprint: 'fpDiscover9424' },
  pm_card_jcb: { brand: 'jcb', last4: '0505', fingerprint: 'fpJcb0505' },
  pm_card_unionpay: { brand: 'unionpay', last4: '0005', fingerprint: 'fpUnionpay0005' },
  pm_card_chargeDeclined: {
    brand: 'visa',
    last4: '0002',
    fingerprint: 'fpVisa0002',
    decline: { decline_code: 'generic_decline', message: 'Your card was declined.' },
  },
  pm_card_chargeCustomerFail: {
    brand: 'visa',
    last4: '0341',
    fingerprint: 'fpVisa0341',
    decline: { decline_code: 'generic_decline', message: 'Your card was declined.' },
    declinesOnlyCharges: true,
  },
  pm_card_chargeDeclinedInsufficientFunds: {
    brand: 'visa',
    last4: '9995',
    fingerprint: 'fpVisa9995',
    decline: { decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
  },
};

type StripeObject = Record<string, unknown>;

class StripeError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
  ) {
    super(String(body.message));
  }
}

/**
 * A local server speaking Stripe's REST wire format (form-encoded requests in bracket notation, JSON objects
 * with `object: '...'`, errors as `{error: {type, code, decline_code, message}}`) for the calls the API's Stripe
 * adapter makes: customers, payment methods, payment intents, setup intents, prices, subscriptions, coupons and
 * subscription schedules.
 */
export async function startFakeStripe(secretKey = 'sk_test_fake'): Promise<FakeStripe> {
  const objects = new Map<string, StripeObject>();
  const requests: StripeRequest[] = [];
  const now = () => Math.floor(Date.now() / 1000);
  const store = <T extends StripeObject>(object: T): T => {
    objects.set(String(object.id), object);
    return object;
  };
  const find = (id: string, kind: string): StripeObject => {
    const object = objects.get(id);
    if (!object || object.object !== kind) {
      throw new StripeError(404, {
        type: 'invalid_request_error',
        code: 'resource_missing',
        message: `No such ${kind}: '${id}'`,
      });
    }
    return object;
  };

  const paymentMethod = (id: string): StripeObject => {
    const stored = objects.get(id);
    if (stored) return stored;
    const card = testPaymentMethods[id];
    if (!card) {
      throw new StripeError(404, {
        type: 'invalid_request_error',
        code: 'resource_missing',
        param: 'payment_method',
        message: `No such PaymentMethod: '${id}'`,
      });
    }
    return store({
      id,
      object: 'payment_method',
      type: 'card',
      customer: null,
      card: {
        brand: card.brand,
        last4: card.last4,
        fingerprint: card.fingerprint,
        exp_month: 12,
        exp_year: 2034,
      },
    });
  };

  /** Charges (or authorises) an intent's card: a declined card answers Stripe's 402 card error. */
  const confirm = (intent: StripeObject): StripeObject => {
    const card = testPaymentMethods[String(intent.payment_method)];
    if (card?.decline) {
      intent.status = 'requires_payment_method';
      intent.last_payment_error = { type: 'card_error', code: 'card_declined', ...card.decline };
      throw new StripeError(402, {
        type: 'card_error',
        code: 'card_declined',
        decline_code: card.decline.decline_code,
        message: card.decline.message,
        payment_intent: intent,
      });
    }
    intent.status = intent.capture_method === 'manual' ? 'requires_capture' : 'succeeded';
    const subscriptionId = intent.subscription as string | undefined;
    if (subscriptionId && intent.status === 'succeeded') {
      const subscription = objects.get(subscriptionId);
      if (subscription?.status === 'incomplete') subscription.status = 'active';
    }
    return intent;
  };

  const newIntent = (params: StripeObject, extra: StripeObject = {}): StripeObject => {
    const id = newId('pi');
    return store({
      id,
      object: 'payment_intent',
      amount: Number(params.amount),
      currency: (params.currency as string | undefined) ?? 'usd',
      customer: params.customer ?? null,
      payment_method: params.payment_method ?? null,
      capture_method: params.capture_method ?? 'automatic_async',
      client_secret: `${id}_secret_${randomBytes(8).toString('hex')}`,
      description: params.description ?? null,
      metadata: params.metadata ?? {},
      status: params.payment_method ? 'requires_confirmation' : 'requires_payment_method',
      created: now(),
      livemode: false,
      ...extra,
    });
  };

  const subscriptionItem = (price: StripeObject, start: number): StripeObject => ({
    id: newId('si'),
    object: 'subscription_item',
    price,
    quantity: 1,
    current_period_start: start,
    current_period_end: addInterval(start, price.recurring as StripeObject),
  });

  const releaseSchedule = (schedule: StripeObject): void => {
    schedule.status = 'released';
    schedule.released_subscription = schedule.subscription;
    const subscription = objects.get(String(schedule.subscription));
    if (subscription) subscription.schedule = null;
    schedule.subscription = null;
  };

  const advancePeriod = (subscriptionId: string): StripeObject => {
    const subscription = find(subscriptionId, 'subscription');
    const item = (subscription.items as { data: StripeObject[] }).data[0]!;
    const periodEnd = Number(item.current_period_end);
    let price = item.price as StripeObject;
    let phaseCoupons: StripeObject[] = [];
    const schedule = subscription.schedule
      ? find(subscription.schedule as string, 'subscription_schedule')
      : null;
    if (schedule) {
      const phases = schedule.phases as StripeObject[];
      const next = phases.find((phase) => Number(phase.start_date) === periodEnd);
      if (next) {
        const [nextItem] = next.items as StripeObject[];
        price = find(String(nextItem!.price), 'price');
        phaseCoupons = ((next.discounts as string[] | undefined) ?? []).map((id) => find(id, 'coupon'));
      } else if (schedule.end_behavior === 'release') {
        releaseSchedule(schedule);
      }
    }
    const ownCoupons = ((subscription.discounts as string[] | undefined) ?? []).map((id) =>
      find(id, 'coupon'),
    );
    subscription.discounts = stillApplying(ownCoupons);
    const coupons = [...ownCoupons, ...phaseCoupons];
    item.price = price;
    item.current_period_start = periodEnd;
    item.current_period_end = addInterval(periodEnd, price.recurring as StripeObject);
    subscription.status = 'active';
    const invoice = store({
      id: newId('in'),
      object: 'invoice',
      amount_due: lessCoupons(Number(price.unit_amount), coupons),
      currency: price.currency,
      billing_reason: 'subscription_cycle',
      discounts: coupons.map((coupon) => coupon.id),
      parent: { type: 'subscription_details', subscription_details: { subscription: subscriptionId } },
      lines: {
        object: 'list',
        data: [{ price: price.id, period: { start: periodEnd, end: item.current_period_end } }],
        has_more: false,
      },
    });
    subscription.latest_invoice = invoice.id;
    return invoice;
  };

  const routes: [string, RegExp, (match: RegExpMatchArray, params: StripeObject) => StripeObject][] = [
    [
      'POST',
      /^\/v1\/customers$/,
      (_m, params) =>
        store({
          id: newId('cus'),
          object: 'customer',
          email: params.email ?? null,
          name: params.name ?? null,
          metadata: params.metadata ?? {},
          invoice_settings: { default_payment_method: null },
        }),
    ],
    [
      'POST',
      /^\/v1\/customers\/([^/]+)$/,
      ([, id], params) => {
        const customer = find(id!, 'customer');
        if (params.invoice_settings) customer.invoice_settings = params.invoice_settings;
        return customer;
      },
    ],
    [
      'POST',
      /^\/v1\/payment_methods\/([^/]+)\/attach$/,
      ([, id], params) => {
        find(String(params.customer), 'customer');
        const method = paymentMethod(id!);
        const card = testPaymentMethods[id!];
        // Stripe checks a card when it is attached: a declining card fails here, except 0341's.
        if (card?.decline && !card.declinesOnlyCharges) {
          throw new StripeError(402, {
            type: 'card_error',
            code: 'card_declined',
            decline_code: card.decline.decline_code,
            message: card.decline.message,
          });
        }
        method.customer = params.customer;
        return method;
      },
    ],
    ['GET', /^\/v1\/payment_methods\/([^/]+)$/, ([, id]) => paymentMethod(id!)],
    [
      'POST',
      /^\/v1\/payment_intents$/,
      (_m, params) => {
        if (params.payment_method) paymentMethod(params.payment_method as string);
        if (Number(params.amount) < 50) {
          throw new StripeError(400, {
            type: 'invalid_request_error',
            code: 'amount_too_small',
            param: 'amount',
            message: 'Amount must be at least $0.50 usd',
          });
        }
        const intent = newIntent(params);
        return params.confirm === 'true' ? confirm(intent) : intent;
      },
    ],
    ['GET', /^\/v1\/payment_intents\/([^/]+)$/, ([, id]) => find(id!, 'payment_intent')],
    [
      'POST',
      /^\/v1\/payment_intents\/([^/]+)\/confirm$/,
      ([, id], params) => {
        const intent = find(id!, 'payment_intent');
        if (intent.status === 'succeeded') {
          throw new StripeError(400, {
            type: 'invalid_request_error',
            code: 'payment_intent_unexpected_state',
            message:
              'You cannot confirm this PaymentIntent because it has already succeeded after being previously confirmed.',
          });
        }
        if (params.payment_method) intent.payment_method = paymentMethod(params.payment_method as string).id;
        return confirm(intent);
      },
    ],
    [
      'POST',
      /^\/v1\/payment_intents\/([^/]+)\/cancel$/,
      ([, id]) => {
        const intent = find(id!, 'payment_intent');
        intent.status = 'canceled';
        return intent;
      },
    ],
    [
      'POST',
      /^\/v1\/setup_intents$/,
      (_m, params) => {
        const method = paymentMethod(String(params.payment_method));
        if (params.customer) method.customer = params.customer;
        const card = testPaymentMethods[String(params.payment_method)];
        // Like Stripe's test cards that decline charges (0002, 9995): a setup succeeds, the hold later declines.
        return store({
          id: newId('seti'),
          object: 'setup_intent',
          customer: params.customer,
          payment_method: method.id,
          usage: params.usage,
          status: card ? 'succeeded' : 'requires_payment_method',
        });
      },
    ],
    [
      'GET',
      /^\/v1\/prices$/,
      (_m, params) => {
        const keys = Object.values((params.lookup_keys as StripeObject | undefined) ?? {});
        const data = [...objects.values()].filter((o) => o.object === 'price' && keys.includes(o.lookup_key));
        return { object: 'list', data, has_more: false, url: '/v1/prices' };
      },
    ],
    [
      'POST',
      /^\/v1\/prices$/,
      (_m, params) => {
        const recurring = params.recurring as StripeObject;
        return store({
          id: newId('price'),
          object: 'price',
          active: true,
          currency: params.currency,
          unit_amount: Number(params.unit_amount),
          lookup_key: params.lookup_key ?? null,
          product: store({
            id: newId('prod'),
            object: 'product',
            name: (params.product_data as StripeObject)?.name,
          }).id,
          recurring: { interval: recurring.interval, interval_count: Number(recurring.interval_count ?? 1) },
          type: 'recurring',
        });
      },
    ],
    [
      'POST',
      /^\/v1\/subscriptions$/,
      (_m, params) => {
        find(String(params.customer), 'customer');
        const items = Object.values(params.items as StripeObject) as StripeObject[];
        const price = find(String(items[0]!.price), 'price');
        const start = now();
        const trialDays = Number(params.trial_period_days ?? 0);
        const id = newId('sub');
        const invoiceId = newId('in');
        const payments: StripeObject[] = [];
        const coupons = Object.values((params.discounts as StripeObject | undefined) ?? {}).map((discount) =>
          find(String((discount as StripeObject).coupon), 'coupon'),
        );
        const amountDue = lessCoupons(Number(price.unit_amount), coupons);
        if (trialDays === 0) {
          const intent = newIntent(
            {
              amount: amountDue,
              currency: price.currency,
              customer: params.customer,
              payment_method: params.default_payment_method,
            },
            { subscription: id, invoice: invoiceId },
          );
          payments.push({
            id: newId('inpay'),
            object: 'invoice_payment',
            invoice: invoiceId,
            payment: { type: 'payment_intent', payment_intent: intent.id },
          });
        }
        const trialEnd = trialDays > 0 ? start + trialDays * 86400 : null;
        const item = subscriptionItem(price, start);
        if (trialEnd) item.current_period_end = trialEnd;
        const invoice = store({
          id: invoiceId,
          object: 'invoice',
          amount_due: trialDays > 0 ? 0 : amountDue,
          billing_reason: 'subscription_create',
          // The first invoice, a trial's $0 one too, takes every coupon given at creation.
          discounts: coupons.map((coupon) => coupon.id),
          parent: { type: 'subscription_details', subscription_details: { subscription: id } },
          payments: { object: 'list', data: payments, has_more: false },
        });
        return store({
          id,
          object: 'subscription',
          customer: params.customer,
          status: trialDays > 0 ? 'trialing' : 'incomplete',
          cancel_at_period_end: false,
          created: start,
          trial_end: trialEnd,
          schedule: null,
          discounts: stillApplying(coupons),
          default_payment_method: params.default_payment_method ?? null,
          metadata: params.metadata ?? {},
          payment_behavior: params.payment_behavior,
          items: { object: 'list', data: [item], has_more: false },
          latest_invoice: invoice.id,
        });
      },
    ],
    ['GET', /^\/v1\/subscriptions\/([^/]+)$/, ([, id]) => find(id!, 'subscription')],
    [
      'POST',
      /^\/v1\/coupons$/,
      (_m, params) => {
        if (params.id && objects.has(params.id as string)) {
          throw new StripeError(400, {
            type: 'invalid_request_error',
            code: 'resource_already_exists',
            message: 'Coupon already exists.',
          });
        }
        return store({
          id: params.id ?? newId('coupon'),
          object: 'coupon',
          percent_off: Number(params.percent_off),
          duration: params.duration,
          name: params.name ?? null,
          valid: true,
        });
      },
    ],
    ['GET', /^\/v1\/coupons\/([^/]+)$/, ([, id]) => find(id!, 'coupon')],
    [
      'POST',
      /^\/v1\/subscription_schedules$/,
      (_m, params) => {
        const subscription = find(String(params.from_subscription), 'subscription');
        if (subscription.schedule) {
          throw new StripeError(400, {
            type: 'invalid_request_error',
            message: 'You cannot migrate a subscription that is already attached to a schedule.',
          });
        }
        const item = (subscription.items as { data: StripeObject[] }).data[0]!;
        const phase = {
          start_date: item.current_period_start,
          end_date: item.current_period_end,
          items: [{ price: (item.price as StripeObject).id, quantity: 1 }],
          ...(subscription.status === 'trialing' && { trial_end: subscription.trial_end }),
        };
        const schedule = store({
          id: newId('sub_sched'),
          object: 'subscription_schedule',
          subscription: subscription.id,
          status: 'active',
          end_behavior: 'release',
          current_phase: { start_date: phase.start_date, end_date: phase.end_date },
          phases: [phase],
        });
        subscription.schedule = schedule.id;
        return schedule;
      },
    ],
    ['GET', /^\/v1\/subscription_schedules\/([^/]+)$/, ([, id]) => find(id!, 'subscription_schedule')],
    [
      'POST',
      /^\/v1\/subscription_schedules\/([^/]+)$/,
      ([, id], params) => {
        const schedule = find(id!, 'subscription_schedule');
        if (schedule.status !== 'active') {
          throw new StripeError(400, {
            type: 'invalid_request_error',
            message: `You cannot update a subscription schedule that is currently in the \`${String(schedule.status)}\` status.`,
          });
        }
        if (params.end_behavior) schedule.end_behavior = params.end_behavior;
        if (params.phases) {
          let previousEnd: number | undefined;
          schedule.phases = (Object.values(params.phases as StripeObject) as StripeObject[]).map((phase) => {
            const start = phase.start_date !== undefined ? Number(phase.start_date) : previousEnd;
            const duration = phase.duration as StripeObject | undefined;
            const end =
              phase.end_date !== undefined
                ? Number(phase.end_date)
                : duration && start !== undefined
                  ? addInterval(start, duration)
                  : undefined;
            previousEnd = end;
            return {
              ...phase,
              items: (Object.values(phase.items as StripeObject) as StripeObject[]).map((item) => ({
                price: find(String(item.price), 'price').id,
                quantity: Number(item.quantity ?? 1),
              })),
              discounts: Object.values((phase.discounts as StripeObject | undefined) ?? {}).map(
                (discount) => find(String((discount as StripeObject).coupon), 'coupon').id,
              ),
              ...(phase.trial_end !== undefined && { trial_end: Number(phase.trial_end) }),
              ...(start !== undefined && { start_date: start }),
              ...(end !== undefined && { end_date: end }),
            };
          });
        }
        return schedule;
      },
    ],
    [
      'POST',
      /^\/v1\/subscription_schedules\/([^/]+)\/release$/,
      ([, id]) => {
        const schedule = find(id!, 'subscription_schedule');
        releaseSchedule(schedule);
        return schedule;
      },
    ],
    [
      'POST',
      /^\/v1\/subscriptions\/([^/]+)$/,
      ([, id], params) => {
        const subscription = find(id!, 'subscription');
        if (params.cancel_at_period_end !== undefined)
          subscription.cancel_at_period_end = params.cancel_at_period_end === 'true';
        if (params.items) {
          const items = subscription.items as { data: StripeObject[] };
          for (const change of Object.values(params.items as StripeObject) as StripeObject[]) {
            const item = items.data.find((candidate) => candidate.id === change.id);
            if (!item)
              throw new StripeError(400, {
                type: 'invalid_request_error',
                code: 'resource_missing',
                message: `No such subscription item: '${String(change.id)}'`,
              });
            item.price = find(String(change.price), 'price');
          }
        }
        return subscription;
      },
    ],
  ];

  const server = await startHttpFake((request: IncomingMessage, body: string, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://stripe.local');
    const params = decodeForm(request.method === 'GET' ? url.search.slice(1) : body);
    const idempotencyKey = request.headers['idempotency-key'];
    requests.push({
      method: request.method ?? 'GET',
      path: url.pathname,
      params,
      ...(typeof idempotencyKey === 'string' && { idempotencyKey }),
    });
    if (request.headers.authorization !== `Bearer ${secretKey}`) {
      return sendJson(response, 401, {
        error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' },
      });
    }
    for (const [method, pattern, handle] of routes) {
      const match = url.pathname.match(pattern);
      if (request.method !== method || !match) continue;
      try {
        return sendJson(response, 200, expand(handle(match, params), expansions(params), objects));
      } catch (error) {
        if (error instanceof StripeError) return sendJson(response, error.status, { error: error.body });
        throw error;
      }
    }
    return sendJson(response, 404, {
      error: {
        type: 'invalid_request_error',
        message: `Unrecognized request URL (${request.method}: ${url.pathname}).`,
      },
    });
  });

  return {
    url: server.url,
    secretKey,
    requests,
    object: (id) => objects.get(id),
    advancePeriod: (subscriptionId) => structuredClone(advancePeriod(subscriptionId)),
    close: () => server.close(),
  };
}

function newId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString('hex')}`;
}

/** An amount less each coupon's percent off, rounded to the cent as Stripe does. */
function lessCoupons(amount: number, coupons: readonly StripeObject[]): number {
  return coupons.reduce<number>(
    (left, coupon) => Math.round((left * (100 - Number(coupon.percent_off ?? 0))) / 100),
    amount,
  );
}

/** The coupons still on a subscription after an invoice: a `once` coupon is spent by the first one. */
function stillApplying(coupons: readonly StripeObject[]): string[] {
  return coupons.filter((coupon) => coupon.duration !== 'once').map((coupon) => String(coupon.id));
}

function addInterval(start: number, recurring: StripeObject): number {
  const date = new Date(start * 1000);
  const count = Number(recurring.interval_count ?? 1);
  if (recurring.interval === 'week') date.setUTCDate(date.getUTCDate() + 7 * count);
  else if (recurring.interval === 'month') date.setUTCMonth(date.getUTCMonth() + count);
  else if (recurring.interval === 'year') date.setUTCFullYear(date.getUTCFullYear() + count);
  else date.setUTCDate(date.getUTCDate() + count);
  return Math.floor(date.getTime() / 1000);
}

/** Stripe's form encoding: `a[b][0][c]=v` becomes `{a: {b: {0: {c: 'v'}}}}` (lists stay keyed by index). */
export function decodeForm(form: string): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(form)) {
    const path = key.split(/\[|\]\[|\]/).filter(Boolean);
    let node = result;
    path.forEach((segment, index) => {
      if (index === path.length - 1) node[segment] = value;
      else node = (node[segment] ??= {}) as Record<string, unknown>;
    });
  }
  return result;
}

function expansions(params: StripeObject): string[] {
  return Object.values((params.expand as StripeObject | undefined) ?? {}).map(String);
}

/** `expand[]`: replaces ids along each dotted path with the stored objects (copies, so storage keeps ids). */
function expand(
  object: StripeObject,
  paths: readonly string[],
  objects: Map<string, StripeObject>,
): StripeObject {
  const copy = structuredClone(object);
  for (const path of paths) {
    let node: StripeObject | undefined = copy;
    for (const field of path.split('.')) {
      if (!node) break;
      const value: unknown = node[field];
      if (typeof value === 'string' && objects.has(value)) node[field] = structuredClone(objects.get(value));
      node = node[field] as StripeObject | undefined;
    }
  }
  return copy;
}
