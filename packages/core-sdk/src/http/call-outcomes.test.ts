import type { CallOutcome } from './call-outcomes';
import { fakeClient } from '../testing/fake-api';

describe('call outcomes (docs/product.md#attribution-ab-tests-and-analytics: the funnel follows the flows)', () => {
  it('tells a listener once of a call that succeeded, with its body and answer', async () => {
    const { client } = fakeClient(() => ({
      status: 200,
      data: { detail: 'sent', phone_number: '+12025550123' },
    }));
    const seen: CallOutcome[] = [];
    client.outcomes.subscribe((outcome) => seen.push(outcome));
    await client.auth.registerPhone({ phone_number: '+12025550123' });
    expect(seen).toEqual([
      {
        id: 'registerPhone',
        body: expect.objectContaining({ phone_number: '+12025550123' }),
        ok: true,
        response: { detail: 'sent', phone_number: '+12025550123' },
      },
    ]);
  });

  it('tells a listener once of a call that failed, after the transport gave up', async () => {
    const { client } = fakeClient(() => ({
      status: 402,
      data: { detail: 'Declined', code: 'card_declined' },
    }));
    const seen: CallOutcome[] = [];
    client.session.signIn({ access: 'access-1', refresh: 'refresh-1' });
    client.outcomes.subscribe((outcome) => seen.push(outcome));
    await expect(client.memberships.confirmPaymentIntent({ payment_intent_id: 'pi_1' })).rejects.toThrow();
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({
      id: 'confirmPaymentIntent',
      ok: false,
      error: { status: 402, code: 'card_declined' },
    });
  });

  it('keeps the call working when a listener throws, and stops telling one that unsubscribed', async () => {
    const { client } = fakeClient(() => ({ status: 200, data: { results: [] } }));
    client.outcomes.subscribe(() => {
      throw new Error('listener broke');
    });
    const later = jest.fn();
    client.outcomes.subscribe(later)();
    await expect(client.auth.getUserInfo()).resolves.toEqual({ results: [] });
    expect(later).not.toHaveBeenCalled();
  });
});
