import type { ImageVariant, Suggestion } from '@wingmate/api-contract';
import type { WingmateClient } from '../client';
import { newIdempotencyKey } from '../http/idempotency-key';
import type { BodyOf, ResponseOf } from '../http/operation';
import { collectPages } from '../http/pages';
import type { UploadProgress } from '../http/pipeline';
import { canRetry, chatFailureOf, type ChatFailure } from './chat-failure';
import type { ChatPhoto } from '../domain/chat-photo';
import { createStore, type ReadableStore } from './store';
import { readSide } from './read-side';

export type ChatMode = NonNullable<BodyOf<'streamChatMessage'>['mode']>;
export type ChatTone = NonNullable<BodyOf<'streamChatMessage'>['tone']>;
export interface ReplyHelperChoice {
  mode?: ChatMode;
  tone?: ChatTone;
}
export type ChatHistoryMessage = ResponseOf<'getChatHistory'>['results'][number];
type Exchange = ResponseOf<'sendChatMessage'>;

/** One bubble. `key` is stable for React; `id` is the server's once the message is stored. */
export interface ChatMessage {
  readonly key: string;
  readonly id: number | null;
  readonly role: 'user' | 'ai';
  readonly body: string;
  /** The stored photo's URL, or the local preview while it uploads. */
  readonly image: string | null;
  /** The stored photo's widths for srcset, original last; none while it uploads or from before. */
  readonly imageVariants?: readonly ImageVariant[];
  /**
   * The messages a reply offers to send (openers, replies, asking out, a bio line), adapted to the person's style
   * and scored, to copy and mark (docs/product.md#what-works-for-you): a reply answered on this screen has them
   * (maybe none); one read from the history has none, since the history does not carry them.
   */
  readonly suggestions?: readonly Suggestion[];
  /**
   * `streaming`: tokens arriving; `waiting`: sent, the whole reply not back yet (photo sends do not stream);
   * `stopped`: the person stopped it (kept and paid, as the server keeps it); `broken`: the AI or the connection
   * broke off after it began (kept, as the server keeps it).
   */
  readonly state: 'done' | 'streaming' | 'waiting' | 'stopped' | 'broken';
}

/** A send that has not got its reply: the text (and photo) with the key every retry of this intent reuses. */
export interface PendingSend {
  readonly text: string;
  readonly photo?: ChatPhoto;
  readonly helper: ReplyHelperChoice;
  readonly idempotencyKey: string;
  /** Regenerate: the new reply replaces the last one on screen. */
  readonly replacing: boolean;
  /** Regenerate: the server's id of the reply replaced, so the server replaces it in the history too. */
  readonly replaces?: number;
  readonly userKey: string;
}

export interface ChatState {
  messages: readonly ChatMessage[];
  history: { status: 'loading' | 'ready' | 'failed'; nextPage: number | null; loadingOlder: boolean };
  /**
   * What is being sent right now (Stop / Cancel apply to it). An upload's `progress` runs from 0 to 1 as the
   * photo's bytes leave (null while the total is unknown); a stream has none.
   */
  busy: null | { kind: 'stream' | 'upload'; progress: number | null };
  /** A send that failed and can be tried again (or only explained). */
  failed: null | { send: PendingSend; failure: ChatFailure };
  /**
   * Set when a send met 402 (out of messages): the screen opens its paywall while this is set, and
   * `closePaywall()` clears it. `text` is the send handed back to the composer (empty for a regenerate).
   */
  paywall: null | { text: string };
  /** Text the composer should take (a 402, a stop before the reply began, a cancelled upload). */
  restored: null | { text: string; photo?: ChatPhoto; nonce: number };
}

export interface ChatStore extends ReadableStore<ChatState> {
  loadHistory(): Promise<void>;
  loadOlder(): Promise<void>;
  /** Every stored message, oldest first, read page by page (the export); the shown state is left alone. */
  wholeHistory(): Promise<ChatHistoryMessage[]>;
  send(text: string, helper: ReplyHelperChoice, photo?: ChatPhoto): Promise<void>;
  /** Stops the streamed reply (kept as far as it came) or cancels the upload. */
  stop(): void;
  retry(): Promise<void>;
  dismissFailure(): void;
  /** Asks again for the last message's reply (a new, paid request); the new reply replaces the old one. */
  regenerate(helper: ReplyHelperChoice): Promise<void>;
  closePaywall(): void;
  deleteHistory(): Promise<void>;
}

/** The chat calls the store makes: a client, or anything that answers them as the client does. */
export type ChatSource = Pick<WingmateClient, 'chat'>;

export interface ChatStorePorts {
  /** Called after every reply, stopped or whole: the remaining messages changed (the app reloads its count). */
  onCharged: () => void;
  newKey?: () => string;
}

const PHOTO_PROMPT = 'What do you think of this photo?';

function fromHistory(message: ChatHistoryMessage): ChatMessage {
  return {
    key: `m${message.id}`,
    id: message.id,
    role: message.role,
    body: message.body,
    image: message.image,
    imageVariants: message.image_variants,
    state: 'done',
  };
}

/**
 * Whether the newest reply can be regenerated: it is whole and stored, and answers a text (the server refuses to
 * replace a reply to a photo, which would have to be sent again).
 */
export function canRegenerate(messages: readonly ChatMessage[]): boolean {
  const last = messages.at(-1);
  if (last?.role !== 'ai' || last.id === null || last.state === 'streaming' || last.state === 'waiting')
    return false;
  const lastUser = messages[lastIndexOf(messages, 'user')];
  return lastUser !== undefined && lastUser.image === null;
}

/** Older messages go before what is shown, skipping any already there (pages shift as new messages arrive). */
function withOlder(shown: readonly ChatMessage[], page: readonly ChatHistoryMessage[]): ChatMessage[] {
  const known = new Set(shown.map((message) => message.id).filter((id) => id !== null));
  const older = page
    .filter((message) => !known.has(message.id))
    .reverse()
    .map(fromHistory);
  return [...older, ...shown];
}

/** Messages of the newest page not shown yet (stored by the server after the screen stopped), after the rest. */
function withNewest(shown: readonly ChatMessage[], page: readonly ChatHistoryMessage[]): ChatMessage[] {
  const known = new Set(shown.map((message) => message.id).filter((id) => id !== null));
  const newest = Math.max(0, ...shown.map((message) => message.id ?? 0));
  const added = page
    .filter((message) => !known.has(message.id) && message.id > newest)
    .reverse()
    .map(fromHistory);
  return [...shown, ...added];
}

function pageNumberOf(next: string | null): number | null {
  if (!next) return null;
  const page = Number(new URL(next, 'http://x').searchParams.get('page'));
  return Number.isInteger(page) && page > 0 ? page : null;
}

function lastIndexOf(messages: readonly ChatMessage[], role: ChatMessage['role']): number {
  for (let index = messages.length - 1; index >= 0; index--) if (messages[index]?.role === role) return index;
  return -1;
}

/** Iterates until the signal aborts, without waiting for a stream that never answers again. */
async function* untilAborted<T>(events: AsyncIterable<T>, signal: AbortSignal): AsyncGenerator<T> {
  const iterator = events[Symbol.asyncIterator]();
  const aborted = new Promise<'aborted'>((resolve) => {
    if (signal.aborted) resolve('aborted');
    signal.addEventListener('abort', () => resolve('aborted'), { once: true });
  });
  try {
    for (;;) {
      const next = await Promise.race([iterator.next(), aborted]);
      if (next === 'aborted' || next.done) return;
      yield next.value;
    }
  } finally {
    void iterator.return?.(undefined)?.catch(() => undefined);
  }
}

/**
 * The conversation of `/chat`: the history (newest last, older pages on demand), the send of the reply stream or
 * of a photo with its upload progress, Stop, Retry with the same `Idempotency-Key`, regenerate, the paywall and
 * the delete. Vanilla, so the rules are tested without React; a screen (web or mobile) binds it with zustand's
 * `useStore`.
 */
export function createChatStore(
  client: ChatSource,
  { onCharged, newKey = newIdempotencyKey }: ChatStorePorts,
): ChatStore {
  let controller: AbortController | null = null;
  /** The last cancelled upload, whose key a resend of the same text and photo reuses. */
  let cancelled: PendingSend | null = null;
  /** The reply a regenerate took off the screen, put back if the new one never begins. */
  let replaced: { message: ChatMessage; index: number } | null = null;
  let restoreNonce = 0;
  let localKeys = 0;
  const localKey = (role: string) => `local-${role}-${++localKeys}`;

  const store = createStore<ChatState>({
    messages: [],
    history: { status: 'loading', nextPage: null, loadingOlder: false },
    busy: null,
    failed: null,
    paywall: null,
    restored: null,
  });
  const set = store.setState;
  const get = store.getState;
  const replace = (key: string, change: Partial<ChatMessage> | null) =>
    set((state) => ({
      messages:
        change === null
          ? state.messages.filter((message) => message.key !== key)
          : state.messages.map((message) => (message.key === key ? { ...message, ...change } : message)),
    }));

  const restore = (text: string, photo?: ChatPhoto) => ({
    restored: { text, ...(photo && { photo }), nonce: ++restoreNonce },
  });

  /** A regenerate that never began: the reply it was to replace comes back. */
  const putBackReplaced = (): boolean => {
    const old = replaced;
    replaced = null;
    if (!old) return false;
    set((state) => ({
      messages: [...state.messages.slice(0, old.index), old.message, ...state.messages.slice(old.index)],
    }));
    return true;
  };

  /** The send failed before any reply: 402 hands the text back; others keep the bubble with the failure. */
  const failBeforeReply = (send: PendingSend, aiKey: string, failure: ChatFailure) => {
    replace(aiKey, null);
    if (putBackReplaced()) {
      if (failure.kind === 'out-of-messages') set({ paywall: { text: '' } });
      else set({ failed: { send, failure } });
      return;
    }
    if (failure.kind === 'out-of-messages') {
      replace(send.userKey, null);
      set({ paywall: { text: send.text }, ...restore(send.text, send.photo) });
      return;
    }
    if (failure.kind === 'refused') replace(send.userKey, null);
    set({ failed: { send, failure } });
    if (failure.kind === 'refused') set(restore(send.text, send.photo));
  };

  const settle = (send: PendingSend, aiKey: string, exchange: Exchange) => {
    replaced = null;
    replace(send.userKey, { id: exchange.id });
    replace(aiKey, {
      id: exchange.reply.id,
      key: `m${exchange.reply.id}`,
      body: exchange.reply.body,
      // A stored answer replayed for a key from before suggestions were kept carries none.
      suggestions: exchange.suggestions ?? [],
      state: 'done',
    });
  };

  async function stream(send: PendingSend, aiKey: string, signal: AbortSignal) {
    let began = false;
    let body = '';
    const events = client.chat.streamChatMessage(
      { body: send.text, ...send.helper, ...(send.replaces !== undefined && { replaces: send.replaces }) },
      { signal, idempotencyKey: send.idempotencyKey },
    );
    try {
      for await (const event of untilAborted(events, signal)) {
        if (event.event === 'token') {
          began = true;
          replaced = null;
          body += event.data.text;
          replace(aiKey, { body, state: 'streaming' });
        } else if (event.event === 'done') {
          settle(send, aiKey, event.data);
          return;
        } else {
          // The AI broke off mid-reply: the server keeps (and charges) what was sent, so the bubble stays.
          if (began) replace(aiKey, { state: 'broken' });
          else failBeforeReply(send, aiKey, { kind: 'server', message: `${event.data.detail} Try again.` });
          return;
        }
      }
      if (signal.aborted) {
        if (began) replace(aiKey, { state: 'stopped' });
        else {
          // Nothing reached the screen: the text returns to the composer. The server gives the message back
          // unless a token had already left it; the newest page shows what it kept (charged) if it did.
          replace(aiKey, null);
          if (!putBackReplaced()) {
            replace(send.userKey, null);
            set(restore(send.text));
          }
          void reconcile();
        }
      } else if (began) replace(aiKey, { state: 'broken' });
    } catch (error) {
      if (began) replace(aiKey, { state: 'broken' });
      else failBeforeReply(send, aiKey, chatFailureOf(error));
    }
  }

  async function upload(send: PendingSend, aiKey: string, signal: AbortSignal, photo: ChatPhoto) {
    try {
      const exchange = await client.chat.sendMobileChatMessage(
        {
          body: send.text,
          image: photo.file,
          image_width: photo.width,
          image_height: photo.height,
          ...send.helper,
        },
        {
          signal,
          idempotencyKey: send.idempotencyKey,
          onUploadProgress: ({ fraction }: UploadProgress) =>
            set((state) => (state.busy ? { busy: { ...state.busy, progress: fraction ?? null } } : {})),
        },
      );
      settle(send, aiKey, exchange);
      replace(send.userKey, { image: exchange.image, imageVariants: exchange.image_variants });
    } catch (error) {
      if (signal.aborted) {
        // Cancelled: the photo and text go back to the composer; sending them again reuses this key, so a
        // reply the server finished anyway is answered again, not charged twice.
        replace(aiKey, null);
        replace(send.userKey, null);
        set({ ...restore(send.text, photo), failed: null });
        cancelled = send;
        return;
      }
      failBeforeReply(send, aiKey, chatFailureOf(error));
    }
  }

  /** Takes in what the newest page holds beyond what is shown (merged by id). */
  async function reconcile() {
    try {
      const page = await client.chat.getChatHistory({ page: 1 });
      set((state) => ({ messages: withNewest(state.messages, page.results) }));
    } catch {
      // The next visit shows it.
    }
  }

  async function run(send: PendingSend) {
    const aiKey = localKey('ai');
    const waiting: ChatMessage = {
      key: aiKey,
      id: null,
      role: 'ai',
      body: '',
      image: null,
      state: send.photo ? 'waiting' : 'streaming',
    };
    set((state) => {
      let messages = state.messages;
      if (send.replacing) {
        const lastAi = lastIndexOf(messages, 'ai');
        const old = messages[lastAi];
        replaced = old ? { message: old, index: lastAi } : null;
        messages = messages.filter((_, index) => index !== lastAi);
      } else if (!messages.some((message) => message.key === send.userKey)) {
        const user: ChatMessage = {
          key: send.userKey,
          id: null,
          role: 'user',
          body: send.text,
          image: send.photo?.previewUrl ?? null,
          state: 'done',
        };
        messages = [...messages, user];
      }
      return {
        messages: [...messages, waiting],
        failed: null,
        busy: { kind: send.photo ? 'upload' : 'stream', progress: send.photo ? 0 : null },
      };
    });
    controller = new AbortController();
    const { signal } = controller;
    try {
      if (send.photo) await upload(send, aiKey, signal, send.photo);
      else await stream(send, aiKey, signal);
    } finally {
      controller = null;
      set({ busy: null });
      onCharged();
    }
  }

  return {
    ...readSide(store),

    async loadHistory() {
      set((state) => ({ history: { ...state.history, status: 'loading' } }));
      try {
        const page = await client.chat.getChatHistory({ page: 1 });
        set((state) => ({
          messages: withOlder(state.messages, page.results),
          history: { status: 'ready', nextPage: pageNumberOf(page.next), loadingOlder: false },
        }));
      } catch {
        set((state) => ({ history: { ...state.history, status: 'failed' } }));
      }
    },

    async loadOlder() {
      const { history } = get();
      if (history.loadingOlder || history.nextPage === null) return;
      set({ history: { ...history, loadingOlder: true } });
      try {
        const page = await client.chat.getChatHistory({ page: history.nextPage });
        set((state) => ({
          messages: withOlder(state.messages, page.results),
          history: { status: 'ready', nextPage: pageNumberOf(page.next), loadingOlder: false },
        }));
      } catch {
        set((state) => ({ history: { ...state.history, loadingOlder: false } }));
      }
    },

    async wholeHistory() {
      const newestFirst = await collectPages((page) => client.chat.getChatHistory({ page }));
      return [...newestFirst].reverse();
    },

    async send(text, helper, photo) {
      const trimmed = text.trim();
      if (get().busy || (!trimmed && !photo)) return;
      const body = trimmed || PHOTO_PROMPT;
      const again = cancelled && cancelled.text === body && cancelled.photo === photo ? cancelled : null;
      cancelled = null;
      await run({
        text: body,
        ...(photo && { photo }),
        helper,
        idempotencyKey: again?.idempotencyKey ?? newKey(),
        replacing: false,
        userKey: localKey('user'),
      });
    },

    stop() {
      controller?.abort();
    },

    async retry() {
      const failed = get().failed;
      if (!failed || get().busy || !canRetry(failed.failure)) return;
      await run(failed.send);
    },

    dismissFailure() {
      const failed = get().failed;
      if (!failed) return;
      if (failed.send.replacing) {
        set({ failed: null });
        return;
      }
      replace(failed.send.userKey, null);
      set({ failed: null, ...restore(failed.send.text, failed.send.photo) });
    },

    async regenerate(helper) {
      const { messages, busy } = get();
      const lastReply = messages.at(-1);
      if (busy || !canRegenerate(messages) || lastReply?.id == null) return;
      const lastUser = messages[lastIndexOf(messages, 'user')]!;
      await run({
        text: lastUser.body,
        helper,
        idempotencyKey: newKey(),
        replacing: true,
        replaces: lastReply.id,
        userKey: lastUser.key,
      });
    },

    closePaywall() {
      set({ paywall: null });
    },

    async deleteHistory() {
      await client.chat.deleteChatHistory();
      set({
        messages: [],
        failed: null,
        history: { status: 'ready', nextPage: null, loadingOlder: false },
      });
    },
  };
}
