import type { Suggestion } from '@wingmate/api-contract';
import { CHAT_DRAFT_KEY, REPLY_HELPER_KEY } from '@wingmate/core-sdk';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderFrame, servicesFor } from '../../testing/render-frame';
import { fakeClient, type FakeRequest, type FakeRoutes } from '../../testing/fake-client';
import {
  conversation,
  DELETE_HISTORY,
  exchange,
  HISTORY,
  MOBILE_CHAT,
  replyStream,
  STREAM,
  USER_INFO,
  visitorRoutes,
} from '../../testing/chat';
import { call } from '../../testing/screens';
// The page's code (react-markdown and the sixty-odd modules under it) loads with this file, not inside the
// first test that opens /chat: on a cold transform cache and a loaded machine that load alone passed the limit.
import './route';

function renderChat(routes: FakeRoutes, options: { signedIn?: boolean; uid?: string } = {}) {
  const fake = fakeClient(routes, options);
  if (options.uid) fake.storage.set('uid', options.uid);
  const frame = renderFrame({ path: '/chat', services: servicesFor(fake.client) });
  return { ...frame, ...fake };
}

const messageBox = () => screen.findByRole('textbox', { name: 'Message' });
const conversationList = () => within(screen.getByRole('region', { name: 'Conversation' }));
const sent = (requests: FakeRequest[], route: string) =>
  requests.filter((request) => `${request.method} ${request.path}` === route);

function useVariant(value: 'control' | 'after_free') {
  sessionStorage.setItem('abtests', JSON.stringify({ abtest_verification: value }));
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  useVariant('after_free');
});

describe('/chat history (docs/web.md#routes: newest at the bottom, older pages on scrolling up)', () => {
  it('shows a loading state, then the newest page with the newest message last', async () => {
    renderChat(visitorRoutes({}, { history: conversation(4) }));
    expect(await screen.findByText('Loading your chat')).toBeTruthy();
    await screen.findByText('Answer 4');
    const bodies = conversationList()
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(bodies[0]).toContain('Question 1');
    expect(bodies.at(-1)).toContain('Answer 4');
    const main = within(screen.getByRole('main'));
    expect(main.getByRole('link', { name: 'Matches' }).getAttribute('href')).toBe('/matches');
  });

  it('loads the older page above when asked, without repeating a message', async () => {
    const { requests } = renderChat(visitorRoutes({}, { history: conversation(25) }));
    await screen.findByText('Question 25');
    expect(screen.queryByText('Question 1')).toBeNull();
    await userEvent.click(await screen.findByRole('button', { name: 'Load earlier messages' }));
    await screen.findByText('Question 1');
    expect(conversationList().getAllByRole('listitem')).toHaveLength(25);
    expect(sent(requests, HISTORY).map((request) => request.query.get('page'))).toContain('2');
  });

  it('says so when the history cannot be loaded, and loads it on "Try again"', async () => {
    let status = 400;
    renderChat(
      visitorRoutes({
        [HISTORY]: () =>
          status === 200
            ? { data: { count: 1, next: null, previous: null, results: conversation(1) } }
            : { status: 403, data: { detail: 'No.' } },
      }),
    );
    expect(await screen.findByText('Your chat history could not be loaded.')).toBeTruthy();
    status = 200;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Question 1')).toBeTruthy();
  });
});

describe('/chat quick starts (docs/web.md#routes: fill the composer, never send)', () => {
  it('offers three starts in an empty chat; "Write an opener" fills the box and picks the opener mode', async () => {
    const { requests } = renderChat(visitorRoutes({}));
    const starts = within(await screen.findByRole('list', { name: 'Quick starts' }));
    expect(starts.getAllByRole('button').map((button) => button.textContent)).toEqual([
      expect.stringContaining('Write an opener'),
      expect.stringContaining('Reply to my match'),
      expect.stringContaining('Review my bio'),
    ]);
    await userEvent.click(starts.getByRole('button', { name: /Write an opener/ }));
    expect(((await messageBox()) as HTMLTextAreaElement).value).toBe(
      'Help me write an opener. About my match: ',
    );
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Help with' }).value).toBe('opener');
    expect(sent(requests, STREAM)).toHaveLength(0);
  });

  it('"Reply to my match" asks for their message or a screenshot', async () => {
    renderChat(visitorRoutes({}));
    const button = await screen.findByRole('button', { name: /Reply to my match/ });
    expect(button.textContent).toContain('Paste their message, or attach a screenshot');
  });
});

describe('/chat sending (docs/web.md#routes: the reply streamed token by token, Stop)', () => {
  it('streams the reply as it is written, with the mode, tone and an Idempotency-Key, then refreshes the count', async () => {
    const stream = replyStream();
    const infoLoads = { count: 0 };
    const { requests } = renderChat(visitorRoutes({ [STREAM]: () => stream.reply }, { infoLoads }));
    const box = await messageBox();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Help with' }), 'A reply to my match');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Tone' }), 'Witty');
    await userEvent.type(box, 'She said "I love hiking"{Enter}');
    expect(await screen.findByText('She said "I love hiking"')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Stop' })).toBeTruthy();
    act(() => stream.token('Two '));
    expect(await screen.findByText('Two')).toBeTruthy();
    act(() => stream.token('witty ways'));
    expect(await screen.findByText('Two witty ways')).toBeTruthy();
    const loadsBefore = infoLoads.count;
    act(() => stream.done(exchange('She said "I love hiking"', 'Two witty ways to answer.')));
    expect(await screen.findByText('Two witty ways to answer.')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Send' })).toBeTruthy();
    await waitFor(() => expect(infoLoads.count).toBeGreaterThan(loadsBefore));
    const [request] = sent(requests, STREAM);
    expect(request?.body).toMatchObject({ body: 'She said "I love hiking"', mode: 'reply', tone: 'witty' });
    expect(request?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.parse(localStorage.getItem(REPLY_HELPER_KEY) ?? '{}')).toEqual({
      mode: 'reply',
      tone: 'witty',
    });
  });

  it('shows the messages left under the box, the number alone in the element tests read', async () => {
    renderChat(visitorRoutes({}, { remaining: 1 }));
    await waitFor(() => expect(screen.getByTestId('remaining-messages').textContent).toBe('1'));
    expect(screen.getByTestId('remaining-messages').parentElement?.textContent).toBe('1 message left');
  });

  it('sends on a non-secure origin, where the browser has no crypto.randomUUID (plain http on a hostname)', async () => {
    Object.defineProperty(globalThis.crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      const stream = replyStream();
      const { requests } = renderChat(visitorRoutes({ [STREAM]: () => stream.reply }));
      await userEvent.type(await messageBox(), 'Hi there{Enter}');
      expect(await screen.findByRole('button', { name: 'Stop' })).toBeTruthy();
      act(() => stream.done(exchange('Hi there', 'Hello!')));
      expect(await screen.findByText('Hello!')).toBeTruthy();
      expect(sent(requests, STREAM)[0]?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    } finally {
      delete (globalThis.crypto as { randomUUID?: unknown }).randomUUID;
    }
  });

  it('keeps a stopped reply as far as it came, and says so', async () => {
    const stream = replyStream();
    renderChat(visitorRoutes({ [STREAM]: () => stream.reply }));
    await userEvent.type(await messageBox(), 'Hello{Enter}');
    act(() => stream.token('Hi there, '));
    await screen.findByText('Hi there,');
    await userEvent.click(screen.getByRole('button', { name: 'Stop' }));
    expect(await screen.findByText('Stopped. The reply is kept as far as it came.')).toBeTruthy();
    expect(screen.getByText('Hi there,')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send' })).toBeTruthy();
  });

  /** Sends by keyboard, waits for the first words, then tabs from the box to Stop. */
  async function focusStopMidReply(stream: ReturnType<typeof replyStream>): Promise<HTMLElement> {
    const box = await messageBox();
    await userEvent.type(box, 'Hello{Enter}');
    act(() => stream.token('Hi there, '));
    await screen.findByText('Hi there,');
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Stop' }));
    return box;
  }

  it('gives the focus back to the message box when Stop is pressed by keyboard', async () => {
    const stream = replyStream();
    renderChat(visitorRoutes({ [STREAM]: () => stream.reply }));
    const box = await focusStopMidReply(stream);
    await userEvent.keyboard('{Enter}');
    await screen.findByText('Stopped. The reply is kept as far as it came.');
    expect(document.activeElement).toBe(box);
  });

  it('gives the focus back to the message box when the reply ends while Stop has it', async () => {
    const stream = replyStream();
    renderChat(visitorRoutes({ [STREAM]: () => stream.reply }));
    const box = await focusStopMidReply(stream);
    act(() => stream.done(exchange('Hello', 'Hi there, how are you?')));
    await screen.findByText('Hi there, how are you?');
    await waitFor(() => expect(document.activeElement).toBe(box));
  });

  it('puts the text back when stopped before the first word, and shows what the server kept anyway', async () => {
    const stream = replyStream();
    const history = conversation(0);
    const { requests } = renderChat(visitorRoutes({ [STREAM]: () => stream.reply }, { history }));
    const box = (await messageBox()) as HTMLTextAreaElement;
    await userEvent.type(box, 'Never mind{Enter}');
    await userEvent.click(await screen.findByRole('button', { name: 'Stop' }));
    await waitFor(() => expect(box.value).toBe('Never mind'));
    expect(screen.queryByText('Never mind', { selector: 'p' })).toBeNull();
    await waitFor(() => expect(sent(requests, HISTORY).length).toBe(2));
  });

  it('sends on Enter but starts a new line on Shift+Enter', async () => {
    const { requests } = renderChat(visitorRoutes({ [STREAM]: () => replyStream().reply }));
    const box = (await messageBox()) as HTMLTextAreaElement;
    await userEvent.type(box, 'line one{Shift>}{Enter}{/Shift}line two');
    expect(box.value).toBe('line one\nline two');
    expect(sent(requests, STREAM)).toHaveLength(0);
  });

  it('keeps the draft on this device across visits', async () => {
    const first = renderChat(visitorRoutes({}));
    await userEvent.type(await messageBox(), 'half a thought');
    first.unmount();
    expect(localStorage.getItem(CHAT_DRAFT_KEY)).toBe('half a thought');
    renderChat(visitorRoutes({}));
    expect(((await messageBox()) as HTMLTextAreaElement).value).toBe('half a thought');
  });

  it('replaces the last reply on Regenerate, which says it uses a message', async () => {
    const streams = [replyStream(), replyStream()];
    const { requests } = renderChat(
      visitorRoutes({ [STREAM]: () => streams[sent(requests, STREAM).length - 1]!.reply }),
    );
    await userEvent.type(await messageBox(), 'Opener please{Enter}');
    act(() => streams[0]!.done(exchange('Opener please', 'First try.')));
    await userEvent.click(await screen.findByRole('button', { name: 'Regenerate (uses 1 message)' }));
    act(() => streams[1]!.done(exchange('Opener please', 'Second try.', 200)));
    expect(await screen.findByText('Second try.')).toBeTruthy();
    expect(screen.queryByText('First try.')).toBeNull();
    expect(screen.getAllByText('Opener please')).toHaveLength(1);
    const [first, second] = sent(requests, STREAM);
    // The server replaces the first exchange (reply 101) in the history too.
    expect(second?.body).toMatchObject({ body: 'Opener please', replaces: 101 });
    expect(first?.body).not.toHaveProperty('replaces');
    expect(second?.headers['idempotency-key']).not.toBe(first?.headers['idempotency-key']);
  });

  it('offers Regenerate disabled, with the reason, when no messages are left', async () => {
    renderChat(visitorRoutes({}, { history: conversation(2), remaining: 0 }));
    const regenerate = await screen.findByRole('button', { name: 'Regenerate (uses 1 message)' });
    await waitFor(() => expect((regenerate as HTMLButtonElement).disabled).toBe(true));
    const reason = document.getElementById(regenerate.getAttribute('aria-describedby') ?? '');
    expect(reason?.textContent).toBe('No messages left');
  });
});

describe('/chat suggested messages (docs/product.md#what-works-for-you: copy and mark what a reply offers)', () => {
  const suggestion = (
    id: string,
    kind: Suggestion['kind'],
    tone: Suggestion['tone'],
    text: string,
    sounds_like_you: number | null = null,
  ): Suggestion => ({ id, kind, tone, text, sounds_like_you });
  const openers = [
    suggestion('s-1', 'opener', 'witty', 'Climbing or coffee first?', 82),
    suggestion('s-2', 'opener', 'sincere', 'Your Patagonia photo made my day.', 64),
  ];
  const markOf = (id: string) => call('markSuggestion', { id });
  /** The server keeps each mark of an opener as asked; what works is read again after it. */
  const markRoutes = (id: string): FakeRoutes => {
    const { kind, tone } = openers.find((opener) => opener.id === id)!;
    return {
      [markOf(id)]: (request) => {
        const { outcome } = request.body as { outcome: string };
        return {
          data: { id, kind, tone, sent: true, outcome: outcome === 'sent' ? null : outcome, match_id: null },
        };
      },
      [call('getWhatWorks')]: { data: { kinds: [] } },
    };
  };
  const suggestedMessages = () => screen.findByRole('list', { name: 'Suggested messages' });

  it('shows the messages a streamed reply offers as cards, each with its tone, score and Copy', async () => {
    // user-event puts its clipboard on the page, so the copy lands where the test can read it.
    userEvent.setup();
    const stream = replyStream();
    renderChat(visitorRoutes({ [STREAM]: () => stream.reply }, { history: conversation(2) }));
    await screen.findByText('Answer 2');
    // The history does not carry suggestions.
    expect(screen.queryByRole('list', { name: 'Suggested messages' })).toBeNull();
    await userEvent.type(await messageBox(), 'An opener for a climber{Enter}');
    act(() => stream.token('Two openers.'));
    await screen.findByText('Two openers.');
    expect(screen.queryByRole('list', { name: 'Suggested messages' })).toBeNull();
    act(() => stream.done({ ...exchange('An opener for a climber', 'Two openers.'), suggestions: openers }));
    const cards = within(await suggestedMessages()).getAllByRole('listitem');
    expect(cards.map((card) => card.textContent)).toEqual([
      'WittySounds like you: 82Climbing or coffee first?CopySent',
      'SincereSounds like you: 64Your Patagonia photo made my day.CopySent',
    ]);
    // Scored: the person has a style, so the link to make one is not offered.
    expect(screen.queryByRole('link', { name: 'Make suggestions sound like you' })).toBeNull();
    await userEvent.click(within(cards[1]!).getByRole('button', { name: 'Copy the sincere opener' }));
    expect(await navigator.clipboard.readText()).toBe('Your Patagonia photo made my day.');
    expect(await screen.findByText('Opener copied')).toBeTruthy();
  });

  it('marks an opener sent, then that they replied, offering no "Date planned" outside a match', async () => {
    const stream = replyStream();
    const { requests } = renderChat(visitorRoutes({ [STREAM]: () => stream.reply, ...markRoutes('s-1') }));
    await userEvent.type(await messageBox(), 'An opener for a climber{Enter}');
    act(() => stream.done({ ...exchange('An opener for a climber', 'Two openers.'), suggestions: openers }));
    const witty = within(within(await suggestedMessages()).getAllByRole('listitem')[0]!);
    await userEvent.click(witty.getByRole('button', { name: 'Mark the witty opener sent' }));
    expect(await witty.findByText('Marked: Sent')).toBeTruthy();
    expect(witty.getAllByRole('button').map((button) => button.getAttribute('aria-label'))).toEqual([
      'Copy the witty opener',
      'They replied to the witty opener',
      'No reply to the witty opener',
    ]);
    await userEvent.click(witty.getByRole('button', { name: 'They replied to the witty opener' }));
    expect(await witty.findByText('Marked: They replied')).toBeTruthy();
    expect(sent(requests, markOf('s-1')).map((request) => request.body)).toEqual([
      { outcome: 'sent' },
      { outcome: 'replied' },
    ]);
    // The other opener is still unmarked.
    expect(screen.getByRole('button', { name: 'Mark the sincere opener sent' })).toBeTruthy();
  });

  it('names a bio line offered for a photo as one, and links to "Sounds like me" while unscored', async () => {
    let answer: (reply: { status: number; data: unknown }) => void = () => undefined;
    const { container } = renderChat(
      visitorRoutes({ [MOBILE_CHAT]: () => new Promise((resolve) => (answer = resolve)) }),
    );
    await messageBox();
    const input = container.ownerDocument.querySelector<HTMLInputElement>('input[type="file"]')!;
    await userEvent.upload(
      input,
      new File([new Uint8Array([0xff, 0xd8, 0xff])], 'me.jpg', { type: 'image/jpeg' }),
    );
    await userEvent.type(await messageBox(), 'A bio line from this photo?{Enter}');
    await screen.findByText('Working on your photo…');
    answer({
      status: 201,
      data: {
        ...exchange('A bio line from this photo?', 'Here is one.'),
        image: '/uploads/chat/a.jpg',
        suggestions: [suggestion('s-3', 'bio_line', 'playful', 'Will trade snacks for belays.')],
      },
    });
    const card = within(within(await suggestedMessages()).getByRole('listitem'));
    expect(card.queryByText(/Sounds like you/)).toBeNull();
    expect(card.getByRole('button', { name: 'Mark the playful bio line sent' })).toBeTruthy();
    expect(card.getByRole('button', { name: 'Copy the playful bio line' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Make suggestions sound like you' }).getAttribute('href')).toBe(
      '/style',
    );
  });
});

describe('/chat failures (docs/web.md#routes: Retry with the same key, the wait of a 429)', () => {
  it('puts the old reply back when a regenerate fails before it begins', async () => {
    const first = replyStream();
    const { requests } = renderChat(
      visitorRoutes({
        [STREAM]: () =>
          sent(requests, STREAM).length === 1
            ? first.reply
            : { status: 502, data: { detail: 'The AI is down.' } },
      }),
    );
    await userEvent.type(await messageBox(), 'Opener please{Enter}');
    act(() => first.done(exchange('Opener please', 'First try.')));
    await userEvent.click(await screen.findByRole('button', { name: 'Regenerate (uses 1 message)' }));
    expect((await screen.findByRole('alert')).textContent).toContain('The AI is down.');
    expect(screen.getByText('First try.')).toBeTruthy();
    expect(screen.getAllByText('Opener please')).toHaveLength(1);
  });

  it('keeps the message after a server error and retries it with the same Idempotency-Key', async () => {
    const stream = replyStream();
    let calls = 0;
    const { requests } = renderChat(
      visitorRoutes({
        [STREAM]: () =>
          ++calls === 1
            ? { status: 503, data: { detail: 'The AI is not available right now.' } }
            : stream.reply,
      }),
    );
    await userEvent.type(await messageBox(), 'Are you there?{Enter}');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Your message is kept');
    expect(screen.getByText('Are you there?')).toBeTruthy();
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    act(() => stream.done(exchange('Are you there?', 'Always.')));
    expect(await screen.findByText('Always.')).toBeTruthy();
    expect(screen.getAllByText('Are you there?')).toHaveLength(1);
    const [first, second] = sent(requests, STREAM);
    expect(second?.headers['idempotency-key']).toBe(first?.headers['idempotency-key']);
  });

  it('shows the wait of a 429', async () => {
    renderChat(
      visitorRoutes({
        [STREAM]: {
          status: 429,
          data: { detail: 'Request was throttled. Expected available in 42 seconds.' },
        },
      }),
    );
    await userEvent.type(await messageBox(), 'Hi{Enter}');
    expect((await screen.findByRole('alert')).textContent).toContain('Try again in 42 seconds.');
  });

  it('"Edit message" puts a failed message back in the box', async () => {
    renderChat(visitorRoutes({ [STREAM]: { status: 500, data: { detail: 'A server error occurred.' } } }));
    const box = (await messageBox()) as HTMLTextAreaElement;
    await userEvent.type(box, 'Try me{Enter}');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit message' }));
    expect(box.value).toBe('Try me');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('/chat paywall (docs/web.md#routes: 402, and abtest_verification before chatting)', () => {
  const outOfMessages = { status: 402, data: { detail: 'No messages remaining.', code: 'no_messages' } };

  it('asks a visitor out of free messages to sign up, keeping the text', async () => {
    renderChat(visitorRoutes({ [STREAM]: outOfMessages }, { remaining: 1 }));
    const box = (await messageBox()) as HTMLTextAreaElement;
    await userEvent.type(box, 'One more thing{Enter}');
    const dialog = await screen.findByRole('dialog', { name: "You've used your free messages" });
    expect(within(dialog).getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe(
      '/signup?next=%2Fchat',
    );
    expect(box.value).toBe('One more thing');
    expect(screen.queryByText('One more thing', { selector: 'p' })).toBeNull();
  });

  it('shows a subscriber "Unlimited" messages, though the packs hold none', async () => {
    const subscriber = { ...conversation(0), remaining_messages: 0, has_subscription: true, is_member: true };
    renderChat(
      {
        [HISTORY]: { data: { count: 0, next: null, previous: null, results: [] } },
        [USER_INFO]: { data: { pk: 1, first_name: 'Ada', ...subscriber } },
        'GET /auth/user/': { data: { pk: 1, first_name: 'Ada' } },
      },
      { signedIn: true },
    );
    await waitFor(() => expect(screen.getByTestId('remaining-messages').textContent).toBe('Unlimited'));
    expect(screen.getByTestId('remaining-messages').parentElement?.textContent).toBe('Unlimited messages');
  });

  it('offers a member plans or a top-up', async () => {
    const member = { ...conversation(0), remaining_messages: 0, has_subscription: false, is_member: true };
    renderChat(
      {
        [HISTORY]: { data: { count: 0, next: null, previous: null, results: [] } },
        [USER_INFO]: { data: { pk: 1, first_name: 'Ada', ...member } },
        'GET /auth/user/': { data: { pk: 1, first_name: 'Ada' } },
        [STREAM]: outOfMessages,
      },
      { signedIn: true },
    );
    // The composer's count: the words around it, the number alone in the element tests read.
    await waitFor(() => expect(screen.getByTestId('remaining-messages').textContent).toBe('0'));
    expect(screen.getByTestId('remaining-messages').parentElement?.textContent).toBe('0 messages left');
    await userEvent.type(await messageBox(), 'Hi{Enter}');
    const dialog = await screen.findByRole('dialog', { name: "You're out of messages" });
    expect(within(dialog).getByRole('link', { name: 'See plans' }).getAttribute('href')).toBe('/pricing');
    expect(within(dialog).getByRole('link', { name: 'Top up' }).getAttribute('href')).toBe(
      '/checkout/top-up',
    );
  });

  it('asks a visitor of the control variant to sign up before the first message, sending nothing', async () => {
    useVariant('control');
    const { requests } = renderChat({
      ...visitorRoutes({}),
      'GET /api/v1/analytics/abtest/': { data: [{ name: 'abtest_verification', value: 'control' }] },
    });
    await userEvent.type(await messageBox(), 'Hello{Enter}');
    expect(await screen.findByRole('dialog', { name: 'Sign up to start chatting' })).toBeTruthy();
    expect(sent(requests, STREAM)).toHaveLength(0);
  });
});

describe('/chat photos (docs/web.md#routes: multipart with unqiue_id, progress, the whole reply)', () => {
  it('sends an attached photo with the text and shows the reply whole', async () => {
    let answer: (reply: { status: number; data: unknown }) => void = () => undefined;
    const { requests, container } = renderChat(
      visitorRoutes({ [MOBILE_CHAT]: () => new Promise((resolve) => (answer = resolve)) }),
      { uid: 'visitor-7' },
    );
    await messageBox();
    const input = container.ownerDocument.querySelector<HTMLInputElement>('input[type="file"]')!;
    const photo = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'me.jpg', { type: 'image/jpeg' });
    await userEvent.upload(input, photo);
    expect(await screen.findByText('me.jpg')).toBeTruthy();
    await userEvent.type(await messageBox(), 'Is this a good first photo?{Enter}');
    expect(await screen.findByRole('button', { name: 'Cancel upload' })).toBeTruthy();
    expect(await screen.findByText('Working on your photo…')).toBeTruthy();
    answer({
      status: 201,
      data: {
        ...exchange('Is this a good first photo?', 'Great light. 82/100.'),
        image: '/uploads/chat/a.jpg',
      },
    });
    expect(await screen.findByText('Great light. 82/100.')).toBeTruthy();
    const [request] = sent(requests, MOBILE_CHAT);
    const form = request?.body as FormData;
    expect(form.get('unqiue_id')).toBe('visitor-7');
    expect(form.get('body')).toBe('Is this a good first photo?');
    expect(form.get('image')).toBeInstanceOf(Blob);
    expect(request?.headers['idempotency-key']).toBeTruthy();
  });

  it('refuses a file that is not a photo, saying why', async () => {
    const { container } = renderChat(visitorRoutes({}));
    await messageBox();
    const input = container.ownerDocument.querySelector<HTMLInputElement>('input[type="file"]')!;
    await userEvent.upload(input, new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' }), {
      applyAccept: false,
    });
    expect((await screen.findByRole('alert')).textContent).toContain('not a photo');
  });
});

describe('/chat menu (docs/web.md#routes: search, export, delete)', () => {
  it('deletes the history after a confirmation', async () => {
    const { requests } = renderChat(
      visitorRoutes(
        { [DELETE_HISTORY]: { data: { deleted_messages: 2, deleted_photos: 0 } } },
        {
          history: conversation(2),
        },
      ),
    );
    await screen.findByText('Answer 2');
    await userEvent.click(screen.getByRole('button', { name: 'Chat menu' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete chat history' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete chat history?' });
    expect(sent(requests, DELETE_HISTORY)).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('list', { name: 'Quick starts' })).toBeTruthy();
    expect(screen.queryByText('Answer 2')).toBeNull();
    expect(sent(requests, DELETE_HISTORY)).toHaveLength(1);
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Chat menu' })),
    );
  });

  it('searches the loaded history', async () => {
    renderChat(visitorRoutes({}, { history: conversation(6) }));
    await screen.findByText('Answer 6');
    await userEvent.click(screen.getByRole('button', { name: 'Chat menu' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Search this chat' }));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search this chat' }), 'answer 4');
    expect(
      conversationList()
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([expect.stringContaining('Answer 4')]);
    expect(screen.getByText('1 of 6')).toBeTruthy();
    await userEvent.keyboard('{Escape}');
    expect(conversationList().getAllByRole('listitem')).toHaveLength(6);
  });
});

describe("/chat arrival from the landing's chat box (abtest_homepage chat_first)", () => {
  it('sends the handed-over text once and clears it from the history entry', async () => {
    const stream = replyStream();
    const fake = fakeClient(visitorRoutes({ [STREAM]: () => stream.reply }));
    const { router } = renderFrame({ path: '/', services: servicesFor(fake.client) });
    await act(() => router.navigate('/chat', { state: { send: 'Help me with an opener' } }));
    expect(await screen.findByText('Help me with an opener')).toBeTruthy();
    act(() => stream.done(exchange('Help me with an opener', 'Here you go.')));
    expect(await screen.findByText('Here you go.')).toBeTruthy();
    expect(router.state.location.state).toBeNull();
    expect(sent(fake.requests, STREAM)).toHaveLength(1);
  });
});
