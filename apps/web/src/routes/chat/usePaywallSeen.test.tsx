import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AnalyticsClient } from '@wingmate/tracking';
import { renderFrame, servicesFor } from '../../testing/render-frame';
import { fakeClient, type FakeRoutes } from '../../testing/fake-client';
import {
  conversation,
  exchange,
  HISTORY,
  replyStream,
  STREAM,
  USER_INFO,
  visitorRoutes,
} from '../../testing/chat';

function fakeAnalytics(): { [K in keyof AnalyticsClient]: jest.Mock } {
  return {
    setUserId: jest.fn(async () => {}),
    setUserProperties: jest.fn(async () => {}),
    logEvent: jest.fn(async () => {}),
    pageView: jest.fn(async () => {}),
  };
}

function renderChat(routes: FakeRoutes, options: { signedIn?: boolean } = {}) {
  const fake = fakeClient(routes, options);
  const analytics = fakeAnalytics();
  renderFrame({ path: '/chat', services: servicesFor(fake.client, { analytics }) });
  const events = (name: string) =>
    (analytics.logEvent.mock.calls as Parameters<AnalyticsClient['logEvent']>[]).filter(
      ([eventType]) => eventType === name,
    );
  return { analytics, events };
}

const outOfMessages = { status: 402, data: { detail: 'No messages remaining.', code: 'no_messages' } };

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  sessionStorage.setItem('abtests', JSON.stringify({ abtest_verification: 'after_free' }));
});

describe('the chat funnel (docs/product.md#attribution-ab-tests-and-analytics)', () => {
  it('sends paywall_seen once each time the paywall opens, with why', async () => {
    const { events } = renderChat(visitorRoutes({ [STREAM]: outOfMessages }, { remaining: 1 }));
    await userEvent.type(await screen.findByRole('textbox', { name: 'Message' }), 'One more thing{Enter}');
    await screen.findByRole('dialog', { name: "You've used your free messages" });
    await waitFor(() => expect(events('paywall_seen')).toHaveLength(1));
    expect(events('paywall_seen')[0]).toEqual([
      'paywall_seen',
      { reason: 'free_messages_used', where: 'chat' },
    ]);

    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await userEvent.click(await screen.findByRole('button', { name: 'Send' }));
    await screen.findByRole('dialog', { name: "You've used your free messages" });
    await waitFor(() => expect(events('paywall_seen')).toHaveLength(2));
  });

  it("names a member's paywall out_of_messages when the 402 comes before their user info (just signed in)", async () => {
    let infoArrives = () => {};
    const info = new Promise<void>((resolve) => (infoArrives = resolve));
    const member = { ...conversation(0), remaining_messages: 0, has_subscription: false, is_member: true };
    const { events } = renderChat(
      {
        [HISTORY]: { data: { count: 0, next: null, previous: null, results: [] } },
        [USER_INFO]: async () => {
          await info;
          return { data: { pk: 1, first_name: 'Ada', ...member } };
        },
        'GET /auth/user/': { data: { pk: 1, first_name: 'Ada' } },
        [STREAM]: outOfMessages,
      },
      { signedIn: true },
    );
    await userEvent.type(await screen.findByRole('textbox', { name: 'Message' }), 'Hi{Enter}');
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Message' })).toHaveProperty('value', 'Hi'),
    );
    expect(screen.queryByRole('dialog')).toBeNull();

    act(() => infoArrives());
    await screen.findByRole('dialog', { name: "You're out of messages" });
    await waitFor(() => expect(events('paywall_seen')).toHaveLength(1));
    expect(events('paywall_seen')[0]).toEqual(['paywall_seen', { reason: 'out_of_messages', where: 'chat' }]);
  });

  it("sends a visitor's first message as first_message_sent, then message_sent, without its text", async () => {
    const stream = replyStream();
    const { analytics, events } = renderChat(
      visitorRoutes({ [STREAM]: () => stream.reply }, { remaining: 3 }),
    );
    await userEvent.type(await screen.findByRole('textbox', { name: 'Message' }), 'Hello there{Enter}');
    await screen.findByRole('button', { name: 'Stop' });
    act(() => stream.done(exchange('Hello there', 'Hi!')));
    await screen.findByText('Hi!');
    await waitFor(() => expect(events('message_sent')).toHaveLength(1));
    expect(events('first_message_sent')).toEqual([['first_message_sent', { signed_in: false }]]);
    expect(events('message_sent')[0]).toEqual(['message_sent', { is_first: true, signed_in: false }]);
    expect(JSON.stringify(analytics.logEvent.mock.calls)).not.toContain('Hello there');
  });
});
