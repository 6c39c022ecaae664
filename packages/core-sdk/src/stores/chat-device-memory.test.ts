import type { Logger } from '../ports/logger';
import { memoryStorage, type KeyValueStorage } from '../ports/storage';
import { CHAT_DRAFT_KEY, REPLY_HELPER_KEY } from './chat-device-keys';
import { createReplyHelperStore, storedChatDraft } from './chat-device-memory';

/** A device whose storage refuses every call: private mode, storage blocked, a full quota. */
const brokenStorage: KeyValueStorage = {
  get: () => {
    throw new Error('SecurityError');
  },
  set: () => {
    throw new Error('QuotaExceededError');
  },
  remove: () => {
    throw new Error('SecurityError');
  },
};

/** A logger that keeps the warnings' messages (docs/product.md#error-catalogue: storage failures are warnings). */
function recordingLogger(): Logger & { warnings: string[] } {
  const warnings: string[] = [];
  return {
    info: () => undefined,
    error: () => undefined,
    warn: (message) => void warnings.push(message),
    warnings,
  };
}

describe('what the device remembers of the chat (docs/decisions.md#signing-out)', () => {
  it('keeps the keys returning people have their choice and draft under', () => {
    expect(REPLY_HELPER_KEY).toBe('wingmate.chat.helper');
    expect(CHAT_DRAFT_KEY).toBe('wingmate.chat.draft');
  });
});

describe("the reply helper's remembered choice", () => {
  it('starts with no mode and any tone on a device that kept nothing', () => {
    expect(createReplyHelperStore(memoryStorage()).getState().choice).toEqual({});
  });

  it.each([
    ['text that is not JSON', '{mode: reply'],
    ['a string', '"reply"'],
    ['null', 'null'],
    ['a list', '["reply", "witty"]'],
    ['values the chat does not know', '{"mode":"poem","tone":"angry"}'],
    ["an object's own names", '{"mode":"constructor","tone":"toString"}'],
    ['values of the wrong type', '{"mode":1,"tone":{"name":"witty"}}'],
  ])('falls back to no mode and any tone when the device kept %s', (_, kept) => {
    const store = createReplyHelperStore(memoryStorage({ 'wingmate.chat.helper': kept }));
    expect(store.getState().choice).toEqual({});
  });

  it('keeps the part of a kept choice it knows', () => {
    const kept = '{"mode":"reply","tone":"angry","extra":true}';
    const store = createReplyHelperStore(memoryStorage({ 'wingmate.chat.helper': kept }));
    expect(store.getState().choice).toEqual({ mode: 'reply' });
  });

  it('remembers a choice, and a store made later on the device starts with it', () => {
    const storage = memoryStorage();
    const store = createReplyHelperStore(storage);
    const seen: unknown[] = [];
    store.subscribe(({ choice }) => seen.push(choice));
    store.choose({ mode: 'ask_for_date' });
    store.choose({ tone: 'witty' });
    expect(store.getState().choice).toEqual({ mode: 'ask_for_date', tone: 'witty' });
    expect(seen).toEqual([{ mode: 'ask_for_date' }, { mode: 'ask_for_date', tone: 'witty' }]);
    expect(JSON.parse(storage.get('wingmate.chat.helper') ?? '')).toEqual({
      mode: 'ask_for_date',
      tone: 'witty',
    });
    expect(createReplyHelperStore(storage).getState().choice).toEqual({
      mode: 'ask_for_date',
      tone: 'witty',
    });
  });

  it('forgets a part chosen as none ("Just chat", "Any tone"), and drops values it does not know', () => {
    const storage = memoryStorage({ 'wingmate.chat.helper': '{"mode":"opener","tone":"flirty"}' });
    const store = createReplyHelperStore(storage);
    store.choose({ mode: undefined });
    expect(store.getState().choice).toEqual({ tone: 'flirty' });
    store.choose({ tone: 'loud' as never });
    expect(store.getState().choice).toEqual({});
    expect(storage.get('wingmate.chat.helper')).toBe('{}');
    expect(createReplyHelperStore(storage).getState().choice).toEqual({});
  });

  it('survives a storage that throws, logging each failure as a warning: the choice still holds on screen', () => {
    const logger = recordingLogger();
    const store = createReplyHelperStore(brokenStorage, logger);
    expect(store.getState().choice).toEqual({});
    expect(() => store.choose({ mode: 'reply', tone: 'sincere' })).not.toThrow();
    expect(store.getState().choice).toEqual({ mode: 'reply', tone: 'sincere' });
    expect(logger.warnings).toEqual([
      'storage: could not read "wingmate.chat.helper"',
      'storage: could not write "wingmate.chat.helper"',
    ]);
  });
});

describe("the chat's draft", () => {
  it('is empty on a device that kept none', () => {
    expect(storedChatDraft(memoryStorage()).read()).toBe('');
  });

  it('is kept as typed, and read again later on the device', () => {
    const storage = memoryStorage();
    storedChatDraft(storage).save('half a thought\n');
    expect(storage.get('wingmate.chat.draft')).toBe('half a thought\n');
    expect(storedChatDraft(storage).read()).toBe('half a thought\n');
  });

  it('goes when the box is emptied', () => {
    const storage = memoryStorage({ 'wingmate.chat.draft': 'Hi' });
    storedChatDraft(storage).save('');
    expect(storage.get('wingmate.chat.draft')).toBeNull();
    expect(storedChatDraft(storage).read()).toBe('');
  });

  it('survives a storage that throws, logging each failure as a warning', () => {
    const logger = recordingLogger();
    const draft = storedChatDraft(brokenStorage, logger);
    expect(draft.read()).toBe('');
    expect(() => draft.save('Hi')).not.toThrow();
    expect(() => draft.save('')).not.toThrow();
    expect(logger.warnings).toHaveLength(3);
  });
});
