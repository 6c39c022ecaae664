import Type, { type Static } from 'typebox';
import {
  Id,
  imageUpload,
  ModelInfo,
  NoContent,
  Nullable,
  Page,
  PageQuery,
  Timestamp,
  Uid,
  UidIdParams,
  UidParams,
} from './common';
import { AuthenticationError, DetailError, FieldErrors } from './errors';
import { aiErrors } from './chat';
import { ImageVariants } from './image-variants';
import { SuggestionState } from './style';
import { Suggestion } from './suggestion';
import { defineOperation } from './operation';
import { datingBioRoutes } from './dating-bio.routes';

const BioText = Type.String({ minLength: 1, maxLength: 5000 });
/** What the user asks of the AI ("make it funnier"). */
const ResponseText = Type.String({ minLength: 1, maxLength: 5000 });

// ---------------------------------------------------------------------------------------------------------------
// Bios and their AI versions

/** One AI-written version of a bio: from `generate/` (with a tone) or `generate/create/` (with an instruction). */
export const BioVersion = Type.Object({
  id: Id,
  text: Type.String(),
  /** The tone asked of `generate/`; null for rewrites. */
  tone: Nullable(Type.String()),
  /** The `response_text` of a rewrite; null for `generate/`. */
  instruction: Nullable(Type.String()),
  /**
   * The version offered as a bio line to use, mark and score (docs/product.md#what-works-for-you): one, kind
   * `bio_line`, its text the version's, its tone the nearest of the suggestion tones to the bio's (warm: sincere,
   * witty: witty, bold and minimal: confident). Empty for versions written before bios were offered so.
   */
  suggestions: Type.Array(Suggestion),
  /** What its bio line was marked with so far, so the marks show where the version does: empty until marked. */
  marks: Type.Array(SuggestionState),
  created_at: Timestamp,
});
export type BioVersion = Static<typeof BioVersion>;

export const DatingBio = Type.Object({
  id: Id,
  uid: Type.String(),
  /** The user's own text (or the version they kept, through `update/`). */
  text: Type.String(),
  created_at: Timestamp,
  updated_at: Timestamp,
  /** The AI versions, newest first. */
  generated: Type.Array(BioVersion),
});
export type DatingBio = Static<typeof DatingBio>;

export const CreateDatingBioBody = Type.Object({ uid: Uid, text: BioText });
export type CreateDatingBioBody = Static<typeof CreateDatingBioBody>;

export const UpdateDatingBioBody = Type.Object({ text: BioText });
export type UpdateDatingBioBody = Static<typeof UpdateDatingBioBody>;

export const GenerateDatingBioBody = Type.Object({
  /** E.g. `funny`, `sincere`, `confident`, `casual`; the AI picks a fitting tone when absent. */
  tone: Type.Optional(Type.String({ minLength: 1, maxLength: 50 })),
});
export type GenerateDatingBioBody = Static<typeof GenerateDatingBioBody>;

export const ResponseTextBody = Type.Object({ response_text: ResponseText });
export type ResponseTextBody = Static<typeof ResponseTextBody>;

// ---------------------------------------------------------------------------------------------------------------
// Bio images and their reviews

export const BioImage = Type.Object({
  id: Id,
  /** URL of the re-encoded image (EXIF stripped). */
  image: Type.String(),
  width: Type.Integer({ minimum: 1 }),
  height: Type.Integer({ minimum: 1 }),
  variants: ImageVariants(
    'The stored widths of the photo for srcset, smallest first, the original (`image`, `width`, `height`) last: ' +
      '320, 640 and 1080 px wide where the original is wider. Photos uploaded before widths were kept list the ' +
      'original only. Always present in answers.',
  ),
  created_at: Timestamp,
});
export type BioImage = Static<typeof BioImage>;

export const BioImagePage = Page(BioImage);
export type BioImagePage = Static<typeof BioImagePage>;

export const UploadBioImageBody = Type.Object({ uid: Uid });
export type UploadBioImageBody = Static<typeof UploadBioImageBody>;

export const PhotoReview = Type.Object({
  /** The BioImage's id. */
  image: Id,
  score: Type.Integer({ minimum: 0, maximum: 100 }),
  tips: Type.Array(Type.String()),
});
export type PhotoReview = Static<typeof PhotoReview>;

export const ReviewFollowUp = Type.Object({
  question: Type.String(),
  answer: Type.String(),
  created_at: Timestamp,
});
export type ReviewFollowUp = Static<typeof ReviewFollowUp>;

export const ImageReview = Type.Object({
  id: Id,
  /** The set of photos reviewed (BioImage ids); one review per set. */
  images: Type.Array(Id),
  score: Type.Integer({ minimum: 0, maximum: 100 }),
  summary: Type.String(),
  tips: Type.Array(Type.String()),
  photos: Type.Array(PhotoReview),
  /** Questions asked about the review, oldest first. */
  follow_ups: Type.Array(ReviewFollowUp),
  created_at: Timestamp,
  model: ModelInfo,
});
export type ImageReview = Static<typeof ImageReview>;

export const ImageReviewPage = Page(ImageReview);
export type ImageReviewPage = Static<typeof ImageReviewPage>;

// ---------------------------------------------------------------------------------------------------------------
// Operations (docs/product.md#account-calls: dating_bio/...)

/** Optional-auth calls: 401 for a bad token, 403 for a uid that belongs to another account. */
const byUid = { 401: AuthenticationError, 403: DetailError } as const;
/**
 * 429 `{detail}` with Retry-After: AI calls (bio generate and rewrite, photo review and follow-up) and photo uploads
 * are limited per uid or account and per IP each hour (`AI_LIMIT_VISITOR_PER_HOUR`, 30; `AI_LIMIT_MEMBER_PER_HOUR`,
 * 120; `UPLOAD_LIMIT_PER_HOUR`, 60). A photo review answered from the stored one does not count.
 */
const hourlyLimit = { 429: DetailError } as const;

export const createDatingBio = defineOperation({
  ...datingBioRoutes.createDatingBio,
  summary: "Save the bio text of a uid (it becomes that uid's current bio)",
  body: CreateDatingBioBody,
  responses: { 201: DatingBio, 400: FieldErrors, ...byUid },
});

export const getDatingBio = defineOperation({
  ...datingBioRoutes.getDatingBio,
  summary: 'The current bio of a uid with its AI versions; 404 when there is none',
  params: UidParams,
  responses: { 200: DatingBio, ...byUid, 404: DetailError },
});

export const uploadDatingBioImage = defineOperation({
  ...datingBioRoutes.uploadDatingBioImage,
  summary: 'Upload a bio photo (multipart: uid, image)',
  consumes: 'multipart',
  params: UidParams,
  body: UploadBioImageBody,
  files: { image: imageUpload },
  responses: {
    201: BioImage,
    400: FieldErrors,
    ...byUid,
    413: DetailError,
    415: DetailError,
    ...hourlyLimit,
  },
});

export const listDatingBioImages = defineOperation({
  ...datingBioRoutes.listDatingBioImages,
  summary: 'The bio photos of a uid, oldest first',
  params: UidParams,
  query: PageQuery,
  responses: { 200: BioImagePage, 400: FieldErrors, ...byUid, 404: DetailError },
});

export const deleteDatingBioImage = defineOperation({
  ...datingBioRoutes.deleteDatingBioImage,
  summary: 'Delete a bio photo',
  params: UidIdParams,
  responses: { 204: NoContent, ...byUid, 404: DetailError },
});

export const listImageReviews = defineOperation({
  ...datingBioRoutes.listImageReviews,
  summary: 'The photo reviews of a uid, newest first',
  params: UidParams,
  query: PageQuery,
  responses: { 200: ImageReviewPage, 400: FieldErrors, ...byUid, 404: DetailError },
});

export const createImageReview = defineOperation({
  ...datingBioRoutes.createImageReview,
  summary:
    'Review the current photos (idempotent: one review per set of photos, asking again returns it); ' +
    '400 when there are no photos',
  params: UidParams,
  responses: { 200: ImageReview, 400: DetailError, ...byUid, ...aiErrors, ...hourlyLimit },
});

export const followUpImageReview = defineOperation({
  ...datingBioRoutes.followUpImageReview,
  summary: 'Ask a follow-up question about the latest photo review; 404 when there is no review',
  params: UidParams,
  body: ResponseTextBody,
  responses: {
    201: ReviewFollowUp,
    400: FieldErrors,
    ...byUid,
    404: DetailError,
    ...aiErrors,
    ...hourlyLimit,
  },
});

export const generateDatingBio = defineOperation({
  ...datingBioRoutes.generateDatingBio,
  summary: 'Write a new AI version of bio {id}, in a tone if given',
  params: UidIdParams,
  body: GenerateDatingBioBody,
  responses: { 201: BioVersion, 400: FieldErrors, ...byUid, 404: DetailError, ...aiErrors, ...hourlyLimit },
});

export const updateDatingBio = defineOperation({
  ...datingBioRoutes.updateDatingBio,
  summary: 'Replace the text of bio {id}',
  params: UidIdParams,
  body: UpdateDatingBioBody,
  responses: { 200: DatingBio, 400: FieldErrors, ...byUid, 404: DetailError },
});

export const rewriteDatingBio = defineOperation({
  ...datingBioRoutes.rewriteDatingBio,
  summary: 'Rewrite bio {id} as asked ("make it funnier"): a new AI version',
  params: UidIdParams,
  body: ResponseTextBody,
  responses: { 201: BioVersion, 400: FieldErrors, ...byUid, 404: DetailError, ...aiErrors, ...hourlyLimit },
});

export const datingBioOperations = {
  createDatingBio,
  getDatingBio,
  uploadDatingBioImage,
  listDatingBioImages,
  deleteDatingBioImage,
  listImageReviews,
  createImageReview,
  followUpImageReview,
  generateDatingBio,
  updateDatingBio,
  rewriteDatingBio,
};
