import Type, { type Static } from 'typebox';
import { aiErrors, IdempotencyKeyHeaders, idempotencyErrors } from './chat';
import { Id, imageUpload, ModelInfo, NoContent, Nullable, Page, PageNumber, Timestamp, Uid } from './common';
import { AuthenticationError, CodedError, DetailError, FieldErrors } from './errors';
import { ImageVariants } from './image-variants';
import { defineOperation } from './operation';
import { matchRoutes } from './matches.routes';
import { Suggestion } from './suggestion';

// Matches (docs/product.md#matches): the people a person is talking to on dating apps, each with its transcript,
// its coaching chat with the wingmate and its memory. A member's matches by token; a visitor's by `?uid=`, moved
// to the account on sign-up like the rest of a visitor's data.

// ---------------------------------------------------------------------------------------------------------------
// Limits (docs/decisions.md#matches)

export const MATCH_LIMITS = {
  /** Matches a person keeps, archived ones included. */
  matchesPerPerson: 200,
  nameLength: 80,
  whereMetLength: 80,
  notesLength: 2000,
  profileTextLength: 5000,
  photosPerMatch: 6,
  /** Lines a match's transcript keeps; adding past it is a 400. */
  linesPerMatch: 2000,
  lineLength: 2000,
  /** Lines one call adds (a confirmed import of ten screenshots stays well under it). */
  linesPerCall: 500,
  factsPerMatch: 50,
  factLength: 300,
  screenshotsPerImport: 10,
  /** Screenshots read per person an hour, across matches (429 past it). */
  screenshotsPerHour: 60,
  /** Days without activity after which a visitor's matches are removed. */
  visitorMatchDays: 30,
} as const;

export const MatchStatus = Type.Union(
  [Type.Literal('talking'), Type.Literal('date_planned'), Type.Literal('ended')],
  { description: 'talking, date_planned or ended' },
);
export type MatchStatus = Static<typeof MatchStatus>;
export const MATCH_STATUSES = ['talking', 'date_planned', 'ended'] as const satisfies readonly MatchStatus[];

const MatchName = Type.String({ minLength: 1, maxLength: MATCH_LIMITS.nameLength });
const WhereMet = Type.String({ maxLength: MATCH_LIMITS.whereMetLength });
const Notes = Type.String({ maxLength: MATCH_LIMITS.notesLength });
const ProfileText = Type.String({ maxLength: MATCH_LIMITS.profileTextLength });

export const MatchPhoto = Type.Object({
  id: Id,
  /** URL of the re-encoded photo (EXIF stripped). */
  image: Type.String(),
  width: Type.Integer({ minimum: 1 }),
  height: Type.Integer({ minimum: 1 }),
  variants: ImageVariants('The stored widths of the photo for srcset, smallest first, the original last.'),
});
export type MatchPhoto = Static<typeof MatchPhoto>;

export const Match = Type.Object({
  id: Id,
  name: Type.String(),
  where_met: Type.String(),
  notes: Type.String(),
  /** The match's own dating profile, as the person pasted it. */
  profile_text: Type.String(),
  photos: Type.Array(MatchPhoto, { maxItems: MATCH_LIMITS.photosPerMatch }),
  status: MatchStatus,
  archived: Type.Boolean(),
  /** Lines of the real conversation kept so far. */
  line_count: Type.Integer({ minimum: 0 }),
  created_at: Timestamp,
  updated_at: Timestamp,
  /** The newest change, line, coaching message or import: lists are ordered by it, newest first. */
  last_activity_at: Timestamp,
});
export type Match = Static<typeof Match>;

/** 20 matches a page, the most recently active first. */
export const MatchPage = Page(Match);
export type MatchPage = Static<typeof MatchPage>;

export const CreateMatchBody = Type.Object({
  name: MatchName,
  where_met: Type.Optional(WhereMet),
  notes: Type.Optional(Notes),
  profile_text: Type.Optional(ProfileText),
  status: Type.Optional(MatchStatus),
});
export type CreateMatchBody = Static<typeof CreateMatchBody>;

/** Only the fields sent change. */
export const UpdateMatchBody = Type.Object(
  {
    name: Type.Optional(MatchName),
    where_met: Type.Optional(WhereMet),
    notes: Type.Optional(Notes),
    profile_text: Type.Optional(ProfileText),
    status: Type.Optional(MatchStatus),
    archived: Type.Optional(Type.Boolean()),
  },
  { minProperties: 1 },
);
export type UpdateMatchBody = Static<typeof UpdateMatchBody>;

/** `?uid=` names a visitor's matches; a signed-in caller is known by the token. */
export const MatchOwnerQuery = Type.Object({ uid: Type.Optional(Uid) });
export type MatchOwnerQuery = Static<typeof MatchOwnerQuery>;

export const ListMatchesQuery = Type.Object({
  uid: Type.Optional(Uid),
  page: Type.Optional(PageNumber),
  /** true: the archived matches only; false (the default): the others. */
  archived: Type.Optional(Type.Boolean()),
});
export type ListMatchesQuery = Static<typeof ListMatchesQuery>;

export const MatchParams = Type.Object({ id: Id });
export type MatchParams = Static<typeof MatchParams>;
export const MatchPhotoParams = Type.Object({ id: Id, photoId: Id });
export type MatchPhotoParams = Static<typeof MatchPhotoParams>;
export const MatchLineParams = Type.Object({ id: Id, lineId: Id });
export type MatchLineParams = Static<typeof MatchLineParams>;
export const MatchFactParams = Type.Object({ id: Id, factId: Id });
export type MatchFactParams = Static<typeof MatchFactParams>;
export const MatchImportParams = Type.Object({ id: Id, importId: Id });
export type MatchImportParams = Static<typeof MatchImportParams>;

// ---------------------------------------------------------------------------------------------------------------
// The transcript of the real conversation

/** Who wrote a line: the person (`me`) or the match (`them`). */
export const LineSide = Type.Union([Type.Literal('me'), Type.Literal('them')]);
export type LineSide = Static<typeof LineSide>;

const LineText = Type.String({ minLength: 1, maxLength: MATCH_LIMITS.lineLength });

export const MatchLine = Type.Object({
  id: Id,
  side: LineSide,
  text: Type.String(),
  /** Its place in the conversation, oldest first. */
  position: Type.Integer({ minimum: 0 }),
  /** The screenshot import it came from; null for a line typed in. */
  import_id: Nullable(Id),
  created_at: Timestamp,
});
export type MatchLine = Static<typeof MatchLine>;

export const MatchLineList = Type.Object({ results: Type.Array(MatchLine) });
export type MatchLineList = Static<typeof MatchLineList>;

export const MatchLineDraft = Type.Object({ side: LineSide, text: LineText });
export type MatchLineDraft = Static<typeof MatchLineDraft>;

export const AddMatchLinesBody = Type.Object({
  /** Appended after the transcript's last line, in this order. */
  lines: Type.Array(MatchLineDraft, { minItems: 1, maxItems: MATCH_LIMITS.linesPerCall }),
  /**
   * The screenshot import these lines confirm (as read, or corrected): the import must be `ready`, and becomes
   * `confirmed`; a second confirmation is a 409 `import_confirmed`.
   */
  import_id: Type.Optional(Id),
});
export type AddMatchLinesBody = Static<typeof AddMatchLinesBody>;

export const UpdateMatchLineBody = Type.Object(
  { side: Type.Optional(LineSide), text: Type.Optional(LineText) },
  { minProperties: 1 },
);
export type UpdateMatchLineBody = Static<typeof UpdateMatchLineBody>;

// ---------------------------------------------------------------------------------------------------------------
// Memory (docs/product.md#how-a-matchs-memory-works)

/** `wingmate`: written by the summariser, rewritten after each exchange unless pinned; `you`: added or edited. */
export const FactSource = Type.Union([Type.Literal('wingmate'), Type.Literal('you')]);
export type FactSource = Static<typeof FactSource>;

const FactText = Type.String({ minLength: 1, maxLength: MATCH_LIMITS.factLength });

export const MemoryFact = Type.Object({
  id: Id,
  text: Type.String(),
  source: FactSource,
  /** Pinned facts are never rewritten or removed by the summariser. */
  pinned: Type.Boolean(),
  updated_at: Timestamp,
});
export type MemoryFact = Static<typeof MemoryFact>;

export const MatchMemory = Type.Object({
  /** The running summary of the conversation and the coaching chat, kept current by the server. */
  summary: Type.String(),
  summary_updated_at: Nullable(Timestamp),
  facts: Type.Array(MemoryFact),
});
export type MatchMemory = Static<typeof MatchMemory>;

export const MatchDetail = Type.Object({ ...Match.properties, memory: MatchMemory });
export type MatchDetail = Static<typeof MatchDetail>;

export const CreateMemoryFactBody = Type.Object({ text: FactText, pinned: Type.Optional(Type.Boolean()) });
export type CreateMemoryFactBody = Static<typeof CreateMemoryFactBody>;

/** Editing a fact's text makes it the person's (`source: you`). */
export const UpdateMemoryFactBody = Type.Object(
  { text: Type.Optional(FactText), pinned: Type.Optional(Type.Boolean()) },
  { minProperties: 1 },
);
export type UpdateMemoryFactBody = Static<typeof UpdateMemoryFactBody>;

// ---------------------------------------------------------------------------------------------------------------
// The coaching chat and "What do I answer?"

/** What the wingmate read to write a reply: shown under it ("Used: ..."). */
export const MemoryUsed = Type.Object({
  /** The person's own profile answers it read. */
  profile_answers: Type.Integer({ minimum: 0 }),
  match_profile: Type.Boolean(),
  notes: Type.Boolean(),
  summary: Type.Boolean(),
  /** The ids of the memory facts it read. */
  facts: Type.Array(Id),
  /** The newest lines of the transcript it read. */
  transcript_lines: Type.Integer({ minimum: 0 }),
  /** The newest messages of the coaching chat it read. */
  chat_messages: Type.Integer({ minimum: 0 }),
});
export type MemoryUsed = Static<typeof MemoryUsed>;

export const MatchChatRole = Type.Union([Type.Literal('user'), Type.Literal('ai')]);

export const MatchChatMessage = Type.Object({
  id: Id,
  role: MatchChatRole,
  body: Type.String(),
  /** On a reply: what it used; null on the person's messages. */
  used: Nullable(MemoryUsed),
  created_at: Timestamp,
});
export type MatchChatMessage = Static<typeof MatchChatMessage>;

/** 20 messages a page, newest first. */
export const MatchChatPage = Page(MatchChatMessage);
export type MatchChatPage = Static<typeof MatchChatPage>;

export const MatchChatQuery = Type.Object({ uid: Type.Optional(Uid), page: Type.Optional(PageNumber) });
export type MatchChatQuery = Static<typeof MatchChatQuery>;

export const MatchChatBody = Type.Object({ body: Type.String({ minLength: 1, maxLength: 4000 }) });
export type MatchChatBody = Static<typeof MatchChatBody>;

export const MatchChatReply = Type.Object({
  /** The person's message. */
  id: Id,
  body: Type.String(),
  reply: MatchChatMessage,
  /** Messages left after this one, as the chat counts them; null with a subscription. */
  remaining_messages: Nullable(Type.Integer({ minimum: 0 })),
  model: Type.Optional(ModelInfo),
  /**
   * The replies to the match the coach's answer offers, in the person's style and scored, to copy and mark (a date
   * planned too): as the chat's `suggestions` (docs/product.md#what-works-for-you). Present, maybe empty, on every
   * new answer.
   */
  suggestions: Type.Optional(Type.Array(Suggestion)),
});
export type MatchChatReply = Static<typeof MatchChatReply>;

export const MatchReplies = Type.Object({
  /** Three replies to the match's newest line, each in a different tone. */
  suggestions: Type.Array(Suggestion, { minItems: 3, maxItems: 3 }),
  used: MemoryUsed,
  remaining_messages: Nullable(Type.Integer({ minimum: 0 })),
  model: Type.Optional(ModelInfo),
  created_at: Timestamp,
});
export type MatchReplies = Static<typeof MatchReplies>;

// ---------------------------------------------------------------------------------------------------------------
// Screenshot imports (docs/product.md#screenshots-to-a-conversation)

/**
 * `open`: no screenshot yet; `reading`: a screenshot waits or is being read; `ready`: every screenshot is read and
 * `lines` holds the stitched transcript to confirm; `failed`: no screenshot gave text; `confirmed`: its lines joined
 * the transcript.
 */
export const ImportStatus = Type.Union([
  Type.Literal('open'),
  Type.Literal('reading'),
  Type.Literal('ready'),
  Type.Literal('failed'),
  Type.Literal('confirmed'),
]);
export type ImportStatus = Static<typeof ImportStatus>;

export const ScreenshotStatus = Type.Union([
  Type.Literal('queued'),
  Type.Literal('reading'),
  Type.Literal('read'),
  Type.Literal('failed'),
]);
export type ScreenshotStatus = Static<typeof ScreenshotStatus>;

export const ImportScreenshot = Type.Object({
  id: Id,
  status: ScreenshotStatus,
  /** Percent read, 0-100. */
  progress: Type.Integer({ minimum: 0, maximum: 100 }),
  /** Why it failed (no text found, say); null otherwise. */
  error: Nullable(Type.String()),
  /** Lines read from it. */
  line_count: Type.Integer({ minimum: 0 }),
  created_at: Timestamp,
});
export type ImportScreenshot = Static<typeof ImportScreenshot>;

export const MatchImport = Type.Object({
  id: Id,
  status: ImportStatus,
  /** In the order they were sent; the transcript orders them by their overlap. */
  screenshots: Type.Array(ImportScreenshot, { maxItems: MATCH_LIMITS.screenshotsPerImport }),
  /** The stitched transcript, oldest first, once `ready` (empty before). */
  lines: Type.Array(MatchLineDraft),
  created_at: Timestamp,
});
export type MatchImport = Static<typeof MatchImport>;

// ---------------------------------------------------------------------------------------------------------------
// Operations (docs/product.md#matches)

/** 401 for a bad token; 403 for a uid that belongs to another account, or no uid and no token. */
const byOwner = { 401: AuthenticationError, 403: DetailError } as const;
/** 404: no such match of this person (another person's matches are not found either). */
const notFound = { 404: DetailError } as const;
const fieldErrors = { 400: FieldErrors } as const;
/** 402 `no_messages` when out of messages; 429 for the chat's limits. */
const metered = { 402: CodedError, 429: DetailError, ...aiErrors } as const;

export const listMatches = defineOperation({
  ...matchRoutes.listMatches,
  summary: "The person's matches, 20 a page, the most recently active first",
  query: ListMatchesQuery,
  responses: { 200: MatchPage, ...fieldErrors, ...byOwner, ...notFound },
});

export const createMatch = defineOperation({
  ...matchRoutes.createMatch,
  summary: 'Add a match',
  description: `409 \`match_limit\` past ${MATCH_LIMITS.matchesPerPerson} matches (archived ones count).`,
  query: MatchOwnerQuery,
  body: CreateMatchBody,
  responses: { 201: Match, ...fieldErrors, ...byOwner, 409: CodedError },
});

export const getMatch = defineOperation({
  ...matchRoutes.getMatch,
  summary: 'A match with its memory',
  params: MatchParams,
  query: MatchOwnerQuery,
  responses: { 200: MatchDetail, ...fieldErrors, ...byOwner, ...notFound },
});

export const updateMatch = defineOperation({
  ...matchRoutes.updateMatch,
  summary: "Change a match's fields, status or archived flag (only the fields sent)",
  params: MatchParams,
  query: MatchOwnerQuery,
  body: UpdateMatchBody,
  responses: { 200: Match, ...fieldErrors, ...byOwner, ...notFound },
});

export const deleteMatch = defineOperation({
  ...matchRoutes.deleteMatch,
  summary: 'Delete a match with its photos, transcript, coaching chat, memory and imports',
  params: MatchParams,
  query: MatchOwnerQuery,
  responses: { 204: NoContent, ...fieldErrors, ...byOwner, ...notFound },
});

export const uploadMatchPhoto = defineOperation({
  ...matchRoutes.uploadMatchPhoto,
  summary: `Add a profile photo of the match (multipart \`image\`; at most ${MATCH_LIMITS.photosPerMatch})`,
  description: `409 \`photo_limit\` past ${MATCH_LIMITS.photosPerMatch} photos.`,
  consumes: 'multipart',
  params: MatchParams,
  query: MatchOwnerQuery,
  files: { image: imageUpload },
  responses: {
    201: Match,
    ...fieldErrors,
    ...byOwner,
    ...notFound,
    409: CodedError,
    413: DetailError,
    415: DetailError,
    429: DetailError,
  },
});

export const deleteMatchPhoto = defineOperation({
  ...matchRoutes.deleteMatchPhoto,
  summary: "Remove one of the match's photos",
  params: MatchPhotoParams,
  query: MatchOwnerQuery,
  responses: { 204: NoContent, ...fieldErrors, ...byOwner, ...notFound },
});

export const listMatchLines = defineOperation({
  ...matchRoutes.listMatchLines,
  summary: 'The transcript of the real conversation with the match, oldest line first (all of it)',
  params: MatchParams,
  query: MatchOwnerQuery,
  responses: { 200: MatchLineList, ...fieldErrors, ...byOwner, ...notFound },
});

export const addMatchLines = defineOperation({
  ...matchRoutes.addMatchLines,
  summary: 'Add lines to the transcript: typed in, or a screenshot import confirmed (`import_id`)',
  description:
    `400 past ${MATCH_LIMITS.linesPerMatch} lines a match. With \`import_id\`: 409 \`import_not_ready\` while its ` +
    'screenshots are being read, 409 `import_confirmed` when its lines were added already.',
  params: MatchParams,
  query: MatchOwnerQuery,
  body: AddMatchLinesBody,
  responses: { 201: MatchLineList, ...fieldErrors, ...byOwner, ...notFound, 409: CodedError },
});

export const updateMatchLine = defineOperation({
  ...matchRoutes.updateMatchLine,
  summary: "Correct a line's text or flip its side",
  params: MatchLineParams,
  query: MatchOwnerQuery,
  body: UpdateMatchLineBody,
  responses: { 200: MatchLine, ...fieldErrors, ...byOwner, ...notFound },
});

export const deleteMatchLine = defineOperation({
  ...matchRoutes.deleteMatchLine,
  summary: 'Remove a line from the transcript',
  params: MatchLineParams,
  query: MatchOwnerQuery,
  responses: { 204: NoContent, ...fieldErrors, ...byOwner, ...notFound },
});

export const createMatchMemoryFact = defineOperation({
  ...matchRoutes.createMatchMemoryFact,
  summary: 'Add a fact the wingmate remembers about the match',
  description: `400 past ${MATCH_LIMITS.factsPerMatch} facts a match.`,
  params: MatchParams,
  query: MatchOwnerQuery,
  body: CreateMemoryFactBody,
  responses: { 201: MemoryFact, ...fieldErrors, ...byOwner, ...notFound },
});

export const updateMatchMemoryFact = defineOperation({
  ...matchRoutes.updateMatchMemoryFact,
  summary: 'Edit or pin a remembered fact (an edited fact becomes the person’s own)',
  params: MatchFactParams,
  query: MatchOwnerQuery,
  body: UpdateMemoryFactBody,
  responses: { 200: MemoryFact, ...fieldErrors, ...byOwner, ...notFound },
});

export const deleteMatchMemoryFact = defineOperation({
  ...matchRoutes.deleteMatchMemoryFact,
  summary: 'Forget a remembered fact',
  params: MatchFactParams,
  query: MatchOwnerQuery,
  responses: { 204: NoContent, ...fieldErrors, ...byOwner, ...notFound },
});

export const getMatchChat = defineOperation({
  ...matchRoutes.getMatchChat,
  summary: 'The coaching chat about the match, 20 messages a page, newest first',
  params: MatchParams,
  query: MatchChatQuery,
  responses: { 200: MatchChatPage, ...fieldErrors, ...byOwner, ...notFound },
});

export const sendMatchChatMessage = defineOperation({
  ...matchRoutes.sendMatchChatMessage,
  summary: 'Ask the wingmate about the match (metered: one message, as the chat)',
  description:
    "The reply reads the person's profile answers, the match's profile and notes, the memory and the newest lines " +
    'and coaching messages of this match only; `reply.used` says which. The memory is brought up to date after it.',
  params: MatchParams,
  query: MatchOwnerQuery,
  headers: IdempotencyKeyHeaders,
  body: MatchChatBody,
  responses: {
    201: MatchChatReply,
    ...fieldErrors,
    ...byOwner,
    ...notFound,
    ...metered,
    ...idempotencyErrors,
  },
});

export const suggestMatchReplies = defineOperation({
  ...matchRoutes.suggestMatchReplies,
  summary: 'What do I answer? Three replies to the match in different tones (one message for the three)',
  description: "400 on `lines` while the transcript has no line of the match's to answer.",
  params: MatchParams,
  query: MatchOwnerQuery,
  headers: IdempotencyKeyHeaders,
  responses: {
    201: MatchReplies,
    ...fieldErrors,
    ...byOwner,
    ...notFound,
    ...metered,
    ...idempotencyErrors,
  },
});

export const createMatchImport = defineOperation({
  ...matchRoutes.createMatchImport,
  summary: 'Start a screenshot import: screenshots are then sent one a request',
  params: MatchParams,
  query: MatchOwnerQuery,
  responses: { 201: MatchImport, ...fieldErrors, ...byOwner, ...notFound },
});

export const getMatchImport = defineOperation({
  ...matchRoutes.getMatchImport,
  summary: "A screenshot import: each screenshot's progress, then the stitched transcript to confirm",
  params: MatchImportParams,
  query: MatchOwnerQuery,
  responses: { 200: MatchImport, ...fieldErrors, ...byOwner, ...notFound },
});

export const uploadMatchScreenshot = defineOperation({
  ...matchRoutes.uploadMatchScreenshot,
  summary:
    'Add a screenshot of the conversation to an import (multipart `image`); it is read in the background',
  description:
    `Answers 202 with the import at once. At most ${MATCH_LIMITS.screenshotsPerImport} screenshots an import ` +
    `(409 \`import_full\`), none once it is confirmed (409 \`import_confirmed\`), and ` +
    `${MATCH_LIMITS.screenshotsPerHour} an hour per person (429); 429 with Retry-After too while the server's ` +
    'screenshot reader is busy. 413 over 10 MB, or for an image more than 8 times as tall as it is wide. ' +
    'Screenshots are not kept after reading.',
  consumes: 'multipart',
  params: MatchImportParams,
  query: MatchOwnerQuery,
  files: {
    image: {
      ...imageUpload,
      description: 'A PNG, JPEG or WebP screenshot, at most 10 MB',
      mediaTypes: ['image/jpeg', 'image/png', 'image/webp'],
    },
  },
  responses: {
    202: MatchImport,
    ...fieldErrors,
    ...byOwner,
    ...notFound,
    409: CodedError,
    413: DetailError,
    415: DetailError,
    429: DetailError,
  },
});

export const matchOperations = {
  listMatches,
  createMatch,
  getMatch,
  updateMatch,
  deleteMatch,
  uploadMatchPhoto,
  deleteMatchPhoto,
  listMatchLines,
  addMatchLines,
  updateMatchLine,
  deleteMatchLine,
  createMatchMemoryFact,
  updateMatchMemoryFact,
  deleteMatchMemoryFact,
  getMatchChat,
  sendMatchChatMessage,
  suggestMatchReplies,
  createMatchImport,
  getMatchImport,
  uploadMatchScreenshot,
};
