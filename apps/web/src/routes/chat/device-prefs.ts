import type { ChatMode, ChatTone, ReplyHelperChoice } from '@wingmate/core-sdk';

/** What this device remembers of the chat (the draft, the reply helper's choices): localStorage, never the server. */
export const DRAFT_KEY = 'wingmate.chat.draft';
export const HELPER_KEY = 'wingmate.chat.helper';

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

export function readDraft(): string {
  try {
    return storage()?.getItem(DRAFT_KEY) ?? '';
  } catch {
    return '';
  }
}

export function saveDraft(text: string): void {
  try {
    if (text) storage()?.setItem(DRAFT_KEY, text);
    else storage()?.removeItem(DRAFT_KEY);
  } catch {
    // A full or blocked storage only loses the draft on reload.
  }
}

export const CHAT_MODES: Record<ChatMode, string> = {
  opener: 'An opener',
  reply: 'A reply to my match',
  ask_for_date: 'Asking for the date',
};

export const CHAT_TONES: Record<ChatTone, string> = {
  playful: 'Playful',
  flirty: 'Flirty',
  witty: 'Witty',
  sincere: 'Sincere',
  confident: 'Confident',
};

const isMode = (value: unknown): value is ChatMode => typeof value === 'string' && value in CHAT_MODES;
const isTone = (value: unknown): value is ChatTone => typeof value === 'string' && value in CHAT_TONES;

export function readHelper(): ReplyHelperChoice {
  try {
    const saved = JSON.parse(storage()?.getItem(HELPER_KEY) ?? '{}') as Record<string, unknown>;
    return {
      ...(isMode(saved.mode) && { mode: saved.mode }),
      ...(isTone(saved.tone) && { tone: saved.tone }),
    };
  } catch {
    return {};
  }
}

export function saveHelper(choice: ReplyHelperChoice): void {
  try {
    storage()?.setItem(HELPER_KEY, JSON.stringify(choice));
  } catch {
    // Only the choice is lost on reload.
  }
}
