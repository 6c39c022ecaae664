import { consoleLogger, type Logger } from '../ports/logger';
import { safeStorage, type KeyValueStorage } from '../ports/storage';
import { chatModeWords } from '../words/reply-helper-words';
import { toneWords } from '../words/style-words';
import { CHAT_DRAFT_KEY, REPLY_HELPER_KEY } from './chat-device-keys';
import type { ChatMode, ChatTone, ReplyHelperChoice } from './chat-store';
import { readSide } from './read-side';
import { createStore, type ReadableStore } from './store';

// What the device remembers of the chat, and never the server: the draft in the message box and the reply helper's
// choice, under the keys of `chat-device-keys.ts`.

/**
 * The device's storage, its failures (no storage here, private mode, a full quota) logged as warnings and never
 * thrown (docs/product.md#error-catalogue): a failed call only loses what it would have kept.
 */
const deviceStorage = (storage: KeyValueStorage, logger: Logger) => safeStorage(storage, logger, 'storage');

/** The draft of the chat's message box, kept on the device across visits. */
export interface ChatDraft {
  /** The kept draft; empty when there is none or the storage cannot be read. */
  read(): string;
  /** Keeps the text as typed; an emptied box removes the draft. */
  save(text: string): void;
}

export function storedChatDraft(storage: KeyValueStorage, logger: Logger = consoleLogger): ChatDraft {
  const device = deviceStorage(storage, logger);
  return {
    read: () => device.get(CHAT_DRAFT_KEY) ?? '',
    save: (text) => (text ? device.set(CHAT_DRAFT_KEY, text) : device.remove(CHAT_DRAFT_KEY)),
  };
}

const isOneOf =
  <T extends string>(known: Readonly<Record<T, unknown>>) =>
  (value: unknown): value is T =>
    typeof value === 'string' && Object.prototype.hasOwnProperty.call(known, value);
const isMode = isOneOf<ChatMode>(chatModeWords);
const isTone = isOneOf<ChatTone>(toneWords);

/** A kept JSON value, or nothing when none is kept or it is not JSON (written by hand, cut short). */
function parsedOrNothing(text: string | null): unknown {
  if (text === null) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

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
export function createReplyHelperStore(
  storage: KeyValueStorage,
  logger: Logger = consoleLogger,
): ReplyHelperStore {
  const device = deviceStorage(storage, logger);
  const kept = knownChoice(parsedOrNothing(device.get(REPLY_HELPER_KEY)));
  const store = createStore<ReplyHelperState>({ choice: kept });

  function choose(change: ReplyHelperChoice) {
    const choice = knownChoice({ ...store.getState().choice, ...change });
    store.setState({ choice });
    device.set(REPLY_HELPER_KEY, JSON.stringify(choice));
  }

  return { ...readSide(store), choose };
}
