import type { ChatMessageBody, RoastIntensity, SuggestionKind } from '@wingmate/api-contract';

/** The intensities a roast is written at, in the order they are offered. */
export { ROAST_INTENSITIES } from '@wingmate/api-contract';

/** Which model answered: the configured LLM, or the built-in offline engine (shown as "offline model"). */
export interface ModelInfo {
  readonly name: string;
  readonly offline: boolean;
}

export type Persona = 'companion' | 'coach';

/** An image sent with a chat message: the bytes (uploaded now) or a stored copy's URL. */
export interface ChatImage {
  readonly bytes?: Uint8Array;
  readonly url?: string;
  readonly width: number;
  readonly height: number;
}

export interface ProfileAnswer {
  readonly question: string;
  readonly text: string;
}

/** What the user told us about themselves: profile answers and questionnaire answers. */
export interface UserProfile {
  readonly firstName?: string;
  readonly answers: readonly ProfileAnswer[];
  readonly questionnaire: readonly ProfileAnswer[];
}

export interface ChatTurn {
  readonly role: 'user' | 'ai';
  readonly body: string;
  /** URL of an image sent with that turn (never re-sent to the model: only mentioned). */
  readonly image?: string | null;
}

/**
 * The reply helper (docs/decisions.md#calls): what to write (an opener, a reply, asking them out) and in which tone.
 */
export type ReplyMode = NonNullable<ChatMessageBody['mode']>;
export type ReplyTone = NonNullable<ChatMessageBody['tone']>;

export interface ReplyHelper {
  readonly mode?: ReplyMode;
  readonly tone?: ReplyTone;
  /**
   * With a mode and no tone chosen: the tones to write the suggested messages in, one each, in this order (the
   * person's tone order, docs/product.md#what-works-for-you).
   */
  readonly tones?: readonly ReplyTone[];
}

/** A message a reply offers to send, as the model wrote it (docs/product.md#what-works-for-you). */
export interface SuggestedMessage {
  readonly kind: SuggestionKind;
  readonly tone: ReplyTone;
  readonly text: string;
}

/**
 * The person's style as a chat reply uses it (docs/product.md#sounds-like-me): a configured model reads the words
 * and samples in its prompt; the offline engine rewrites each suggested message with `adapt`, deterministically.
 */
export interface ChatStyle extends TextingStyle {
  adapt(text: string, seed: string): string;
}

/** A line of the real conversation with a match: the person's (`me`) or the match's (`them`). */
export interface TranscriptLine {
  readonly side: 'me' | 'them';
  readonly text: string;
}

/** A fact remembered about a match: the summariser's (`wingmate`) or the person's (`you`). */
export interface MatchFact {
  readonly id: number;
  readonly text: string;
  readonly source: 'wingmate' | 'you';
  readonly pinned: boolean;
}

/**
 * One match as the AI reads it (docs/product.md#how-a-matchs-memory-works): its fields, its memory and the newest
 * lines of its transcript. Only ever one match, the one the request is about.
 */
export interface MatchContext {
  readonly name: string;
  readonly whereMet: string;
  /** The match's own dating profile, as the person pasted it. */
  readonly profileText: string;
  readonly notes: string;
  readonly summary: string;
  /** Pinned facts first. */
  readonly facts: readonly MatchFact[];
  /** The newest lines of the transcript, oldest first. */
  readonly lines: readonly TranscriptLine[];
}

export interface ChatRequest {
  readonly persona: Persona;
  readonly profile: UserProfile;
  /** Recent turns, oldest first (in a match's coaching chat: that chat's only). */
  readonly history: readonly ChatTurn[];
  /** The match the coaching chat is about; absent in the main chat. */
  readonly match?: MatchContext;
  readonly message: { readonly body: string; readonly image?: ChatImage };
  /** Varies the offline engine's wording; the same seed and input give the same reply. */
  readonly seed: number | string;
  /** What the person chose above the composer; absent = a plain chat. */
  readonly helper?: ReplyHelper;
  /** How the person texts, when they gave messages of theirs: suggested messages are written that way. */
  readonly style?: ChatStyle;
}

/** "What do I answer?": replies to the match's newest line, one in each tone. */
export interface ReplySuggestionRequest {
  readonly profile: UserProfile;
  readonly match: MatchContext;
  /** The newest messages of the match's coaching chat, oldest first. */
  readonly history: readonly ChatTurn[];
  /** One reply is written in each, in this order. */
  readonly tones: readonly ReplyTone[];
  readonly seed: number | string;
  /** How the person texts, when they gave messages of theirs (docs/product.md#sounds-like-me). */
  readonly style?: TextingStyle;
}

/** The person's texting style as a model reads it: the profile in plain words and a few of their messages. */
export interface TextingStyle {
  /** The profile in plain words, one line each ("Mostly lowercase"). */
  readonly words: readonly string[];
  /** A few of the person's own messages, oldest first. */
  readonly samples: readonly string[];
}

export interface SuggestedReply {
  readonly tone: ReplyTone;
  readonly text: string;
}

export interface ReplySuggestions {
  /** One for each tone asked, in the order asked. */
  readonly replies: readonly SuggestedReply[];
  readonly model: ModelInfo;
}

/** What the summariser reads: the match (its kept facts included) and the newest coaching messages. */
export interface MatchMemoryRequest {
  readonly match: MatchContext;
  /** The person's newest coaching messages (never the wingmate's answers), oldest first. */
  readonly history: readonly ChatTurn[];
}

/** The summariser's memory: the summary and the facts it keeps (the person's and pinned facts stay as they are). */
export interface MatchMemoryDraft {
  readonly summary: string;
  readonly facts: readonly string[];
}

export interface AiText {
  readonly body: string;
  readonly model: ModelInfo;
}

/** A chat reply: its text, and the messages it offers to send (absent or empty when it offers none). */
export interface ChatAnswer extends AiText {
  readonly suggestions?: readonly SuggestedMessage[];
}

/** A piece of a streamed reply, then one `done` with the whole text and the messages it offers. */
export type ReplyChunk =
  { readonly type: 'delta'; readonly text: string } | ({ readonly type: 'done' } & ChatAnswer);

export const BIO_TONES = ['warm', 'witty', 'bold', 'minimal'] as const;
export type BioTone = (typeof BIO_TONES)[number];

export interface BioRequest {
  readonly answers: readonly ProfileAnswer[];
  readonly tone: BioTone;
  readonly firstName?: string;
  /** The bio being rewritten, with what the user asked ("make it funnier"). */
  readonly currentText?: string;
  readonly instruction?: string;
  readonly seed?: number | string;
  /** How the person writes, when they gave messages of theirs: the bio is written in it (docs/product.md#sounds-like-me). */
  readonly style?: ChatStyle;
}

/** What a photo review said, as roast material: the review's own words, never the pixels. */
export interface RoastPhotoReview {
  readonly summary: string;
  readonly tips: readonly string[];
  /** Each photo's tips, in the review's order. */
  readonly photoTips: readonly (readonly string[])[];
}

/** The photos the member shared: how many, and their newest review if they asked for one. */
export interface RoastPhotos {
  readonly count: number;
  readonly review?: RoastPhotoReview;
}

/**
 * A roast of what the member shared (docs/product.md#roasts): the bio's text and the photo facts, at an intensity.
 * Nothing else about the person is material.
 */
export interface RoastRequest {
  readonly intensity: RoastIntensity;
  /** The current dating bio's text; absent when there is none. */
  readonly bio?: string;
  readonly photos: RoastPhotos;
  /** Varies the offline engine's wording; the same seed and material give the same roast. */
  readonly seed?: number | string;
}

export interface PhotoInput {
  readonly id: number;
  readonly bytes: Uint8Array;
  readonly width: number;
  readonly height: number;
}

export interface PhotoScore {
  readonly id: number;
  readonly score: number;
  readonly tips: readonly string[];
}

export interface PhotoReviewResult {
  /** 0..100. */
  readonly score: number;
  readonly summary: string;
  readonly tips: readonly string[];
  readonly photos: readonly PhotoScore[];
  readonly model: ModelInfo;
}

export interface FollowUpRequest {
  readonly review: Omit<PhotoReviewResult, 'model'>;
  readonly question: string;
  readonly seed?: number | string;
}

/**
 * The AI behind chat, bios, roasts and photo reviews. Failures throw `AiProviderError` or `AiTimeoutError`
 * before anything is saved or charged.
 */
export interface AiModel {
  readonly info: ModelInfo;
  reply(request: ChatRequest): Promise<ChatAnswer>;
  streamReply(request: ChatRequest): AsyncIterable<ReplyChunk>;
  generateBio(request: BioRequest): Promise<AiText>;
  roast(request: RoastRequest): Promise<AiText>;
  reviewPhotos(photos: readonly PhotoInput[]): Promise<PhotoReviewResult>;
  followUp(request: FollowUpRequest): Promise<AiText>;
  suggestReplies(request: ReplySuggestionRequest): Promise<ReplySuggestions>;
  /** Throws `AiProviderError` when the model's answer is not the memory asked for. */
  summariseMatch(request: MatchMemoryRequest): Promise<MatchMemoryDraft>;
}
