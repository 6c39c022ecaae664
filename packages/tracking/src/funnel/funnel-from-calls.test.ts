import { funnelCallCases, intent, userPlan } from './funnel-from-calls.cases';
import { funnelStepOf, newFunnelCallMemory } from './funnel-from-calls';
import type { CallOutcome } from '@wingmate/core-sdk';

describe('the funnel events of the SDK calls (docs/product.md#attribution-ab-tests-and-analytics)', () => {
  it.each(funnelCallCases)('$title', ({ outcome, step }) => {
    expect(funnelStepOf(outcome, newFunnelCallMemory())).toEqual(step);
  });

  it('never carries a contact, a name, a password or a code', () => {
    const told = JSON.stringify(
      funnelCallCases.map(({ outcome }) => funnelStepOf(outcome, newFunnelCallMemory())),
    );
    for (const personal of [
      'ana@example.com',
      '+12025550123',
      'Ana',
      'Silva',
      'secret-pass',
      '123456',
      'jwt',
    ]) {
      expect(told).not.toContain(personal);
    }
  });

  it('completes a purchase with the amount its intent charged (an offer taken off)', () => {
    const memory = newFunnelCallMemory();
    funnelStepOf({ id: 'createPaymentIntent', body: {}, ok: true, response: intent(7.5) }, memory);
    const step = funnelStepOf(
      {
        id: 'confirmPaymentIntent',
        body: {},
        ok: true,
        response: { status: 'succeeded', user_plan: userPlan('active') },
      },
      memory,
    );
    expect(step.events).toEqual([
      {
        name: 'purchase_completed',
        properties: { plan_id: 3, plan_type: 'metered', amount: 7.5, currency: 'usd' },
      },
    ]);
  });

  it('tells an intent and a settled plan once, when a Retry answers them again', () => {
    const memory = newFunnelCallMemory();
    const created: CallOutcome = { id: 'createPaymentIntent', body: {}, ok: true, response: intent(9.99) };
    const confirmed: CallOutcome = {
      id: 'confirmPaymentIntent',
      body: {},
      ok: true,
      response: { status: 'succeeded', user_plan: userPlan('active') },
    };
    const told = [created, created, confirmed, confirmed].flatMap(
      (outcome) => funnelStepOf(outcome, memory).events,
    );
    expect(told.map((event) => event.name)).toEqual(['checkout_started', 'purchase_completed']);
  });
});
