import type { ResponseOf } from '@wingmate/core-sdk';
import type { FakeReply, FakeRequest, FakeRoutes } from './fake-client';

type HistoryMessage = ResponseOf<'getChatHistory'>['results'][number];
type Exchange = ResponseOf<'sendChatMessage'>;

export const STREAM = 'POST /api/v1/chat/stream/';
export const HISTORY = 'GET /api/v1/mobile/new_ai_history/';
export const USER_INFO = 'GET /api/v1/user/info/';
export const MOBILE_CHAT = 'POST /api/v1/mobile/chat/';
export const DELETE_HISTORY = 'POST /api/v1/chat/history/delete/';

/**
 * A reply stream the test writes to as the server would (`text/event-stream` blocks), read by the real SDK
 * through the fake transport: the screen sees each token when the test sends it.
 */
export function replyStream() {
  const queue: string[] = [];
  let wake: (() => void) | null = null;
  let ended = false;
  const push = (block: string) => {
    queue.push(block);
    wake?.();
    wake = null;
  };
  async function* body(): AsyncGenerator<string> {
    for (;;) {
      while (queue.length) yield queue.shift()!;
      if (ended) return;
      await new Promise<void>((resolve) => (wake = resolve));
    }
  }
  return {
    reply: { status: 200, data: body(), headers: { 'content-type': 'text/event-stream' } } as FakeReply,
    token: (text: string) => push(`event: token\ndata: ${JSON.stringify({ text })}\n\n`),
    done: (exchange: Exchange) => {
      push(`event: done\ndata: ${JSON.stringify(exchange)}\n\n`);
      ended = true;
    },
    error: (detail: string) => {
      push(`event: error\ndata: ${JSON.stringify({ detail, code: 'ai_unavailable' })}\n\n`);
      ended = true;
    },
  };
}

export function exchange(body: string, reply: string, id = 100, remaining: number | null = 2): Exchange {
  return {
    id,
    body,
    reply: { id: id + 1, body: reply, created_at: '2026-11-23T12:00:00Z' },
    remaining_messages: remaining,
    model: { name: 'wingmate-offline-1', offline: true },
  };
}

/** `count` messages, alternating person and AI, oldest first; ids from `firstId`. */
export function conversation(count: number, firstId = 1): HistoryMessage[] {
  return Array.from({ length: count }, (_, index) => ({
    id: firstId + index,
    role: index % 2 === 0 ? ('user' as const) : ('ai' as const),
    body: `${index % 2 === 0 ? 'Question' : 'Answer'} ${firstId + index}`,
    image: null,
    created_at: '2026-11-23T12:00:00Z',
  }));
}

/** The history call answering `messages` (oldest first) 20 a page, newest first, as the API does. */
export function historyOf(messages: readonly HistoryMessage[]) {
  return (request: FakeRequest): FakeReply => {
    const page = Number(request.query.get('page') ?? '1');
    const newestFirst = [...messages].reverse();
    const results = newestFirst.slice((page - 1) * 20, page * 20);
    const next = page * 20 < messages.length ? `http://api.test${HISTORY.slice(4)}?page=${page + 1}` : null;
    return { data: { count: messages.length, next, previous: null, results } };
  };
}

export const visitorInfo = (remaining: number) => ({
  pk: null,
  first_name: '',
  last_name: '',
  phone_number: null,
  email: null,
  system_number: '',
  date_joined: null,
  has_password: false,
  terms_accepted_at: null,
  remaining_messages: remaining,
  has_subscription: false,
  is_member: false,
});

/** A visitor's routes: a history, the user info (counting its loads) and the A/B list. */
export function visitorRoutes(
  extra: FakeRoutes,
  { history = [] as HistoryMessage[], remaining = 3, infoLoads = { count: 0 } } = {},
): FakeRoutes {
  return {
    [HISTORY]: historyOf(history),
    [USER_INFO]: () => {
      infoLoads.count++;
      return { data: visitorInfo(remaining) };
    },
    'GET /api/v1/analytics/abtest/': { data: [{ name: 'abtest_verification', value: 'after_free' }] },
    ...extra,
  };
}
