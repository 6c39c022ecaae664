import { timerSleep, type CallOutcome, type CallOutcomes, type Sleep } from '@wingmate/core-sdk';
import type { AnalyticsClient } from '../analytics/analytics-client';
import type { Properties } from '../analytics/analytics-sdk';
import type { FunnelEventName, FunnelEvents, FunnelEvent } from './funnel-events';
import { funnelEvent } from './funnel-events';
import { CHAT_SENDS, funnelStepOf, newFunnelCallMemory, type FunnelStep } from './funnel-from-calls';
import type { FirstMessageMemory } from './first-message-memory';
import type { FunnelUserProperties } from './funnel-user-properties';

export interface FunnelTrackerOptions {
  /** The analytics client: its wait (5 s, polled every 100 ms) applies to every event and user property. */
  analytics: Pick<AnalyticsClient, 'logEvent' | 'setUserProperties'>;
  /** The SDK client's call outcomes: sign-ups, verification, chat sends and payments are read from them. */
  outcomes: CallOutcomes;
  firstMessage: FirstMessageMemory;
  /** Who is here: the device's uid and, when signed in, the account id. */
  identities(): string[];
  isSignedIn(): boolean;
  /** The delay function (the next task); injected by tests. */
  sleep?: Sleep;
}

export interface FunnelTracker {
  /** Sends one funnel event; for what only a screen knows (the paywall opening). */
  track<E extends FunnelEventName>(name: E, properties: FunnelEvents[E]): Promise<void>;
  /** Sends the user properties that changed since the last call, and nothing when none did. */
  setUserProperties(properties: Partial<FunnelUserProperties>): Promise<void>;
  /** Stops following the calls. */
  dispose(): void;
}

const PLAN_RANK: Readonly<Record<FunnelUserProperties['plan'], number>> = {
  none: 0,
  metered: 1,
  standard: 2,
  premium: 3,
};

/**
 * The product funnel (docs/product.md#attribution-ab-tests-and-analytics): follows the SDK's calls and
 * sends each funnel event once per occurrence, in the order the calls ended, with the user properties they
 * change. Any client of core-sdk (web or mobile) gets the same events by creating one on its client.
 */
export function createFunnelTracker(options: FunnelTrackerOptions): FunnelTracker {
  const { analytics } = options;
  const memory = newFunnelCallMemory();
  /** The user properties last sent, by name. */
  const sent: Record<string, unknown> = {};
  const sentPlan = () => (sent['plan'] as FunnelUserProperties['plan'] | undefined) ?? 'none';

  const sleep = options.sleep ?? timerSleep;
  // Everything goes out from the next task, in the order asked: by then a sign-in call has also stored its session,
  // so `signed_up` already carries the new account's user id.
  const nextTask = () => sleep(0);
  const send = async (event: FunnelEvent) => {
    await nextTask();
    await analytics.logEvent(event.name, event.properties);
  };

  const setUserProperties = async (properties: Partial<FunnelUserProperties>) => {
    const changed = Object.fromEntries(
      Object.entries(properties).filter(([name, value]) => value !== undefined && sent[name] !== value),
    ) as Partial<FunnelUserProperties>;
    if (!Object.keys(changed).length) return;
    Object.assign(sent, changed);
    await nextTask();
    await analytics.setUserProperties(changed as Properties);
  };

  const onOutcome = (outcome: CallOutcome) => {
    const step =
      outcome.ok && CHAT_SENDS.has(outcome.id)
        ? messageStep(outcome.response)
        : funnelStepOf(outcome, memory);
    const { plan, ...others } = step.userProperties;
    // A top-up bought by a subscriber leaves them on their subscription: the plan property only goes up here.
    const planUp = plan && PLAN_RANK[plan] > PLAN_RANK[sentPlan()] ? { plan } : {};
    void setUserProperties({ ...others, ...planUp });
    for (const event of step.events) void send(event);
  };

  const messageStep = (response: unknown): FunnelStep => {
    const signedIn = options.isSignedIn();
    const isFirst = options.firstMessage.isFirst(options.identities());
    const left = (response as { remaining_messages?: unknown } | null)?.remaining_messages;
    const messagesLeft = typeof left === 'number' ? { messages_left: left } : {};
    const events: FunnelEvent[] = isFirst ? [funnelEvent('first_message_sent', { signed_in: signedIn })] : [];
    events.push(funnelEvent('message_sent', { is_first: isFirst, signed_in: signedIn, ...messagesLeft }));
    return { events, userProperties: {} };
  };

  const unsubscribe = options.outcomes.subscribe(onOutcome);
  return {
    track: (name, properties) => send(funnelEvent(name, properties)),
    setUserProperties,
    dispose: unsubscribe,
  };
}
