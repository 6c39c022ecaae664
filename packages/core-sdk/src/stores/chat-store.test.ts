import type { Suggestion } from '@wingmate/api-contract';
import { CanceledError, type AxiosProgressEvent } from 'axios';
import { fakeClient, type FakeReply, type SeenRequest } from '../testing/fake-api';
import type { ChatPhoto } from '../domain/chat-photo';
import { createChatStore, type ChatHistoryMessage, type ChatState, type ChatStore } from './chat-store';

const STREAM = 'POST /api/v1/chat/stream/';
const HISTORY = 'GET /api/v1/mobile/new_ai_history/';
const MOBILE_CHAT = 'POST /api/v1/mobile/chat/';
const DELETE_HISTORY = 'POST /api/v1/chat/history/delete/';

type Route = (request: SeenRequest) => FakeReply | Promise<FakeReply>;

/** A reply stream the test writes to as the server would (`text/event-stream` blocks), read by the real SDK. */
function replyStream() {
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
    reply: { status: 200, data: body() } as FakeReply,
    token: (text: string) => push(`event: token\ndata: ${JSON.stringify({ text })}\n\n`),
    done: (body: string, reply: string, id = 100, suggestions?: Suggestion[]) => {
      push(`event: done\ndata: ${JSON.stringify(exchange(body, reply, id, suggestions))}\n\n`);
      ended = true;
    },
    error: (detail: string) => {
      push(`event: error\ndata: ${JSON.stringify({ detail, code: 'ai_unavailable' })}\n\n`);
      ended = true;
    },
  };
}

/** The stored exchange as the API answers it; without `suggestions`, as a replay from before they were kept. */
function exchange(body: string, reply: string, id = 100, suggestions?: Suggestion[]) {
  return {
    id,
    body,
    reply: { id: id + 1, body: reply, created_at: '2026-11-23T12:00:00Z' },
    remaining_messages: 2,
    model: { name: 'wingmate-offline-1', offline: true },
    ...(suggestions && { suggestions }),
  };
}

/** A suggested message of `kind` in `tone`, unscored unless given a score. */
const suggestionOf = (
  id: string,
  kind: Suggestion['kind'],
  tone: Suggestion['tone'],
  sounds_like_you: number | null = null,
): Suggestion => ({ id, kind, tone, text: `A ${tone} ${kind}`, sounds_like_you });

/** `count` messages, alternating person and AI, oldest first; ids from `firstId`. */
function conversation(count: number, firstId = 1): ChatHistoryMessage[] {
  return Array.from({ length: count }, (_, index) => ({
    id: firstId + index,
    role: index % 2 === 0 ? ('user' as const) : ('ai' as const),
    body: `${index % 2 === 0 ? 'Question' : 'Answer'} ${firstId + index}`,
    image: null,
    created_at: '2026-11-23T12:00:00Z',
  }));
}

/** The history call answering `messages` (oldest first) 20 a page, newest first, as the API does. */
const historyOf =
  (messages: readonly ChatHistoryMessage[]): Route =>
  (request) => {
    const page = Number(request.query.page ?? 1);
    const results = [...messages].reverse().slice((page - 1) * 20, page * 20);
    const next =
      page * 20 < messages.length ? `http://api.test/api/v1/mobile/new_ai_history/?page=${page + 1}` : null;
    return { status: 200, data: { count: messages.length, next, previous: null, results } };
  };

const outOfMessages: FakeReply = {
  status: 402,
  data: { detail: 'No messages remaining.', code: 'no_messages' },
};

function chatOn(routes: Record<string, Route>) {
  const onCharged = jest.fn();
  const { client, requests } = fakeClient((request) => {
    const route = routes[`${request.method} ${request.path}`] ?? historyOf([]);
    return route(request);
  });
  const store = createChatStore(client, { onCharged });
  const sent = (route: string) => requests.filter((request) => `${request.method} ${request.path}` === route);
  const keyOf = (request: SeenRequest | undefined) => request?.config.headers.get('Idempotency-Key');
  return { store, onCharged, sent, keyOf };
}

/** The state once `predicate` holds (now or after a later change). */
function until(store: ChatStore, predicate: (state: ChatState) => boolean): Promise<ChatState> {
  return new Promise((resolve) => {
    if (predicate(store.getState())) return resolve(store.getState());
    const unsubscribe = store.subscribe((state) => {
      if (!predicate(state)) return;
      unsubscribe();
      resolve(state);
    });
  });
}

const bodies = (state: ChatState) => state.messages.map((message) => `${message.role}:${message.body}`);
const last = (state: ChatState) => state.messages.at(-1);

/** Sends `text`, lets the stream answer it whole, and waits for the send to end. */
async function sendAnswered(
  store: ChatStore,
  stream: ReturnType<typeof replyStream>,
  text: string,
  reply: string,
) {
  const sending = store.send(text, {});
  stream.done(text, reply);
  await sending;
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('the chat history (newest at the bottom, older pages on demand)', () => {
  it('loads the newest page with the newest message last, and knows there is an older page', async () => {
    const { store, sent } = chatOn({ [HISTORY]: historyOf(conversation(25)) });
    expect(store.getState().history.status).toBe('loading');
    await store.loadHistory();
    expect(store.getState().history).toEqual({ status: 'ready', nextPage: 2, loadingOlder: false });
    expect(bodies(store.getState())[0]).toBe('ai:Answer 6');
    expect(bodies(store.getState()).at(-1)).toBe('user:Question 25');
    expect(sent(HISTORY)[0]?.query).toMatchObject({ page: 1 });
  });

  it('puts the older page above without repeating a message, and stops at the oldest', async () => {
    const { store, sent } = chatOn({ [HISTORY]: historyOf(conversation(25)) });
    await store.loadHistory();
    const older = store.loadOlder();
    expect(store.getState().history.loadingOlder).toBe(true);
    await older;
    expect(store.getState().messages.map((message) => message.id)).toEqual(
      Array.from({ length: 25 }, (_, index) => index + 1),
    );
    expect(store.getState().history.nextPage).toBeNull();
    await store.loadOlder();
    expect(sent(HISTORY).map((request) => request.query.page)).toEqual([1, 2]);
  });

  it('says the history failed, and loads it when asked again', async () => {
    let status = 403;
    const { store } = chatOn({
      [HISTORY]: (request) =>
        status === 200 ? historyOf(conversation(1))(request) : { status, data: { detail: 'No.' } },
    });
    await store.loadHistory();
    expect(store.getState().history.status).toBe('failed');
    status = 200;
    await store.loadHistory();
    expect(bodies(store.getState())).toEqual(['user:Question 1']);
  });

  it('reads every page for the export, oldest first, leaving what is shown alone', async () => {
    const { store } = chatOn({ [HISTORY]: historyOf(conversation(25)) });
    const all = await store.wholeHistory();
    expect(all.map((message) => message.id)).toEqual(Array.from({ length: 25 }, (_, index) => index + 1));
    expect(store.getState().messages).toEqual([]);
  });

  it('empties the conversation once the history is deleted', async () => {
    const { store, sent } = chatOn({
      [HISTORY]: historyOf(conversation(2)),
      [DELETE_HISTORY]: () => ({ status: 200, data: { deleted_messages: 2, deleted_photos: 0 } }),
    });
    await store.loadHistory();
    await store.deleteHistory();
    expect(store.getState().messages).toEqual([]);
    expect(sent(DELETE_HISTORY)).toHaveLength(1);
  });
});

describe('sending (docs/decisions.md#screens: the reply streamed token by token, Stop)', () => {
  it('shows each token as it arrives, then the stored exchange, and reports the charge', async () => {
    const stream = replyStream();
    const { store, sent, keyOf, onCharged } = chatOn({ [STREAM]: () => stream.reply });
    const sending = store.send('  She said "I love hiking"  ', { mode: 'reply', tone: 'witty' });
    expect(store.getState().busy).toEqual({ kind: 'stream', progress: null });
    expect(bodies(store.getState())).toEqual(['user:She said "I love hiking"', 'ai:']);
    stream.token('Two ');
    expect(last(await until(store, (state) => last(state)?.body === 'Two '))?.state).toBe('streaming');
    stream.token('witty ways');
    await until(store, (state) => last(state)?.body === 'Two witty ways');
    expect(onCharged).not.toHaveBeenCalled();
    stream.done('She said "I love hiking"', 'Two witty ways to answer.');
    await sending;
    expect(store.getState().messages.map(({ id, key, body, state }) => ({ id, key, body, state }))).toEqual([
      { id: 100, key: expect.any(String), body: 'She said "I love hiking"', state: 'done' },
      { id: 101, key: 'm101', body: 'Two witty ways to answer.', state: 'done' },
    ]);
    expect(store.getState().busy).toBeNull();
    expect(onCharged).toHaveBeenCalledTimes(1);
    expect(sent(STREAM)[0]?.body).toMatchObject({
      body: 'She said "I love hiking"',
      mode: 'reply',
      tone: 'witty',
    });
    expect(keyOf(sent(STREAM)[0])).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sends nothing for a blank text, or while a reply is on its way', async () => {
    const stream = replyStream();
    const { store, sent } = chatOn({ [STREAM]: () => stream.reply });
    await store.send('   ', {});
    const sending = store.send('Hello', {});
    await store.send('Again', {});
    stream.done('Hello', 'Hi.');
    await sending;
    expect(sent(STREAM)).toHaveLength(1);
  });

  it('keeps a stopped reply as far as it came', async () => {
    const stream = replyStream();
    const { store, onCharged } = chatOn({ [STREAM]: () => stream.reply });
    const sending = store.send('Hello', {});
    stream.token('Hi there, ');
    await until(store, (state) => last(state)?.body === 'Hi there, ');
    store.stop();
    await sending;
    expect(last(store.getState())).toMatchObject({ body: 'Hi there, ', state: 'stopped' });
    expect(store.getState().busy).toBeNull();
    expect(onCharged).toHaveBeenCalledTimes(1);
  });

  it('hands the text back when stopped before the first word, and takes in what the server kept', async () => {
    const stream = replyStream();
    let stored: ChatHistoryMessage[] = [];
    const { store, sent } = chatOn({
      [STREAM]: () => stream.reply,
      [HISTORY]: (request) => historyOf(stored)(request),
    });
    await store.loadHistory();
    const sending = store.send('Never mind', {});
    stored = conversation(2, 7);
    store.stop();
    await sending;
    expect(store.getState().restored).toMatchObject({ text: 'Never mind' });
    await until(store, (state) => state.messages.length === 2);
    expect(bodies(store.getState())).toEqual(['user:Question 7', 'ai:Answer 8']);
    expect(sent(HISTORY)).toHaveLength(2);
  });

  it('keeps a reply the AI broke off, marked as broken', async () => {
    const stream = replyStream();
    const { store } = chatOn({ [STREAM]: () => stream.reply });
    const sending = store.send('Hello', {});
    stream.token('Half a ');
    await until(store, (state) => last(state)?.body === 'Half a ');
    stream.error('The AI stopped.');
    await sending;
    expect(last(store.getState())).toMatchObject({ body: 'Half a ', state: 'broken' });
    expect(store.getState().failed).toBeNull();
  });

  it('keeps the message with a retryable failure when the AI breaks off before the first word', async () => {
    const stream = replyStream();
    const { store } = chatOn({ [STREAM]: () => stream.reply });
    const sending = store.send('Hello', {});
    stream.error('The AI is down.');
    await sending;
    expect(bodies(store.getState())).toEqual(['user:Hello']);
    expect(store.getState().failed?.failure).toEqual({
      kind: 'server',
      message: 'The AI is down. Try again.',
    });
  });
});

describe('failures (docs/decisions.md#screens: Retry under the same Idempotency-Key, Edit message)', () => {
  it('retries a failed send with the same Idempotency-Key, keeping one bubble of the message', async () => {
    const stream = replyStream();
    const { store, sent, keyOf } = chatOn({
      [STREAM]: () =>
        sent(STREAM).length === 1
          ? { status: 503, data: { detail: 'The AI is not available right now.' } }
          : stream.reply,
    });
    await store.send('Are you there?', {});
    expect(store.getState().failed?.failure.message).toContain('Your message is kept');
    expect(bodies(store.getState())).toEqual(['user:Are you there?']);
    const retrying = store.retry();
    stream.done('Are you there?', 'Always.');
    await retrying;
    expect(bodies(store.getState())).toEqual(['user:Are you there?', 'ai:Always.']);
    expect(store.getState().failed).toBeNull();
    const [first, second] = sent(STREAM);
    expect(keyOf(second)).toBe(keyOf(first));
  });

  it('offers no retry of a refusal, and hands its text back', async () => {
    const { store, sent } = chatOn({
      [STREAM]: () => ({ status: 400, data: { detail: 'This field may not be blank.' } }),
    });
    await store.send('Odd', {});
    expect(store.getState().failed?.failure).toEqual({
      kind: 'refused',
      message: 'This field may not be blank.',
    });
    expect(store.getState().messages).toEqual([]);
    expect(store.getState().restored).toMatchObject({ text: 'Odd' });
    await store.retry();
    expect(sent(STREAM)).toHaveLength(1);
  });

  it('"Edit message" takes the failed message off and hands its text back', async () => {
    const { store } = chatOn({
      [STREAM]: () => ({ status: 500, data: { detail: 'A server error occurred.' } }),
    });
    await store.send('Try me', {});
    store.dismissFailure();
    expect(store.getState().messages).toEqual([]);
    expect(store.getState().failed).toBeNull();
    expect(store.getState().restored).toMatchObject({ text: 'Try me' });
  });
});

describe('regenerate (docs/decisions.md#screens: a new, paid reply replacing the newest one)', () => {
  it('replaces the last reply, naming it to the server, with a new key', async () => {
    const streams = [replyStream(), replyStream()];
    const { store, sent, keyOf } = chatOn({ [STREAM]: () => streams[sent(STREAM).length - 1]!.reply });
    await sendAnswered(store, streams[0]!, 'Opener please', 'First try.');
    const regenerating = store.regenerate({ mode: 'opener' });
    expect(bodies(store.getState())).toEqual(['user:Opener please', 'ai:']);
    streams[1]!.done('Opener please', 'Second try.', 200);
    await regenerating;
    expect(bodies(store.getState())).toEqual(['user:Opener please', 'ai:Second try.']);
    const [first, second] = sent(STREAM);
    expect(second?.body).toMatchObject({ body: 'Opener please', replaces: 101, mode: 'opener' });
    expect(first?.body).not.toHaveProperty('replaces');
    expect(keyOf(second)).not.toBe(keyOf(first));
  });

  it('puts the old reply back when the new one fails before it begins', async () => {
    const first = replyStream();
    const { store, sent } = chatOn({
      [STREAM]: () =>
        sent(STREAM).length === 1 ? first.reply : { status: 502, data: { detail: 'The AI is down.' } },
    });
    await sendAnswered(store, first, 'Opener please', 'First try.');
    await store.regenerate({});
    expect(bodies(store.getState())).toEqual(['user:Opener please', 'ai:First try.']);
    expect(store.getState().failed?.failure.message).toContain('The AI is down.');
  });
});

describe('suggested messages (docs/product.md#what-works-for-you: what a reply offers to copy and mark)', () => {
  const openers = [suggestionOf('o-1', 'opener', 'witty', 82), suggestionOf('o-2', 'opener', 'sincere', 64)];
  const suggestionsOf = (state: ChatState) => state.messages.map((message) => message.suggestions);

  it('keeps the messages a streamed reply offers on that reply, once the reply is whole', async () => {
    const stream = replyStream();
    const { store } = chatOn({ [STREAM]: () => stream.reply });
    const sending = store.send('An opener for a climber', { mode: 'opener' });
    stream.token('Try these.');
    await until(store, (state) => last(state)?.body === 'Try these.');
    expect(last(store.getState())?.suggestions).toBeUndefined();
    stream.done('An opener for a climber', 'Try these.', 100, openers);
    await sending;
    expect(suggestionsOf(store.getState())).toEqual([undefined, openers]);
  });

  it('has none on a reply that offers none, or answered from before they were kept', async () => {
    const streams = [replyStream(), replyStream()];
    const { store, sent } = chatOn({ [STREAM]: () => streams[sent(STREAM).length - 1]!.reply });
    const first = store.send('How are you?', {});
    streams[0]!.done('How are you?', 'Good, you?', 100, []);
    await first;
    const second = store.send('An opener please', { mode: 'opener' });
    streams[1]!.done('An opener please', 'Here is one.', 102);
    await second;
    expect(suggestionsOf(store.getState())).toEqual([undefined, [], undefined, []]);
  });

  it('has none on a reply stopped before it was whole', async () => {
    const stream = replyStream();
    const { store } = chatOn({ [STREAM]: () => stream.reply });
    const sending = store.send('An opener please', { mode: 'opener' });
    stream.token('Try ');
    await until(store, (state) => last(state)?.body === 'Try ');
    store.stop();
    await sending;
    expect(last(store.getState())?.state).toBe('stopped');
    expect(last(store.getState())?.suggestions).toBeUndefined();
  });

  it('has none on the messages read from the history, which does not carry them', async () => {
    const { store } = chatOn({ [HISTORY]: historyOf(conversation(4)) });
    await store.loadHistory();
    expect(suggestionsOf(store.getState())).toEqual([undefined, undefined, undefined, undefined]);
  });

  it('replaces the messages of a regenerated reply with the new reply’s', async () => {
    const streams = [replyStream(), replyStream()];
    const { store, sent } = chatOn({ [STREAM]: () => streams[sent(STREAM).length - 1]!.reply });
    await sendAnsweredWith(store, streams[0]!, 'Opener please', openers);
    const regenerating = store.regenerate({ mode: 'opener', tone: 'playful' });
    expect(suggestionsOf(store.getState())).toEqual([undefined, undefined]);
    const playful = [suggestionOf('o-3', 'opener', 'playful')];
    streams[1]!.done('Opener please', 'Second try.', 200, playful);
    await regenerating;
    expect(suggestionsOf(store.getState())).toEqual([undefined, playful]);
  });

  it('puts the old reply back with its messages when a regenerate fails before it begins', async () => {
    const first = replyStream();
    const { store, sent } = chatOn({
      [STREAM]: () =>
        sent(STREAM).length === 1 ? first.reply : { status: 502, data: { detail: 'The AI is down.' } },
    });
    await sendAnsweredWith(store, first, 'Opener please', openers);
    await store.regenerate({});
    expect(suggestionsOf(store.getState())).toEqual([undefined, openers]);
  });

  /** Sends `text` and lets the stream answer it whole, offering `suggestions`. */
  async function sendAnsweredWith(
    store: ChatStore,
    stream: ReturnType<typeof replyStream>,
    text: string,
    suggestions: Suggestion[],
  ) {
    const sending = store.send(text, { mode: 'opener' });
    stream.done(text, 'First try.', 100, suggestions);
    await sending;
  }
});

describe('the paywall (a send that meets 402)', () => {
  it('opens the paywall with the text handed back, and no bubble or failure left', async () => {
    const { store } = chatOn({ [STREAM]: () => outOfMessages });
    await store.send('One more thing', {});
    expect(store.getState().paywall).toEqual({ text: 'One more thing' });
    expect(store.getState().restored).toMatchObject({ text: 'One more thing' });
    expect(store.getState().messages).toEqual([]);
    expect(store.getState().failed).toBeNull();
    store.closePaywall();
    expect(store.getState().paywall).toBeNull();
  });

  it('opens the paywall on a regenerate, keeping the old reply', async () => {
    const first = replyStream();
    const { store, sent } = chatOn({
      [STREAM]: () => (sent(STREAM).length === 1 ? first.reply : outOfMessages),
    });
    await sendAnswered(store, first, 'Opener please', 'First try.');
    await store.regenerate({});
    expect(store.getState().paywall).toEqual({ text: '' });
    expect(bodies(store.getState())).toEqual(['user:Opener please', 'ai:First try.']);
  });
});

describe('photos (multipart with the upload progress, the whole reply)', () => {
  const photo = (): ChatPhoto => ({
    file: new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' }),
    width: 640,
    height: 480,
    previewUrl: 'blob:preview',
  });

  /**
   * The photo call: reports the bytes sent as the transport would, then answers when the test says, or fails as
   * the transport does when the send is aborted.
   */
  function uploadRoute() {
    let answer: (reply: FakeReply) => void = () => undefined;
    let report: (event: Partial<AxiosProgressEvent>) => void = () => undefined;
    let arrive: () => void = () => undefined;
    const route: Route = (request) => {
      report = (event) => request.config.onUploadProgress?.(event as AxiosProgressEvent);
      arrive();
      return new Promise((resolve, reject) => {
        answer = resolve;
        const signal = request.config.signal as AbortSignal | undefined;
        signal?.addEventListener('abort', () => reject(new CanceledError()), { once: true });
      });
    };
    return {
      route,
      /** Resolves when the next photo request reaches the server. */
      arrival: () => new Promise<void>((resolve) => (arrive = resolve)),
      answer: (reply: FakeReply) => answer(reply),
      report: (event: Partial<AxiosProgressEvent>) => report(event),
    };
  }

  it('reports the upload progress, then shows the whole reply and the stored photo', async () => {
    const upload = uploadRoute();
    const { store, sent, keyOf } = chatOn({ [MOBILE_CHAT]: upload.route });
    const arrived = upload.arrival();
    const sending = store.send('Is this a good first photo?', { tone: 'sincere' }, photo());
    expect(store.getState().busy).toEqual({ kind: 'upload', progress: 0 });
    expect(store.getState().messages.map(({ image, state }) => ({ image, state }))).toEqual([
      { image: 'blob:preview', state: 'done' },
      { image: null, state: 'waiting' },
    ]);
    await arrived;
    upload.report({ loaded: 1, total: 2, progress: 0.5 });
    expect(store.getState().busy).toEqual({ kind: 'upload', progress: 0.5 });
    upload.report({ loaded: 2, total: 2, progress: 1 });
    expect(store.getState().busy?.progress).toBe(1);
    upload.answer({
      status: 201,
      data: {
        ...exchange('Is this a good first photo?', 'Great light. 82/100.'),
        image: '/uploads/chat/a.jpg',
      },
    });
    await sending;
    expect(store.getState().messages.map(({ body, image }) => ({ body, image }))).toEqual([
      { body: 'Is this a good first photo?', image: '/uploads/chat/a.jpg' },
      { body: 'Great light. 82/100.', image: null },
    ]);
    expect(store.getState().busy).toBeNull();
    const form = sent(MOBILE_CHAT)[0]?.body as FormData;
    expect([form.get('body'), form.get('image_width'), form.get('tone')]).toEqual([
      'Is this a good first photo?',
      '640',
      'sincere',
    ]);
    expect(form.get('image')).toBeInstanceOf(Blob);
    expect(keyOf(sent(MOBILE_CHAT)[0])).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('keeps the messages a reply to a photo offers', async () => {
    const upload = uploadRoute();
    const { store } = chatOn({ [MOBILE_CHAT]: upload.route });
    const arrived = upload.arrival();
    const sending = store.send('A bio line from this photo?', {}, photo());
    await arrived;
    const bioLine = [suggestionOf('b-1', 'bio_line', 'playful', 70)];
    upload.answer({
      status: 201,
      data: { ...exchange('A bio line from this photo?', 'Here is one.', 100, bioLine), image: '/a.jpg' },
    });
    await sending;
    expect(last(store.getState())?.suggestions).toEqual(bioLine);
  });

  it('asks about a photo sent without text', async () => {
    const upload = uploadRoute();
    const { store, sent } = chatOn({ [MOBILE_CHAT]: upload.route });
    const arrived = upload.arrival();
    const sending = store.send('', {}, photo());
    await arrived;
    upload.answer({
      status: 201,
      data: { ...exchange('What do you think of this photo?', 'Nice.'), image: '/a.jpg' },
    });
    await sending;
    expect((sent(MOBILE_CHAT)[0]?.body as FormData).get('body')).toBe('What do you think of this photo?');
  });

  it('hands a cancelled upload back, and sends it again with the same key', async () => {
    const upload = uploadRoute();
    const { store, sent, keyOf } = chatOn({ [MOBILE_CHAT]: upload.route });
    const chosen = photo();
    const arrived = upload.arrival();
    const cancelledSend = store.send('Rate me', {}, chosen);
    await arrived;
    store.stop();
    await cancelledSend;
    expect(store.getState().messages).toEqual([]);
    expect(store.getState().restored).toMatchObject({ text: 'Rate me', photo: chosen });
    const arrivedAgain = upload.arrival();
    const again = store.send('Rate me', {}, chosen);
    await arrivedAgain;
    upload.answer({ status: 201, data: { ...exchange('Rate me', '9/10.'), image: '/a.jpg' } });
    await again;
    expect(keyOf(sent(MOBILE_CHAT)[1])).toBe(keyOf(sent(MOBILE_CHAT)[0]));
  });
});
