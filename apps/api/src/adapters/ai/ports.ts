import type { ChatMessageBody, RoastIntensity } from '@wingmate/api-contract';

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
}

export interface ChatRequest {
  readonly persona: Persona;
  readonly profile: UserProfile;
  /** Recent turns, oldest first. */
  readonly history: readonly ChatTurn[];
  readonly message: { readonly body: string; readonly image?: ChatImage };
  /** Varies the offline engine's wording; the same seed and input give the same reply. */
  readonly seed: number | string;
  /** What the person chose above the composer; absent = a plain chat. */
  readonly helper?: ReplyHelper;
}

export interface AiText {
  readonly body: string;
  readonly model: ModelInfo;
}

/** A piece of a streamed reply, then one `done` with the whole text. */
export type ReplyChunk =
  | { readonly type: 'delta'; readonly text: string }
  | { readonly type: 'done'; readonly body: string; readonly model: ModelInfo };

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
  reply(request: ChatRequest): Promise<AiText>;
  streamReply(request: ChatRequest): AsyncIterable<ReplyChunk>;
  generateBio(request: BioRequest): Promise<AiText>;
  roast(request: RoastRequest): Promise<AiText>;
  reviewPhotos(photos: readonly PhotoInput[]): Promise<PhotoReviewResult>;
  followUp(request: FollowUpRequest): Promise<AiText>;
}
