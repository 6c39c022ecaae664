import type { MatchChatMessage, MatchReplies } from '@wingmate/api-contract';
import { fakeClient, type FakeReply, type SeenRequest } from '../testing/fake-api';
import { detailOf, factOf, lineOf, matchOf, pageOf } from './match-fixtures';
import { createMatchStore } from './match-store';

const AT = '2026-11-28T03:30:00.000Z';
const LATER = '2026-11-28T03:31:00.000Z';
const used = {
  profile_answers: 2,
  match_profile: true,
  notes: false,
  summary: true,
  facts: [1],
  transcript_lines: 2,
  chat_messages: 0,
};
const message = (id: number, role: 'user' | 'ai', body: string): MatchChatMessage => ({
  id,
  role,
  body,
  used: role === 'ai' ? used : null,
  created_at: AT,
});
const replies: MatchReplies = {
  suggestions: (['playful', 'witty', 'sincere'] as const).map((tone, index) => ({
    id: `s-${index}`,
    kind: 'reply' as const,
    tone,
    text: `Reply ${index}`,
    sounds_like_you: null,
  })),
  used,
  remaining_messages: 4,
  created_at: AT,
};

/** Coaching messages a page on the fake API (the server's is 20), newest first, by offset as the server pages. */
const CHAT_PAGE = 2;

/**
 * A match on the fake API: its detail, transcript and four coaching messages (two pages); a message sent and the
 * three replies are kept in its chat. `refreshMemory` is the server bringing the memory up to date after an answer.
 * `answer` overrides a call.
 */
async function loadedMatch(answer: (request: SeenRequest) => FakeReply | undefined = () => undefined) {
  let memory = { summary: 'Likes jazz.', summary_updated_at: AT };
  const chat = [
    message(1, 'user', 'First?'),
    message(2, 'ai', 'Say hi'),
    message(3, 'user', 'Now?'),
    message(4, 'ai', 'Ask her out'),
  ];
  const { client, requests } = fakeClient((request) => {
    const own = answer(request);
    if (own) return own;
    const { method, path, query } = request;
    if (method === 'GET' && path === '/api/v1/matches/7/') {
      const detail = detailOf(matchOf(7, 'Sam'), [factOf(1, 'Has a dog')]);
      return { status: 200, data: { ...detail, memory: { ...detail.memory, ...memory } } };
    }
    if (path === '/api/v1/matches/7/lines/')
      return { status: 200, data: { results: [lineOf(1, 'them', 'Hey!'), lineOf(2, 'me', 'Hi Sam')] } };
    if (method === 'GET' && path === '/api/v1/matches/7/chat/') {
      const from = (Number(query['page']) - 1) * CHAT_PAGE;
      const newestFirst = [...chat].reverse();
      const next = newestFirst.length > from + CHAT_PAGE ? 'next' : null;
      return { status: 200, data: pageOf(newestFirst.slice(from, from + CHAT_PAGE), next) };
    }
    if (method === 'POST' && path === '/api/v1/matches/7/chat/') {
      const body = (request.body as { body: string }).body;
      const reply = message(chat.length + 2, 'ai', 'Go');
      const mine = chat.length + 1;
      chat.push(message(mine, 'user', body), reply);
      // An answer offers its quoted reply when asked about their message (docs/product.md#what-works-for-you).
      const suggestions = body.includes('answer')
        ? [{ ...replies.suggestions[0]!, id: `c-${reply.id}` }]
        : [];
      return { status: 201, data: { id: mine, body, reply, remaining_messages: 3, suggestions } };
    }
    if (method === 'POST' && path === '/api/v1/matches/7/replies/') {
      chat.push(message(chat.length + 1, 'ai', 'What do I answer? 3 replies'));
      return { status: 201, data: replies };
    }
    return { status: 500 };
  });
  let keys = 0;
  const store = createMatchStore(client.matches, 7, { newKey: () => `intent-${++keys}` });
  await store.load();
  const sent = () => requests.slice(3);
  const keyOf = (request: SeenRequest | undefined) => request?.config.headers.get('Idempotency-Key');
  const refreshMemory = () => {
    memory = { summary: 'Likes jazz. Free on Friday.', summary_updated_at: LATER };
  };
  const matchReads = () =>
    sent().filter(({ method, path }) => method === 'GET' && path === '/api/v1/matches/7/').length;
  return { store, requests, sent, keyOf, refreshMemory, matchReads };
}

const bodies = (chat: readonly MatchChatMessage[]) => chat.map((m) => m.body);

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('one match (docs/product.md#matches)', () => {
  it('loads the match with its memory, its transcript and the newest coaching messages, oldest first', async () => {
    const { store } = await loadedMatch();
    await store.loadOlderChat();
    const state = store.getState();
    expect(state.status).toBe('success');
    expect(state.match?.memory.facts.map((f) => f.text)).toEqual(['Has a dog']);
    expect(state.lines.map((l) => l.text)).toEqual(['Hey!', 'Hi Sam']);
    expect(bodies(state.chat)).toEqual(['First?', 'Say hi', 'Now?', 'Ask her out']);
    expect(state.hasOlderChat).toBe(false);
  });

  it('says a match that is not the person’s is not found', async () => {
    const { store } = await loadedMatch(({ path }) =>
      path === '/api/v1/matches/7/' ? { status: 404, data: { detail: 'Not found.' } } : undefined,
    );
    expect(store.getState()).toMatchObject({ status: 'failure', loadError: 'Not found.' });
  });

  it('checks fields against the limits before saving, and saves the status', async () => {
    const { store, sent } = await loadedMatch(({ method }) =>
      method === 'PUT' ? { status: 200, data: matchOf(7, 'Sam', { status: 'date_planned' }) } : undefined,
    );
    await expect(store.update({ name: 'x'.repeat(81) })).resolves.toBe(false);
    expect(store.getState().fieldProblems).toEqual({ name: 'The name can be at most 80 characters.' });
    await expect(store.setStatus('date_planned')).resolves.toBe(true);
    expect(sent().map((r) => r.body)).toEqual([{ status: 'date_planned' }]);
    expect(store.getState().match).toMatchObject({
      status: 'date_planned',
      memory: { summary: 'Likes jazz.' },
    });
  });

  it('refuses a non-image and a seventh photo before sending, and follows an upload', async () => {
    const photos = Array.from({ length: 6 }, (_, i) => ({
      id: i,
      image: 'x',
      width: 1,
      height: 1,
      variants: [],
    }));
    const { store, sent } = await loadedMatch(({ method, config }) => {
      if (method !== 'POST') return undefined;
      config.onUploadProgress?.({ loaded: 1, total: 4, progress: 0.25, bytes: 1, lengthComputable: true });
      return { status: 201, data: matchOf(7, 'Sam', { photos }) };
    });
    await expect(store.addPhoto(new Blob(['x'], { type: 'text/plain' }))).resolves.toBe(false);
    expect(store.getState().photoError).toBe(
      'That file is not a photo we can read. Choose a JPEG, PNG or WebP image.',
    );
    const progress: unknown[] = [];
    const stop = store.subscribe(({ photoUpload }) => progress.push(photoUpload));
    await expect(store.addPhoto(new Blob(['x'], { type: 'image/jpeg' }))).resolves.toBe(true);
    stop();
    expect(progress).toContainEqual({ fraction: 0.25 });
    expect(progress.at(-1)).toBeNull();
    expect(store.getState()).toMatchObject({
      photoError: null,
      match: { photos, memory: { summary: 'Likes jazz.' } },
    });
    await expect(store.addPhoto(new Blob(['x'], { type: 'image/jpeg' }))).resolves.toBe(false);
    expect(store.getState().photoError).toBe('A match keeps at most 6 photos. Remove one first.');
    expect(sent()).toHaveLength(1);
  });
});

describe('the transcript (docs/product.md#matches)', () => {
  it('adds a typed line, flips a line’s side, edits and removes one', async () => {
    const { store, sent } = await loadedMatch(({ method, path, body }) => {
      if (method === 'POST') return { status: 201, data: { results: [lineOf(3, 'them', 'Drinks?')] } };
      if (method === 'PUT')
        return { status: 200, data: { ...lineOf(1, 'them', 'Hey!'), ...(body as object) } };
      return method === 'DELETE' && path === '/api/v1/matches/7/lines/2/' ? { status: 204 } : undefined;
    });
    await store.addLine('them', 'Drinks?');
    await store.flipLine(1);
    await store.editLine(1, 'Hey you!');
    await store.removeLine(2);
    await expect(store.addLine('me', ' ')).resolves.toBe(false);
    expect(store.getState().lineError).toBe('A line needs some text.');
    expect(sent().map((r) => [r.method, r.body])).toEqual([
      ['POST', { lines: [{ side: 'them', text: 'Drinks?' }] }],
      ['PUT', { side: 'me' }],
      ['PUT', { text: 'Hey you!' }],
      ['DELETE', undefined],
    ]);
    expect(store.getState().lines.map((l) => [l.side, l.text])).toEqual([
      ['them', 'Hey you!'],
      ['them', 'Drinks?'],
    ]);
  });
});

describe('the memory (docs/product.md#how-a-matchs-memory-works)', () => {
  it('adds, edits, pins, unpins and forgets facts', async () => {
    const { store, sent } = await loadedMatch(({ method, body }) => {
      if (method === 'POST')
        return { status: 201, data: factOf(2, 'Vegan', { source: 'you', pinned: true }) };
      if (method === 'PUT') return { status: 200, data: factOf(1, 'Has a dog', { ...(body as object) }) };
      return method === 'DELETE' ? { status: 204 } : undefined;
    });
    await store.addFact('Vegan', true);
    await store.editFact(1, 'Has two dogs');
    await store.pinFact(1, true);
    await store.pinFact(1, false);
    await store.removeFact(2);
    await expect(store.addFact('x'.repeat(301))).resolves.toBe(false);
    expect(store.getState().memoryError).toBe('A fact can be at most 300 characters.');
    expect(sent().map((r) => r.body)).toEqual([
      { text: 'Vegan', pinned: true },
      { text: 'Has two dogs' },
      { pinned: true },
      { pinned: false },
      undefined,
    ]);
    expect(store.getState().match?.memory.facts).toEqual([factOf(1, 'Has a dog', { pinned: false })]);
  });
});

describe('the coaching chat and "What do I answer?" (docs/product.md#matches)', () => {
  it('sends a message, shows the reply with what it used, and reads the memory until the server updated it', async () => {
    let reads = 0;
    // The load's read, then a first read after the reply that fails: the next one still comes.
    const { store, refreshMemory, matchReads } = await loadedMatch(({ method, path }) =>
      method === 'GET' && path === '/api/v1/matches/7/' && ++reads === 2 ? { status: 500 } : undefined,
    );
    await expect(store.send('Friday?')).resolves.toBe(true);
    const state = store.getState();
    expect(bodies(state.chat).slice(-2)).toEqual(['Friday?', 'Go']);
    expect(state.chat.at(-1)?.used).toEqual(used);
    expect(state.remainingMessages).toBe(3);
    await jest.advanceTimersByTimeAsync(999);
    expect(matchReads()).toBe(0);
    await jest.advanceTimersByTimeAsync(1);
    expect(matchReads()).toBe(1);
    refreshMemory();
    await jest.advanceTimersByTimeAsync(1000);
    expect(matchReads()).toBe(2);
    expect(store.getState().match?.memory).toMatchObject({
      summary: 'Likes jazz. Free on Friday.',
      summary_updated_at: LATER,
    });
    await jest.advanceTimersByTimeAsync(10_000);
    expect(matchReads()).toBe(2);
  });

  it("keeps the reply a coaching answer offers by the answer's id, and none for one that offers nothing", async () => {
    const { store } = await loadedMatch();
    await store.send('Friday?');
    expect(store.getState().offered).toEqual({});
    await store.send('What do I answer her?');
    const answer = store.getState().chat.at(-1)!;
    expect(store.getState().offered).toEqual({
      [answer.id]: [expect.objectContaining({ id: `c-${answer.id}` })],
    });
  });

  it('reads the memory three times at most after a reply, and stops on dispose or another load', async () => {
    const { store, refreshMemory, matchReads } = await loadedMatch();
    await store.send('Friday?');
    await jest.advanceTimersByTimeAsync(2000);
    expect(matchReads()).toBe(2);
    await jest.advanceTimersByTimeAsync(1999);
    expect(matchReads()).toBe(2);
    await jest.advanceTimersByTimeAsync(1);
    expect(matchReads()).toBe(3);
    refreshMemory();
    await jest.advanceTimersByTimeAsync(10_000);
    expect(matchReads()).toBe(3);
    expect(store.getState().match?.memory.summary).toBe('Likes jazz.');

    await store.send('Saturday?');
    store.dispose();
    await jest.advanceTimersByTimeAsync(10_000);
    expect(matchReads()).toBe(3);

    await store.send('Sunday?');
    await store.load();
    await jest.advanceTimersByTimeAsync(10_000);
    expect(matchReads()).toBe(4);
  });

  it('shows each message once, oldest first, when an older page is read after new ones were sent', async () => {
    const { store } = await loadedMatch();
    await store.send('Friday?');
    await store.loadOlderChat();
    expect(bodies(store.getState().chat)).toEqual(['Now?', 'Ask her out', 'Friday?', 'Go']);
    expect(store.getState().hasOlderChat).toBe(true);
    await store.loadOlderChat();
    expect(bodies(store.getState().chat)).toEqual([
      'First?',
      'Say hi',
      'Now?',
      'Ask her out',
      'Friday?',
      'Go',
    ]);
    expect(store.getState().hasOlderChat).toBe(false);
  });

  it('shows the message the server kept of the three replies in the coaching chat, once', async () => {
    const { store } = await loadedMatch();
    await expect(store.suggestReplies()).resolves.toEqual(replies);
    expect(bodies(store.getState().chat)).toEqual(['Now?', 'Ask her out', 'What do I answer? 3 replies']);
    await store.loadOlderChat();
    await store.loadOlderChat();
    expect(bodies(store.getState().chat)).toEqual([
      'First?',
      'Say hi',
      'Now?',
      'Ask her out',
      'What do I answer? 3 replies',
    ]);
  });

  it('keeps an unanswered message with the paywall on 402, and retries it under the same key', async () => {
    let paid = false;
    const { store, sent, keyOf } = await loadedMatch(({ method, path }) =>
      method === 'POST' && path.endsWith('/chat/') && !paid
        ? { status: 402, data: { code: 'no_messages', detail: 'No messages remaining.' } }
        : undefined,
    );
    await expect(store.send('Friday?')).resolves.toBe(false);
    expect(store.getState()).toMatchObject({ paywall: true, unsent: 'Friday?', sending: false });
    paid = true;
    await expect(store.retry()).resolves.toBe(true);
    expect(store.getState()).toMatchObject({ paywall: false, unsent: null, sendError: null });
    await store.send('Another');
    const posts = sent().filter((r) => r.method === 'POST');
    expect(posts.map(keyOf)).toEqual(['intent-1', 'intent-1', 'intent-2']);
  });

  it('offers three replies for one message, the paywall on 402, and reuses the key when asked again', async () => {
    const answers: FakeReply[] = [
      { status: 402, data: { code: 'no_messages', detail: 'No messages remaining.' } },
      { status: 201, data: replies },
      { status: 201, data: replies },
    ];
    const { store, sent, keyOf } = await loadedMatch(({ path }) =>
      path.endsWith('/replies/') ? answers.shift() : undefined,
    );
    await expect(store.suggestReplies()).resolves.toBeNull();
    expect(store.getState()).toMatchObject({
      paywall: true,
      repliesError:
        'You are out of messages. A coaching reply, or three suggested answers, cost one: choose a plan to get yours.',
    });
    await expect(store.suggestReplies()).resolves.toEqual(replies);
    await store.suggestReplies();
    expect(store.getState()).toMatchObject({ paywall: false, replies, remainingMessages: 4 });
    const posts = sent().filter((r) => r.method === 'POST');
    expect(posts.map(keyOf)).toEqual(['intent-1', 'intent-1', 'intent-2']);
  });
});
