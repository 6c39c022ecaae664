import type { KeyValueStorage } from '../ports/storage';
import { chatModeWords } from '../words/reply-helper-words';
import { toneWords } from '../words/style-words';
import { CHAT_DRAFT_KEY, REPLY_HELPER_KEY } from './chat-device-keys';
import type { ChatMode, ChatTone, ReplyHelperChoice } from './chat-store';
import { readSide } from './read-side';
import { createStore, type ReadableStore } from './store';

// What the device remembers of the chat, and never the server: the draft in the message box and the reply helper's
// choice, under the keys of `chat-device-keys.ts`.

/** A storage call that fails (no storage here, private mode, a full quota) only loses what it would have kept. */
function attempt<T>(run: () => T, fallback: T): T {
  try {
    return run();
  } catch {
    return fallback;
  }
}

/** The draft of the chat's message box, kept on the device across visits. */
export interface ChatDraft {
  /** The kept draft; empty when there is none or the storage cannot be read. */
  read(): string;
  /** Keeps the text as typed; an emptied box removes the draft. */
  save(text: string): void;
}

export function storedChatDraft(storage: KeyValueStorage): ChatDraft {
  return {
    read: () => attempt(() => storage.get(CHAT_DRAFT_KEY) ?? '', ''),
    save: (text) =>
      attempt(() => (text ? storage.set(CHAT_DRAFT_KEY, text) : storage.remove(CHAT_DRAFT_KEY)), undefined),
  };
}

const isOneOf =
  <T extends string>(known: Readonly<Record<T, unknown>>) =>
  (value: unknown): value is T =>
    typeof value === 'string' && Object.prototype.hasOwnProperty.call(known, value);
const isMode = isOneOf<ChatMode>(chatModeWords);
const isTone = isOneOf<ChatTone>(toneWords);

/** The parts of a choice the chat knows; anything else (a stored value of an older app, garbage) is no choice. */
function knownChoice(value: unknown): ReplyHelperChoice {
  if (typeof value !== 'object' || value === null) return {};
  const { mode, tone } = value as Record<string, unknown>;
  return { ...(isMode(mode) && { mode }), ...(isTone(tone) && { tone }) };
}

export interface ReplyHelperState {
  /** What the chat's messages are sent with: no mode ("Just chat") and any tone unless chosen. */
  readonly choice: ReplyHelperChoice;
}

export interface ReplyHelperStore extends ReadableStore<ReplyHelperState> {
  /**
   * Changes the mode, the tone or both (undefined: no mode, any tone; a part left out stays) and remembers the
   * choice on the device. A value the chat does not know is dropped.
   */
  choose(change: ReplyHelperChoice): void;
}

/**
 * The chat's reply helper: what to write and in which tone, sent with each message. It starts at the choice the
 * device remembers (no mode, any tone when none is kept, or what is kept cannot be read).
 */
export function createReplyHelperStore(storage: KeyValueStorage): ReplyHelperStore {
  const kept = attempt(() => knownChoice(JSON.parse(storage.get(REPLY_HELPER_KEY) ?? '{}')), {});
  const store = createStore<ReplyHelperState>({ choice: kept });

  function choose(change: ReplyHelperChoice) {
    const choice = knownChoice({ ...store.getState().choice, ...change });
    store.setState({ choice });
    attempt(() => storage.set(REPLY_HELPER_KEY, JSON.stringify(choice)), undefined);
  }

  return { ...readSide(store), choose };
}
