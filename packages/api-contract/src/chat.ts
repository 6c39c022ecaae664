import Type, { type Static } from 'typebox';
import { Id, imageUpload, ModelInfo, Nullable, Page, PageNumber, Timestamp, Uid } from './common';
import { AuthenticationError, CodedError, DetailError, FieldErrors } from './errors';
import { ImageVariants } from './image-variants';
import { defineOperation } from './operation';
import { chatRoutes } from './chat.routes';
import { ChatTone, Suggestion } from './suggestion';

const MessageBody = Type.String({ minLength: 1, maxLength: 4000 });

// ---------------------------------------------------------------------------------------------------------------
// Shapes (docs/decisions.md#chat-bio-and-profile-appsapi)

export const AiReply = Type.Object({ id: Id, body: Type.String(), created_at: Timestamp });
export type AiReply = Static<typeof AiReply>;

export const ChatReply = Type.Object({
  /** The user's message. */
  id: Id,
  body: Type.String(),
  reply: AiReply,
  /** Messages left after this one: the visitor's free messages or the metered plans' sum; null with a subscription. */
  remaining_messages: Nullable(Type.Integer({ minimum: 0 })),
  model: Type.Optional(ModelInfo),
  /**
   * The messages the reply offers to send (openers, replies, asking out, a bio line), each in the person's style
   * and scored against it, to copy and mark (docs/product.md#what-works-for-you). Present, maybe empty, on every
   * new reply; a stored answer replayed for an idempotency key from before suggestions were kept has none.
   */
  suggestions: Type.Optional(Type.Array(Suggestion)),
});
export type ChatReply = Static<typeof ChatReply>;

const imageVariants = () =>
  ImageVariants(
    'The stored widths of the photo for srcset, smallest first, the original (`image`) last: 320, 640 and 1080 px ' +
      'wide where the original is wider. Empty without a photo, and for photos sent before widths were kept (then ' +
      '`image` alone). Always present in answers.',
  );

export const MobileChatReply = Type.Object({
  ...ChatReply.properties,
  /** URL of the uploaded image (re-encoded, EXIF stripped), or null. */
  image: Nullable(Type.String()),
  image_variants: imageVariants(),
});
export type MobileChatReply = Static<typeof MobileChatReply>;

export const ChatRole = Type.Union([Type.Literal('user'), Type.Literal('ai')]);
export type ChatRole = Static<typeof ChatRole>;

export const HistoryMessage = Type.Object({
  id: Id,
  role: ChatRole,
  body: Type.String(),
  image: Nullable(Type.String()),
  image_variants: imageVariants(),
  created_at: Timestamp,
});
export type HistoryMessage = Static<typeof HistoryMessage>;

/** 20 messages a page, newest first. */
export const HistoryPage = Page(HistoryMessage);
export type HistoryPage = Static<typeof HistoryPage>;

// ---------------------------------------------------------------------------------------------------------------
// The reply helper (docs/decisions.md#calls): what the person wants written and in which tone, both optional

/** What the reply should help with: a first message, an answer to the match, or asking them out. */
export const ChatMode = Type.Union(
  [Type.Literal('opener'), Type.Literal('reply'), Type.Literal('ask_for_date')],
  {
    description: 'opener: a first message; reply: an answer to the match; ask_for_date: asking them out',
  },
);
export type ChatMode = Static<typeof ChatMode>;

const replyHelperFields = { mode: Type.Optional(ChatMode), tone: Type.Optional(ChatTone) };

export const ChatMessageBody = Type.Object({
  /** Identifies a visitor; a signed-in caller is known by the token. */
  uid: Type.Optional(Uid),
  body: MessageBody,
  ...replyHelperFields,
  /** Regenerate: the caller's newest reply, which this exchange replaces together with the message it answered. */
  replaces: Type.Optional(
    Type.Integer({
      minimum: 1,
      description:
        "Regenerate: the id of the caller's newest reply. The new exchange replaces it and the message it " +
        'answered, in the same transaction; the new reply costs one message. 400 `replaces` when it is not the ' +
        'newest reply, or answers a photo (send the photo again instead). 409 `already_replaced` while another ' +
        'regenerate of it runs: nothing was charged and, on the stream, nothing was sent.',
    }),
  ),
});
export type ChatMessageBody = Static<typeof ChatMessageBody>;

/** The non-file fields of the mobile chat form; multipart values arrive as text and are coerced. */
export const MobileChatMessageBody = Type.Object({
  /** The uid, under the mobile app's spelling. */
  unqiue_id: Uid,
  body: MessageBody,
  image_width: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000 })),
  image_height: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000 })),
  ...replyHelperFields,
});
export type MobileChatMessageBody = Static<typeof MobileChatMessageBody>;

export const ChatHistoryQuery = Type.Object({
  page: Type.Optional(PageNumber),
  uid: Type.Optional(Uid),
});
export type ChatHistoryQuery = Static<typeof ChatHistoryQuery>;

// ---------------------------------------------------------------------------------------------------------------
// The stream of `chat/stream/`: server-sent events, each `event: <name>` with a JSON `data:` line

/** `token`: the next piece of the reply. */
export const ChatStreamToken = Type.Object({ text: Type.String() });
export type ChatStreamToken = Static<typeof ChatStreamToken>;

/** `error`: the reply failed after the stream began (before it, the call answers a JSON error status). */
export const ChatStreamError = Type.Object({ detail: Type.String(), code: Type.Optional(Type.String()) });
export type ChatStreamError = Static<typeof ChatStreamError>;

/** The data of each event; `done` carries the whole exchange, as `chat/` answers it. */
export const chatStreamEvents = { token: ChatStreamToken, done: ChatReply, error: ChatStreamError } as const;
export type ChatStreamEventName = keyof typeof chatStreamEvents;
export type ChatStreamEvent =
  | { event: 'token'; data: ChatStreamToken }
  | { event: 'done'; data: ChatReply }
  | { event: 'error'; data: ChatStreamError };

export const ChatStream = Type.String({ description: 'text/event-stream of token, done and error events' });

// ---------------------------------------------------------------------------------------------------------------
// Operations (docs/product.md#chat-calls)

/**
 * The AI failed (502 `ai_unavailable`) or did not answer in time (504 `ai_timeout`); nothing was charged or stored.
 */
export const aiErrors = { 502: CodedError, 504: CodedError } as const;

/**
 * `Idempotency-Key` of chat sends and payment calls (docs/decisions.md#the-sdk-surface-the-web-app-binds-to,
 * docs/decisions.md#money-chat-uploads-and-ai-limits): one key per user intent, shared by the transport's retries and
 * the person's Retry. The server keeps each key 24 hours per caller: a completed key answers its stored status and
 * body (with `Idempotent-Replayed: true`) and charges nothing more; the key of a request that failed is freed, so the
 * retry runs again.
 */
export const IdempotencyKeyHeaders = Type.Object({
  'idempotency-key': Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 255,
      pattern: '^[\\x21-\\x7E]+$',
      description:
        'One key per user intent (a UUID, say), kept 24 hours: a repeat answers the stored result and charges nothing more',
    }),
  ),
});
export type IdempotencyKeyHeaders = Static<typeof IdempotencyKeyHeaders>;

/** 409: the same key while its first request still runs; 422: the same key with a different request body. */
export const idempotencyErrors = { 409: DetailError, 422: DetailError } as const;

/**
 * 409 of the sends that take `replaces`: `already_replaced` (a `CodedError`) while another regenerate of that
 * reply runs, or `{detail}` for an `Idempotency-Key` whose first request still runs.
 */
export const ChatSendConflict = Type.Union([CodedError, DetailError]);
const sendConflicts = { ...idempotencyErrors, 409: ChatSendConflict } as const;

/**
 * Chat errors: 402 `no_messages` when out of messages, 403 for a uid that belongs to another account, 429 for
 * the rate limits (per IP and account, and `FREE_MESSAGES_PER_IP` for visitors).
 */
const chatErrors = {
  400: FieldErrors,
  401: AuthenticationError,
  402: CodedError,
  403: DetailError,
  429: DetailError,
  ...aiErrors,
} as const;

export const sendChatMessage = defineOperation({
  ...chatRoutes.sendChatMessage,
  summary:
    "Send a message and get the AI's reply (metered: the account's plans, else the visitor's free messages)",
  headers: IdempotencyKeyHeaders,
  body: ChatMessageBody,
  responses: { 201: ChatReply, ...chatErrors, ...sendConflicts },
});

export const streamChatMessage = defineOperation({
  ...chatRoutes.streamChatMessage,
  summary: 'Send a message and stream the reply as server-sent events',
  description:
    'Answers `text/event-stream`. Each event is `event: <name>` then `data: <JSON>`: ' +
    '`token` `{text}` for each piece of the reply; `done` with the same body as `POST /api/v1/chat/` ' +
    '(`{id, body, reply, remaining_messages, model?, suggestions?}`) at the end; `error` `{detail, code?}` if the reply fails ' +
    'mid-stream. Errors before the stream begins answer JSON with their status, as `POST /api/v1/chat/` does ' +
    '(409 `already_replaced` among them: a regenerate of a reply that another regenerate is replacing). ' +
    'The reply is paid once its first token is sent: a client that leaves (or an AI that breaks off) after that ' +
    'keeps the partial reply in the history. A completed `Idempotency-Key` answers the stored reply as a short ' +
    'stream: one `token` with the whole reply, then `done`.',
  headers: IdempotencyKeyHeaders,
  body: ChatMessageBody,
  produces: 'event-stream',
  responses: { 200: ChatStream, ...chatErrors, ...sendConflicts },
});

export const sendMobileChatMessage = defineOperation({
  ...chatRoutes.sendMobileChatMessage,
  summary: 'Send a message with an optional image (multipart; the client waits up to 1 hour)',
  consumes: 'multipart',
  headers: IdempotencyKeyHeaders,
  body: MobileChatMessageBody,
  files: { image: { ...imageUpload, required: false } },
  responses: {
    201: MobileChatReply,
    ...chatErrors,
    ...idempotencyErrors,
    413: DetailError,
    415: DetailError,
  },
});

export const getChatHistory = defineOperation({
  ...chatRoutes.getChatHistory,
  summary: 'The chat history, 20 messages a page, newest first (page 1 by default)',
  query: ChatHistoryQuery,
  responses: {
    200: HistoryPage,
    400: FieldErrors,
    401: AuthenticationError,
    403: DetailError,
    404: DetailError,
  },
});

export const DeleteChatHistoryBody = Type.Object({
  /** Identifies a visitor; a signed-in caller is known by the token. */
  uid: Type.Optional(Uid),
});
export type DeleteChatHistoryBody = Static<typeof DeleteChatHistoryBody>;

export const ChatHistoryDeleted = Type.Object({
  /** How many messages (the person's and the AI's) were removed. */
  deleted_messages: Type.Integer({ minimum: 0 }),
  /** How many stored photos were removed with them. */
  deleted_photos: Type.Integer({ minimum: 0 }),
});
export type ChatHistoryDeleted = Static<typeof ChatHistoryDeleted>;

export const deleteChatHistory = defineOperation({
  ...chatRoutes.deleteChatHistory,
  summary: "Delete the caller's whole chat history: every message, and the photos sent with them",
  description:
    'Removes every message of the signed-in account, or of the visitor named by `uid` (only rows not yet moved ' +
    'to an account), and deletes the stored photos. Messages already paid for stay paid; nothing is refunded.',
  body: DeleteChatHistoryBody,
  responses: { 200: ChatHistoryDeleted, 400: FieldErrors, 401: AuthenticationError, 403: DetailError },
});

// ---------------------------------------------------------------------------------------------------------------
// A wingmate by text message (docs/product.md#a-wingmate-by-text-message)

const TwilioId = Type.String({ minLength: 1, maxLength: 64 });

/**
 * The fields of Twilio's incoming-message webhook this server reads; Twilio sends more (`NumMedia`, `FromCity`,
 * ...), and every field it sends is part of the signature, so unknown fields are kept, not refused.
 */
export const TwilioSmsWebhookBody = Type.Object({
  MessageSid: TwilioId,
  AccountSid: TwilioId,
  /** The sender's number, E.164. */
  From: TwilioId,
  /** The number the text was sent to: the product's `SYSTEM_NUMBER`. */
  To: TwilioId,
  /** The text; Twilio joins a long message's segments, up to 1,600 characters. */
  Body: Type.String({ maxLength: 1600 }),
  /** Sent with Advanced Opt-Out when Twilio itself answered a keyword: `STOP`, `START` or `HELP`. */
  OptOutType: Type.Optional(Type.String({ maxLength: 16 })),
});
export type TwilioSmsWebhookBody = Static<typeof TwilioSmsWebhookBody>;

export const TwilioSignatureHeaders = Type.Object({
  /** Base64 HMAC-SHA1, keyed with the auth token, of the webhook's URL followed by the sorted fields. */
  'x-twilio-signature': Type.Optional(Type.String({ maxLength: 256 })),
});
export type TwilioSignatureHeaders = Static<typeof TwilioSignatureHeaders>;

export const EmptyTwiml = Type.String({ description: 'Empty TwiML, `<Response/>`: the reply is sent later' });

export const receiveTwilioSms = defineOperation({
  ...chatRoutes.receiveTwilioSms,
  summary: "Twilio's incoming-message webhook: a text to the wingmate (signature checked, answered later)",
  description:
    'Form-encoded, as Twilio posts it, with `X-Twilio-Signature` checked against `PUBLIC_API_URL` and this path. ' +
    'Each `MessageSid` is stored once (a retried webhook changes nothing) and answered with empty TwiML at ' +
    'once; the reply is texted by the SMS worker. A missing or wrong signature, or another account or number, ' +
    'answers 403 and changes nothing.',
  consumes: 'form',
  produces: 'xml',
  headers: TwilioSignatureHeaders,
  body: TwilioSmsWebhookBody,
  responses: { 200: EmptyTwiml, 400: FieldErrors, 403: DetailError },
});

export const chatOperations = {
  sendChatMessage,
  streamChatMessage,
  sendMobileChatMessage,
  getChatHistory,
  deleteChatHistory,
  receiveTwilioSms,
};
