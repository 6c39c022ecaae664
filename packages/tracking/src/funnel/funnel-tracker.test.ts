import { memoryStorage, type CallOutcome, type CallOutcomeListener } from '@wingmate/core-sdk';
import { createAnalyticsClient } from '../analytics/analytics-client';
import type { AnalyticsSdk } from '../analytics/analytics-sdk';
import { fakeLogger } from '../test-fakes';
import { firstMessageMemory } from './first-message-memory';
import { intent, userPlan } from './funnel-from-calls.cases';
import { createFunnelTracker } from './funnel-tracker';

/** The SDK client's outcomes, told by hand. */
function fakeOutcomes() {
  const listeners = new Set<CallOutcomeListener>();
  return {
    subscribe: (listener: CallOutcomeListener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    tell: (outcome: CallOutcome) => listeners.forEach((listener) => listener(outcome)),
  };
}

/** An analytics client on a fake service whose initialisation the test finishes by hand. */
function setup({ signedIn = false } = {}) {
  let finishInit: () => void = () => {};
  const sdk = {
    init: jest.fn(() => new Promise<void>((resolve) => (finishInit = resolve))),
    setUserId: jest.fn(),
    setUserProperties: jest.fn(),
    track: jest.fn(),
  } satisfies AnalyticsSdk;
  const logger = fakeLogger();
  const analytics = createAnalyticsClient({ apiKey: 'amp-key', sdk, deviceId: 'device-1', logger });
  const outcomes = fakeOutcomes();
  const storage = memoryStorage();
  const funnel = createFunnelTracker({
    analytics,
    outcomes,
    firstMessage: firstMessageMemory(storage),
    identities: () => ['uid-1'],
    isSignedIn: () => signedIn,
  });
  const initialised = async () => {
    finishInit();
    await jest.advanceTimersByTimeAsync(0);
  };
  const tracked = () => sdk.track.mock.calls.map(([name, properties]: unknown[]) => [name, properties]);
  return {
    sdk,
    analytics,
    logger,
    outcomes,
    funnel,
    storage,
    initialised,
    tracked,
    finishInit: () => finishInit(),
  };
}

const chatSend = (response: unknown = { remaining_messages: 2 }): CallOutcome => ({
  id: 'sendChatMessage',
  body: { body: 'Help me answer her text' },
  ok: true,
  response,
});

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('the funnel tracker (docs/product.md#attribution-ab-tests-and-analytics)', () => {
  it("sends a call's events in order, with the user properties it changed", async () => {
    const { sdk, outcomes, initialised, tracked } = setup();
    await initialised();
    outcomes.tell({
      id: 'verifyPin',
      body: { code: '123456' },
      ok: true,
      response: { access: 'a', created: true },
    });
    await jest.advanceTimersByTimeAsync(0);
    expect(tracked()).toEqual([
      ['signed_up', { method: 'phone' }],
      ['verified', { method: 'phone' }],
    ]);
    expect(sdk.setUserProperties).toHaveBeenCalledWith({ sign_up_method: 'phone', member_status: 'member' });
  });

  it("sends a call's events after what the call's caller does in the same turn (a sign-in's user id)", async () => {
    const { sdk, outcomes, initialised, analytics } = setup();
    await initialised();
    outcomes.tell({ id: 'verifyPin', body: {}, ok: true, response: { access: 'a', created: true } });
    // The SDK stores the session (and the page sets the user id) a few promise turns after the call answered.
    void (async () => {
      for (let turn = 0; turn < 10; turn++) await Promise.resolve();
      void analytics.setUserId('7');
    })();
    await jest.advanceTimersByTimeAsync(0);
    const [firstTrack] = sdk.track.mock.invocationCallOrder;
    expect(sdk.setUserId.mock.invocationCallOrder[0]).toBeLessThan(firstTrack ?? 0);
  });

  it("marks a person's first message, once, and tells the messages left", async () => {
    const { outcomes, initialised, tracked } = setup();
    await initialised();
    outcomes.tell(chatSend({ remaining_messages: 2 }));
    outcomes.tell(chatSend({ remaining_messages: 1 }));
    outcomes.tell(chatSend(null));
    await jest.advanceTimersByTimeAsync(0);
    expect(tracked()).toEqual([
      ['first_message_sent', { signed_in: false }],
      ['message_sent', { is_first: true, signed_in: false, messages_left: 2 }],
      ['message_sent', { is_first: false, signed_in: false, messages_left: 1 }],
      ['message_sent', { is_first: false, signed_in: false }],
    ]);
  });

  it('never sends the message text', async () => {
    const { sdk, outcomes, initialised } = setup();
    await initialised();
    outcomes.tell(chatSend());
    await jest.advanceTimersByTimeAsync(0);
    expect(JSON.stringify(sdk.track.mock.calls)).not.toContain('Help me answer');
  });

  it('sends a user property only when its value changed', async () => {
    const { sdk, funnel, initialised } = setup();
    await initialised();
    void funnel.setUserProperties({ member_status: 'visitor', abtest_homepage: 'control' });
    void funnel.setUserProperties({ member_status: 'visitor', abtest_homepage: 'control' });
    void funnel.setUserProperties({ member_status: 'member', abtest_homepage: 'control' });
    await jest.advanceTimersByTimeAsync(0);
    expect(sdk.setUserProperties.mock.calls).toEqual([
      [{ member_status: 'visitor', abtest_homepage: 'control' }],
      [{ member_status: 'member' }],
    ]);
  });

  it("keeps a subscriber's plan when they top up", async () => {
    const { sdk, outcomes, initialised } = setup();
    await initialised();
    const settle = (planType: 'metered' | 'premium', id: number): CallOutcome => ({
      id: 'confirmPaymentIntent',
      body: {},
      ok: true,
      response: { status: 'succeeded', user_plan: { ...userPlan('active', planType), id } },
    });
    outcomes.tell(settle('premium', 1));
    outcomes.tell(settle('metered', 2));
    await jest.advanceTimersByTimeAsync(0);
    expect(sdk.setUserProperties.mock.calls).toEqual([[{ plan: 'premium' }]]);
  });

  it('sends a screen event typed by its name', async () => {
    const { funnel, initialised, tracked } = setup();
    await initialised();
    void funnel.track('paywall_seen', { reason: 'free_messages_used', where: 'chat' });
    await jest.advanceTimersByTimeAsync(0);
    expect(tracked()).toEqual([['paywall_seen', { reason: 'free_messages_used', where: 'chat' }]]);
  });

  it('stops following the calls once disposed', async () => {
    const { outcomes, funnel, initialised, tracked } = setup();
    await initialised();
    funnel.dispose();
    outcomes.tell({ id: 'createPaymentIntent', body: {}, ok: true, response: intent(9.99) });
    await jest.advanceTimersByTimeAsync(0);
    expect(tracked()).toEqual([]);
  });
});

describe('the funnel under the analytics wait (5 s, polled every 100 ms)', () => {
  it('sends events and user properties made before initialisation at the next poll after it', async () => {
    const { sdk, outcomes, finishInit, tracked } = setup();
    outcomes.tell({ id: 'registerEmail', body: {}, ok: true, response: { access: 'a' } });
    await jest.advanceTimersByTimeAsync(230);
    finishInit();
    await jest.advanceTimersByTimeAsync(69);
    expect(sdk.track).not.toHaveBeenCalled();
    expect(sdk.setUserProperties).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(1);
    expect(tracked()).toEqual([['signed_up', { method: 'email' }]]);
    expect(sdk.setUserProperties).toHaveBeenCalledWith({
      sign_up_method: 'email',
      member_status: 'unverified',
    });
  });

  it('still waits at 4,900 ms', async () => {
    const { sdk, outcomes, funnel, logger } = setup();
    outcomes.tell(chatSend());
    void funnel.setUserProperties({ plan: 'none' });
    await jest.advanceTimersByTimeAsync(4_900);
    expect(sdk.track).not.toHaveBeenCalled();
    expect(sdk.setUserProperties).not.toHaveBeenCalled();
    expect(logger.warn).not.toHaveBeenCalled();
  });

  it('skips events and user properties, with a log, when analytics is not initialised after 5,000 ms', async () => {
    const { sdk, outcomes, funnel, logger, finishInit } = setup();
    outcomes.tell(chatSend());
    const paywall = funnel.track('paywall_seen', { reason: 'out_of_messages', where: 'chat' });
    const properties = funnel.setUserProperties({ plan: 'metered' });
    await jest.advanceTimersByTimeAsync(5_000);
    await expect(Promise.all([paywall, properties])).resolves.toEqual([undefined, undefined]);
    finishInit();
    await jest.advanceTimersByTimeAsync(1_000);
    expect(sdk.track).not.toHaveBeenCalled();
    expect(sdk.setUserProperties).not.toHaveBeenCalled();
    expect(logger.warn).toHaveBeenCalledWith(
      'analytics: event first_message_sent skipped, analytics is not initialised',
    );
    expect(logger.warn).toHaveBeenCalledWith(
      'analytics: event message_sent skipped, analytics is not initialised',
    );
    expect(logger.warn).toHaveBeenCalledWith(
      'analytics: event paywall_seen skipped, analytics is not initialised',
    );
    expect(logger.warn).toHaveBeenCalledWith(
      'analytics: set user properties skipped, analytics is not initialised',
    );
  });
});
