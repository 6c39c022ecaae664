// What the device remembers of the chat, and never the server: the draft in the message box and the reply helper's
// choice (`chat-device-memory.ts`). Both are the person's: an app passes the two keys as the client's
// `personalKeys`, so they go at sign-out (docs/decisions.md#signing-out). The keys stay as they are, or returning
// people lose what was kept. A file of their own, so an app's client takes the keys without the chat's words.

/** The storage key of the chat's draft. */
export const CHAT_DRAFT_KEY = 'wingmate.chat.draft';
/** The storage key of the reply helper's choice, a JSON object `{mode?, tone?}`. */
export const REPLY_HELPER_KEY = 'wingmate.chat.helper';
