import type { SuggestionKind } from '@wingmate/api-contract';
import { readConversation } from './offline/conversation';
import type { Intent } from './offline/intents';
import type { ChatRequest } from './ports';

/** The intents whose answers suggest messages to use, and the kind each offers. */
const KIND_OF_INTENT: Partial<Record<Intent, SuggestionKind>> = {
  opener: 'opener',
  match_reply: 'reply',
  bio_help: 'bio_line',
};

/**
 * The kind of message a reply without the helper's mode offers (docs/product.md#what-works-for-you), read from the
 * message as the offline engine reads it: openers when asked for one, replies when helping to answer a match, a bio
 * line for bio help; in a match's coaching chat, replies to that match. Undefined when it offers none, and when the
 * helper's mode decides instead.
 */
export function offeredKind(request: ChatRequest): SuggestionKind | undefined {
  if (request.helper?.mode) return undefined;
  if (request.match) return 'reply';
  return KIND_OF_INTENT[readConversation(request).intent];
}
