import type { BioImage, ImageReview } from '@wingmate/api-contract';

/** A photo scoring under 5 of 10 is suggested to drop. */
export const DROP_BELOW_SCORE = 50;
/** Profiles show their best six; any past the sixth is suggested to drop. */
export const BEST_KEPT = 6;

export type DropReason = 'low-score' | 'past-best-six';

export interface RankedPhoto {
  image: BioImage;
  /** Where the photo sits among the uploaded ones, from 1 ("Photo 2"). */
  position: number;
  /** 1 for the best. */
  rank: number;
  /** 0 to 100, as the review gives it. */
  score: number;
  /** The review's reasons for this photo's score. */
  tips: string[];
  drop: DropReason | null;
}

/** "7.5/10" from the review's 0 to 100. */
export function scoreOutOfTen(score: number): string {
  return `${Number((score / 10).toFixed(1))}/10`;
}

/**
 * The reviewed photos that are still uploaded, best first (ties keep the upload order), each with why it might
 * go: a score under 5 of 10, or a place past the best six.
 */
export function rankPhotos(review: ImageReview, images: readonly BioImage[]): RankedPhoto[] {
  const scored = review.photos.flatMap((photo) => {
    const position = images.findIndex((image) => image.id === photo.image);
    return position === -1 ? [] : [{ image: images[position]!, position: position + 1, photo }];
  });
  scored.sort((a, b) => b.photo.score - a.photo.score || a.position - b.position);
  return scored.map(({ image, position, photo }, index) => ({
    image,
    position,
    rank: index + 1,
    score: photo.score,
    tips: photo.tips,
    drop: photo.score < DROP_BELOW_SCORE ? 'low-score' : index >= BEST_KEPT ? 'past-best-six' : null,
  }));
}

/** Whether the review looked at exactly the photos uploaded now (else a new review is due). */
export function reviewsCurrentPhotos(review: ImageReview, images: readonly BioImage[]): boolean {
  const reviewed = [...review.images].sort((a, b) => a - b).join(',');
  const current = images
    .map((image) => image.id)
    .sort((a, b) => a - b)
    .join(',');
  return reviewed === current;
}
