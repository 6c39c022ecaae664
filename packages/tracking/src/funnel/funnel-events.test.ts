import { readFileSync } from 'node:fs';
import path from 'node:path';
import { FUNNEL_EVENT_NAMES, funnelEvent, type FunnelEventName, type FunnelEvents } from './funnel-events';

const productDoc = readFileSync(path.resolve(__dirname, '../../../../docs/product.md'), 'utf8');

/** The funnel table of docs/product.md#attribution-ab-tests-and-analytics: event name -> properties cell. */
function documentedEvents(): Map<string, string> {
  const rows = productDoc.split('\n').filter((line) => /^\s*\| `[a-z_]+` *\|/.test(line));
  return new Map(
    rows.map((row) => {
      const [name = '', , properties = ''] = row
        .split('|')
        .slice(1)
        .map((cell) => cell.trim());
      return [name.replaceAll('`', ''), properties];
    }),
  );
}

/** One example of each event, typed by the catalogue: a property added or renamed there shows here. */
const examples: { [E in FunnelEventName]: FunnelEvents[E] } = {
  sign_up_started: { method: 'phone' },
  signed_up: { method: 'email' },
  verified: { method: 'google' },
  first_message_sent: { signed_in: false },
  message_sent: { is_first: true, signed_in: false, messages_left: 2 },
  paywall_seen: { reason: 'free_messages_used', where: 'chat' },
  checkout_started: { plan_id: 3, plan_type: 'metered', amount: 9.99, currency: 'usd', trial: false },
  trial_started: { plan_id: 5, plan_type: 'standard', trial_days: 3 },
  purchase_completed: { plan_id: 3, plan_type: 'metered', amount: 9.99, currency: 'usd' },
  payment_declined: { code: 'card_declined', step: 'payment' },
};

describe('the funnel catalogue (docs/product.md#attribution-ab-tests-and-analytics)', () => {
  it('names every event once', () => {
    expect(new Set(FUNNEL_EVENT_NAMES).size).toBe(FUNNEL_EVENT_NAMES.length);
    expect([...FUNNEL_EVENT_NAMES].sort()).toEqual(Object.keys(examples).sort());
  });

  it('is the list docs/product.md#attribution-ab-tests-and-analytics documents, in its order', () => {
    expect([...documentedEvents().keys()]).toEqual([...FUNNEL_EVENT_NAMES]);
  });

  it.each(FUNNEL_EVENT_NAMES)('documents every property of %s', (name) => {
    const documented = documentedEvents().get(name) ?? '';
    for (const property of Object.keys(examples[name])) expect(documented).toContain(`\`${property}\``);
  });

  it('builds an event with its properties', () => {
    expect(funnelEvent('verified', { method: 'apple' })).toEqual({
      name: 'verified',
      properties: { method: 'apple' },
    });
  });
});
