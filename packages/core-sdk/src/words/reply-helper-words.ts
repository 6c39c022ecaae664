import type { ChatMode, ChatTone } from '../stores/chat-store';
import { toneWords } from './style-words';

/** How each mode of the chat's reply helper reads where it is offered (docs/product.md#chat). */
export const chatModeWords: Readonly<Record<ChatMode, string>> = {
  opener: 'An opener',
  reply: 'A reply to my match',
  ask_for_date: 'Asking for the date',
};

/** What the reply helper offers first in each list: neither a mode nor a tone, so the message is sent without. */
export const replyHelperNoChoiceWords = { mode: 'Just chat', tone: 'Any tone' } as const;

/** One entry of the reply helper's lists: the value sent and its words. */
export interface ReplyHelperChoiceWords<T extends string> {
  readonly value: T;
  readonly label: string;
}

const choicesOf = <T extends string>(
  words: Readonly<Record<T, string>>,
): readonly ReplyHelperChoiceWords<T>[] =>
  (Object.keys(words) as T[]).map((value) => ({ value, label: words[value] }));

/** The modes as the reply helper offers them, in order, each with its words. */
export const chatModeChoices = choicesOf(chatModeWords);

/** The tones as the reply helper offers them, in order, each named as a suggestion names it (`toneWords`). */
export const chatToneChoices = choicesOf<ChatTone>(toneWords);
