import Type, { type Static } from 'typebox';
import {
  Acknowledgement,
  Email,
  Id,
  IdParams,
  NoContent,
  Nullable,
  Page,
  PageNumber,
  PageQuery,
  PersonName,
  SixDigitCode,
  Timestamp,
  Uid,
} from './common';
import { AuthenticationError, CodedError, DetailError, FieldErrors } from './errors';
import { SessionModeHeaders, User } from './auth';
import { defineOperation } from './operation';
import { FactSource, LineSide, MatchStatus } from './matches';
import { StyleProfile } from './style';
import { ChatTone, SuggestionKind } from './suggestion';
import { accountRoutes } from './account.routes';
import { REFRESH_COOKIE } from './auth.routes';
import { Payment, SpendingCap } from './memberships';
import { aiErrors, IdempotencyKeyHeaders, idempotencyErrors } from './chat';

/** Texts users write: answers, roasts, feedback, questionnaire answers. */
const UserText = Type.String({ minLength: 1, maxLength: 5000 });

// ---------------------------------------------------------------------------------------------------------------
// Profile questions and answers

export const QuestionKind = Type.Union([Type.Literal('text'), Type.Literal('choice')]);
export type QuestionKind = Static<typeof QuestionKind>;

export const Question = Type.Object({
  id: Id,
  text: Type.String(),
  kind: QuestionKind,
  /** The options of a `choice` question; empty for `text`. */
  choices: Type.Array(Type.String()),
  order: Type.Integer({ minimum: 0 }),
});
export type Question = Static<typeof Question>;

export const QuestionPage = Page(Question);
export type QuestionPage = Static<typeof QuestionPage>;

export const Answer = Type.Object({
  id: Id,
  /** The question's id. */
  question: Id,
  text: Type.String(),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type Answer = Static<typeof Answer>;

export const AnswerPage = Page(Answer);
export type AnswerPage = Static<typeof AnswerPage>;

export const AnswerList = Type.Array(Answer);
export type AnswerList = Static<typeof AnswerList>;

export const CreateAnswersBody = Type.Object({
  answers: Type.Array(Type.Object({ question: Id, text: UserText }), { minItems: 1, maxItems: 100 }),
});
export type CreateAnswersBody = Static<typeof CreateAnswersBody>;

export const UpdateAnswersBody = Type.Object({
  answers: Type.Array(Type.Object({ id: Id, text: UserText }), { minItems: 1, maxItems: 100 }),
});
export type UpdateAnswersBody = Static<typeof UpdateAnswersBody>;

// ---------------------------------------------------------------------------------------------------------------
// Roasts

/** How hard a generated roast hits (docs/product.md#roasts). */
export const RoastIntensity = Type.Union([
  Type.Literal('gentle'),
  Type.Literal('honest'),
  Type.Literal('brutal'),
]);
export type RoastIntensity = Static<typeof RoastIntensity>;
export const ROAST_INTENSITIES = ['gentle', 'honest', 'brutal'] as const satisfies readonly RoastIntensity[];

export const Roast = Type.Object({
  id: Id,
  text: Type.String(),
  /** The intensity the wingmate wrote it at; null for a roast the person wrote and saved. */
  intensity: Nullable(RoastIntensity),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type Roast = Static<typeof Roast>;

export const RoastPage = Page(Roast);
export type RoastPage = Static<typeof RoastPage>;

export const RoastBody = Type.Object({ text: UserText });
export type RoastBody = Static<typeof RoastBody>;

export const GenerateRoastBody = Type.Object({ intensity: RoastIntensity });
export type GenerateRoastBody = Static<typeof GenerateRoastBody>;

// ---------------------------------------------------------------------------------------------------------------
// Texting the wingmate (docs/product.md#a-wingmate-by-text-message)

export const SmsStatus = Type.Object({
  /** The number to text (`SYSTEM_NUMBER`), in E.164. */
  system_number: Type.String(),
  /** The member's verified phone: texts from it are answered. Null when no phone is verified. */
  phone_number: Nullable(Type.String()),
  /** Whether a text from `phone_number` is answered: a verified US number that has not opted out. */
  can_text: Type.Boolean(),
  /** The number texted STOP: nothing is sent to it until it texts START. */
  opted_out: Type.Boolean(),
});
export type SmsStatus = Static<typeof SmsStatus>;

// ---------------------------------------------------------------------------------------------------------------
// Offers and notices (docs/decisions.md#calls, docs/decisions.md#money-at-checkout)

export const Offer = Type.Object({
  id: Id,
  title: Type.String(),
  description: Type.String(),
  /** The plan the offer applies to, if one. */
  plan_id: Nullable(Id),
  /** Percent off. */
  discount: Type.Number({ minimum: 0 }),
  expires_at: Nullable(Timestamp),
});
export type Offer = Static<typeof Offer>;

export const OfferPage = Page(Offer);
export type OfferPage = Static<typeof OfferPage>;

export const Notice = Type.Object({
  id: Id,
  /** `banner`: the newest unread one is the rebrand banner's text; other kinds are plain notices. */
  kind: Type.String(),
  title: Type.String(),
  body: Type.String(),
  created_at: Timestamp,
  read: Type.Boolean(),
});
export type Notice = Static<typeof Notice>;

export const NoticePage = Page(Notice);
export type NoticePage = Static<typeof NoticePage>;

/** `?page=n`, and a visitor's `uid` when no token is held (visitors see the notices for everyone). */
export const NoticeQuery = Type.Object({ page: Type.Optional(PageNumber), uid: Type.Optional(Uid) });
export type NoticeQuery = Static<typeof NoticeQuery>;

// ---------------------------------------------------------------------------------------------------------------
// Questionnaires

export const QuestionnaireQuestion = Type.Object({
  id: Id,
  text: Type.String(),
  kind: QuestionKind,
  choices: Type.Array(Type.String()),
});
export type QuestionnaireQuestion = Static<typeof QuestionnaireQuestion>;

export const Questionnaire = Type.Object({
  id: Id,
  title: Type.String(),
  description: Type.String(),
  questions: Type.Array(QuestionnaireQuestion),
});
export type Questionnaire = Static<typeof Questionnaire>;

export const QuestionnairePage = Page(Questionnaire);
export type QuestionnairePage = Static<typeof QuestionnairePage>;

export const QuestionnaireAnswerItem = Type.Object({ question: Id, text: Type.String() });
export type QuestionnaireAnswerItem = Static<typeof QuestionnaireAnswerItem>;

export const QuestionnaireAnswer = Type.Object({
  id: Id,
  /** The questionnaire's id. */
  questionnaire: Id,
  answers: Type.Array(QuestionnaireAnswerItem),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type QuestionnaireAnswer = Static<typeof QuestionnaireAnswer>;

export const QuestionnaireAnswerBody = Type.Object({
  /** Identifies a visitor; a signed-in caller is known by the token. */
  uid: Type.Optional(Uid),
  answers: Type.Array(Type.Object({ question: Id, text: UserText }), { minItems: 1, maxItems: 100 }),
});
export type QuestionnaireAnswerBody = Static<typeof QuestionnaireAnswerBody>;

export const QuestionnaireAnswerParams = Type.Object({ id: Id, answerId: Id });
export type QuestionnaireAnswerParams = Static<typeof QuestionnaireAnswerParams>;

export const VisitorQuery = Type.Object({ uid: Type.Optional(Uid) });
export type VisitorQuery = Static<typeof VisitorQuery>;

// ---------------------------------------------------------------------------------------------------------------
// Feedback

export const Feedback = Type.Object({ id: Id, text: Type.String(), created_at: Timestamp });
export type Feedback = Static<typeof Feedback>;

export const FeedbackBody = Type.Object({ text: UserText });
export type FeedbackBody = Static<typeof FeedbackBody>;

// ---------------------------------------------------------------------------------------------------------------
// The account itself: confirm a sensitive change, export, delete (docs/product.md#accounts-and-signing-in,
// docs/decisions.md#sign-in-and-account-security)

export const ConfirmPurpose = Type.Union([
  Type.Literal('phone_change'),
  Type.Literal('delete'),
  /** A password for an account that has none (`/auth/password/set/`). */
  Type.Literal('set_password'),
  /** A new e-mail address for an account without a password (`accounts/user/email/change/`). */
  Type.Literal('email_change'),
]);
export type ConfirmPurpose = Static<typeof ConfirmPurpose>;

export const ConfirmUserBody = Type.Object({ purpose: ConfirmPurpose });
export type ConfirmUserBody = Static<typeof ConfirmUserBody>;

/** A code went out: a PIN by SMS to the current phone, or a code to the verified e-mail address. */
export const ConfirmationSent = Type.Object({
  detail: Type.String(),
  channel: Type.Union([Type.Literal('sms'), Type.Literal('email')]),
  /** The phone number (E.164) or e-mail address the code went to. */
  sent_to: Type.String(),
});
export type ConfirmationSent = Static<typeof ConfirmationSent>;

export const DeleteUserBody = Type.Object({
  /** The current password; accounts without one send `code` instead. */
  password: Type.Optional(Type.String({ minLength: 1, maxLength: 128 })),
  /** The code that `accounts/user/confirm/ {purpose: "delete"}` sent. */
  code: Type.Optional(SixDigitCode),
});
export type DeleteUserBody = Static<typeof DeleteUserBody>;

/** Names as the account page edits them: trimmed by the server, each at most 150 characters (Django's User). */
export const UpdateUserBody = Type.Object({
  first_name: Type.Optional(PersonName),
  last_name: Type.Optional(PersonName),
});
export type UpdateUserBody = Static<typeof UpdateUserBody>;

export const EmailChangeBody = Type.Object({
  email: Email,
  /** The current password: an e-mail change needs it (docs/decisions.md#calls); accounts without one send `code`. */
  password: Type.Optional(Type.String({ minLength: 1, maxLength: 128 })),
  /** The code that `accounts/user/confirm/ {purpose: "email_change"}` sent. */
  code: Type.Optional(SixDigitCode),
});
export type EmailChangeBody = Static<typeof EmailChangeBody>;

export const ConfirmEmailChangeBody = Type.Object({
  /** The new address, as sent to `email/change/`. */
  email: Email,
  /** The code mailed to the new address. */
  code: SixDigitCode,
});
export type ConfirmEmailChangeBody = Static<typeof ConfirmEmailChangeBody>;

const ExportedSocialIdentity = Type.Object({
  provider: Type.Union([Type.Literal('google'), Type.Literal('apple')]),
  email: Nullable(Type.String()),
  created_at: Timestamp,
});

const ExportedUserPlan = Type.Object({
  id: Id,
  plan: Type.Object({ id: Id, name: Type.String() }),
  provider: Type.String(),
  status: Type.String(),
  is_active: Type.Boolean(),
  /** Dollars, as a JSON number. */
  amount: Type.Number(),
  currency: Type.String(),
  remaining_messages: Nullable(Type.Integer()),
  current_period_end: Nullable(Timestamp),
  cancel_at_period_end: Type.Boolean(),
  created_at: Timestamp,
});

const ExportedPaymentMethod = Type.Object({
  provider: Type.String(),
  card_brand: Nullable(Type.String()),
  card_last4: Nullable(Type.String()),
});

const ExportedBio = Type.Object({
  id: Id,
  text: Type.String(),
  created_at: Timestamp,
  versions: Type.Array(
    Type.Object({
      text: Type.String(),
      tone: Nullable(Type.String()),
      instruction: Nullable(Type.String()),
      created_at: Timestamp,
    }),
  ),
});

const ExportedImage = Type.Object({
  id: Id,
  url: Type.String(),
  width: Type.Integer(),
  height: Type.Integer(),
  created_at: Timestamp,
});

const ExportedImageReview = Type.Object({
  id: Id,
  images: Type.Array(Id),
  score: Type.Integer(),
  summary: Type.String(),
  tips: Type.Array(Type.String()),
  follow_ups: Type.Array(
    Type.Object({ question: Type.String(), answer: Type.String(), created_at: Timestamp }),
  ),
  created_at: Timestamp,
});

const ExportedChatMessage = Type.Object({
  id: Id,
  role: Type.Union([Type.Literal('user'), Type.Literal('ai')]),
  body: Type.String(),
  /** The URL of a photo sent with the message. */
  image: Nullable(Type.String()),
  created_at: Timestamp,
});

const ExportedAttribution = Type.Object({
  /** Tracking parameters the visitor arrived with (only the ones present). */
  utm_params: Type.Array(Type.Record(Type.String(), Type.String())),
  /** Conversions recorded for ad platforms. */
  conversions: Type.Array(
    Type.Object({
      platform: Type.String(),
      event_name: Nullable(Type.String()),
      event_time: Timestamp,
      value: Nullable(Type.Number()),
      currency: Nullable(Type.String()),
    }),
  ),
  abtests: Type.Array(Type.Object({ name: Type.String(), value: Type.String() })),
});

/** A match with everything kept under it (docs/product.md#matches); its coaching chat is not in `chat_messages`. */
const ExportedMatch = Type.Object({
  name: Type.String(),
  where_met: Type.String(),
  notes: Type.String(),
  profile_text: Type.String(),
  status: MatchStatus,
  archived: Type.Boolean(),
  /** URLs of the match's stored photos. */
  photos: Type.Array(Type.String()),
  memory: Type.Object({
    summary: Type.String(),
    facts: Type.Array(Type.Object({ text: Type.String(), source: FactSource, pinned: Type.Boolean() })),
  }),
  /** The transcript, oldest line first. */
  lines: Type.Array(Type.Object({ side: LineSide, text: Type.String() })),
  /** The coaching chat, oldest first. */
  coaching_chat: Type.Array(Type.Object({ role: Type.String(), body: Type.String(), created_at: Timestamp })),
  created_at: Timestamp,
  last_activity_at: Timestamp,
});

/** Everything kept about the user, in one JSON document (docs/product.md#accounts-and-signing-in). */
export const UserExport = Type.Object({
  exported_at: Timestamp,
  user: User,
  sign_in_methods: Type.Object({
    /** Whether a password is set (never the password or its hash). */
    password: Type.Boolean(),
    phone_number: Nullable(Type.String()),
    phone_verified: Type.Boolean(),
    email: Nullable(Type.String()),
    email_verified: Type.Boolean(),
    social: Type.Array(ExportedSocialIdentity),
  }),
  plans: Type.Array(ExportedUserPlan),
  payment_method: Nullable(ExportedPaymentMethod),
  /** Billing history, newest first (the same items as `memberships/payments/`). */
  payments: Type.Array(Payment),
  spending_cap: SpendingCap,
  answers: Type.Array(Type.Object({ question: Type.String(), text: Type.String(), updated_at: Timestamp })),
  questionnaire_answers: Type.Array(
    Type.Object({
      questionnaire: Type.String(),
      answers: Type.Array(Type.Object({ question: Type.String(), text: Type.String() })),
      updated_at: Timestamp,
    }),
  ),
  dating_bios: Type.Array(ExportedBio),
  images: Type.Array(ExportedImage),
  image_reviews: Type.Array(ExportedImageReview),
  chat_messages: Type.Array(ExportedChatMessage),
  matches: Type.Array(ExportedMatch),
  /** Sounds like me (docs/product.md#sounds-like-me): the messages given, and the profile; null when none. */
  style: Nullable(
    Type.Object({
      samples: Type.Array(Type.String()),
      profile: StyleProfile,
      edited: Type.Boolean(),
      updated_at: Timestamp,
    }),
  ),
  /** Every suggestion offered, oldest first, with what the person marked (docs/product.md#what-works-for-you). */
  suggestions: Type.Array(
    Type.Object({
      kind: SuggestionKind,
      tone: ChatTone,
      text: Type.String(),
      sounds_like_you: Nullable(Type.Integer({ minimum: 0, maximum: 100 })),
      /** The match's name when it was offered in a match. */
      match: Nullable(Type.String()),
      sent: Type.Boolean(),
      outcome: Nullable(
        Type.Union([Type.Literal('replied'), Type.Literal('no_reply'), Type.Literal('date_planned')]),
      ),
      created_at: Timestamp,
    }),
  ),
  roasts: Type.Array(
    Type.Object({
      text: Type.String(),
      intensity: Nullable(RoastIntensity),
      created_at: Timestamp,
      updated_at: Timestamp,
    }),
  ),
  /** Texting the wingmate: whether the member's phone opted out (STOP). */
  sms: Type.Object({ opted_out: Type.Boolean() }),
  feedback: Type.Array(Type.Object({ text: Type.String(), created_at: Timestamp })),
  attribution: ExportedAttribution,
});
export type UserExport = Static<typeof UserExport>;

// ---------------------------------------------------------------------------------------------------------------
// Operations (docs/product.md#account-calls)

const signedIn = { 401: AuthenticationError } as const;
/** Optional-auth calls: 401 for a bad token, 403 for a uid that belongs to another account. */
const byUidErrors = { 401: AuthenticationError, 403: DetailError } as const;
/** Paged lists: a bad `page` is 400, a page past the last 404 "Invalid page." (DRF). */
const pageErrors = { 400: FieldErrors, 404: DetailError } as const;

export const listQuestions = defineOperation({
  ...accountRoutes.listQuestions,
  summary: 'The profile questions, in order',
  query: PageQuery,
  responses: { 200: QuestionPage, ...pageErrors, ...signedIn },
});

export const listAnswers = defineOperation({
  ...accountRoutes.listAnswers,
  summary: "The signed-in user's answers to the profile questions",
  query: PageQuery,
  responses: { 200: AnswerPage, ...pageErrors, ...signedIn },
});

export const createAnswers = defineOperation({
  ...accountRoutes.createAnswers,
  summary: 'Answer profile questions (one answer a question; answering again replaces the text)',
  body: CreateAnswersBody,
  responses: { 201: AnswerList, 400: FieldErrors, ...signedIn },
});

export const updateAnswers = defineOperation({
  ...accountRoutes.updateAnswers,
  summary: 'Change the text of answers; a 400 puts its message under `text`',
  body: UpdateAnswersBody,
  responses: { 200: AnswerList, 400: FieldErrors, ...signedIn },
});

export const deleteAnswer = defineOperation({
  ...accountRoutes.deleteAnswer,
  summary: 'Delete an answer (the client counts 404 as success)',
  params: IdParams,
  responses: { 204: NoContent, ...signedIn, 404: DetailError },
});

export const listRoasts = defineOperation({
  ...accountRoutes.listRoasts,
  summary: "The signed-in user's saved roasts, newest first",
  query: PageQuery,
  responses: { 200: RoastPage, ...pageErrors, ...signedIn },
});

export const createRoast = defineOperation({
  ...accountRoutes.createRoast,
  summary: 'Save a roast',
  body: RoastBody,
  responses: { 201: Roast, 400: FieldErrors, ...signedIn },
});

export const updateRoast = defineOperation({
  ...accountRoutes.updateRoast,
  summary: 'Change the text of a saved roast',
  params: IdParams,
  body: RoastBody,
  responses: { 200: Roast, 400: FieldErrors, ...signedIn, 404: DetailError },
});

export const generateRoast = defineOperation({
  ...accountRoutes.generateRoast,
  summary:
    'Ask the wingmate for a roast of your bio and photos at an intensity (one message, as a chat reply); it is saved',
  headers: IdempotencyKeyHeaders,
  body: GenerateRoastBody,
  responses: {
    201: Roast,
    400: FieldErrors,
    ...signedIn,
    /** `no_messages`: out of messages; nothing was saved. */
    402: CodedError,
    ...idempotencyErrors,
    429: DetailError,
    ...aiErrors,
  },
});

export const getSmsStatus = defineOperation({
  ...accountRoutes.getSmsStatus,
  summary: 'Whether the member can text the wingmate, from which number, and whether that number opted out',
  responses: { 200: SmsStatus, ...signedIn },
});

export const listOffers = defineOperation({
  ...accountRoutes.listOffers,
  summary: 'The current offers (not expired)',
  query: PageQuery,
  responses: { 200: OfferPage, ...pageErrors, ...signedIn },
});

export const listQuestionnaires = defineOperation({
  ...accountRoutes.listQuestionnaires,
  summary: 'The questionnaires with their questions',
  query: PageQuery,
  responses: { 200: QuestionnairePage, ...pageErrors, 401: AuthenticationError },
});

export const getQuestionnaireAnswers = defineOperation({
  ...accountRoutes.getQuestionnaireAnswers,
  summary: "The caller's answers (by token, else by uid) to questionnaire {id}; 404 when not answered yet",
  params: IdParams,
  query: VisitorQuery,
  responses: { 200: QuestionnaireAnswer, 400: FieldErrors, ...byUidErrors, 404: DetailError },
});

export const createQuestionnaireAnswer = defineOperation({
  ...accountRoutes.createQuestionnaireAnswer,
  summary: 'Answer questionnaire {id}',
  params: IdParams,
  body: QuestionnaireAnswerBody,
  responses: { 201: QuestionnaireAnswer, 400: FieldErrors, ...byUidErrors, 404: DetailError },
});

export const updateQuestionnaireAnswer = defineOperation({
  ...accountRoutes.updateQuestionnaireAnswer,
  summary: 'Replace the answers {answerId} to questionnaire {id}',
  params: QuestionnaireAnswerParams,
  body: QuestionnaireAnswerBody,
  responses: { 200: QuestionnaireAnswer, 400: FieldErrors, ...byUidErrors, 404: DetailError },
});

export const listMessages = defineOperation({
  ...accountRoutes.listMessages,
  summary:
    "The signed-in user's notices and those for everyone, newest first, each with the user's read state; a " +
    'visitor (by uid) gets those for everyone, unread (the newest unread `banner` is the rebrand banner)',
  query: NoticeQuery,
  responses: { 200: NoticePage, ...pageErrors, ...byUidErrors },
});

export const markMessageRead = defineOperation({
  ...accountRoutes.markMessageRead,
  summary: 'Mark notice {id} read for the signed-in user (one of theirs, or one for everyone); answers it',
  params: IdParams,
  responses: { 200: Notice, ...signedIn, 404: DetailError },
});

export const createFeedback = defineOperation({
  ...accountRoutes.createFeedback,
  summary: 'Send feedback',
  body: FeedbackBody,
  responses: { 201: Feedback, 400: FieldErrors, ...signedIn },
});

export const confirmUser = defineOperation({
  ...accountRoutes.confirmUser,
  summary:
    'Send a code for a sensitive change (phone or e-mail change, delete, a first password): a PIN to the ' +
    'current phone, or a code to the verified e-mail; never signs in',
  body: ConfirmUserBody,
  responses: { 200: ConfirmationSent, 400: FieldErrors, ...signedIn, 429: DetailError },
});

export const updateUser = defineOperation({
  ...accountRoutes.updateUser,
  summary: "Change the signed-in user's first and last name (trimmed); answers the user",
  body: UpdateUserBody,
  responses: { 200: User, 400: FieldErrors, ...signedIn },
});

export const requestEmailChange = defineOperation({
  ...accountRoutes.requestEmailChange,
  summary:
    'With the current password (or the code from confirm), send a 6-digit code to a new e-mail address ' +
    '(10 minutes, 5 tries, single use); the address changes only once the code is confirmed',
  body: EmailChangeBody,
  responses: { 200: ConfirmationSent, 400: FieldErrors, ...signedIn, 429: DetailError },
});

export const confirmEmailChange = defineOperation({
  ...accountRoutes.confirmEmailChange,
  summary:
    'Confirm a new e-mail address with the code sent to it: it becomes the verified address, the old one is ' +
    'told; answers the user',
  body: ConfirmEmailChangeBody,
  responses: { 200: User, 400: FieldErrors, ...signedIn },
});

export const exportUser = defineOperation({
  ...accountRoutes.exportUser,
  summary: 'Everything kept about the signed-in user, in one JSON document (no secrets)',
  responses: { 200: UserExport, ...signedIn },
});

export const deleteUser = defineOperation({
  ...accountRoutes.deleteUser,
  summary:
    'Delete the account with its password (or the code from confirm): cancels renewals, deletes personal data ' +
    'and uploads, keeps only what payment law needs detached from the person, signs out every session',
  description: `In cookie mode the \`${REFRESH_COOKIE}\` cookie is cleared (Max-Age=0).`,
  headers: SessionModeHeaders,
  body: DeleteUserBody,
  responses: {
    200: Acknowledgement,
    400: FieldErrors,
    ...signedIn,
    /** `payment_in_progress`: a charge of the member is under way; nothing was deleted. */
    409: CodedError,
    429: DetailError,
    /** A renewal could not be cancelled at the payment provider; nothing was deleted. */
    503: DetailError,
  },
});

export const accountOperations = {
  listQuestions,
  listAnswers,
  createAnswers,
  updateAnswers,
  deleteAnswer,
  listRoasts,
  createRoast,
  updateRoast,
  generateRoast,
  getSmsStatus,
  listOffers,
  listQuestionnaires,
  getQuestionnaireAnswers,
  createQuestionnaireAnswer,
  updateQuestionnaireAnswer,
  listMessages,
  markMessageRead,
  createFeedback,
  confirmUser,
  updateUser,
  requestEmailChange,
  confirmEmailChange,
  exportUser,
  deleteUser,
};
