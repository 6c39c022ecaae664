import type { BioImage, ImageReview } from '@wingmate/api-contract';
import { rankPhotos, reviewsCurrentPhotos, scoreOutOfTen } from './photo-ranking';

const image = (id: number): BioImage => ({
  id,
  image: `http://api.test/media/${id}.jpg`,
  width: 800,
  height: 1000,
  created_at: '2026-11-23T12:00:00Z',
});

function reviewOf(scores: Record<number, number>): ImageReview {
  return {
    id: 1,
    images: Object.keys(scores).map(Number),
    score: 60,
    summary: 'Good light overall.',
    tips: [],
    photos: Object.entries(scores).map(([id, score]) => ({ image: Number(id), score, tips: [`tip ${id}`] })),
    follow_ups: [],
    created_at: '2026-11-23T12:00:00Z',
    model: { name: 'offline', offline: true },
  };
}

describe('photo ranking (docs/product.md#dating-bio-photos-profile: best first; drop any under 5 of 10 and any past the best six)', () => {
  it('orders best first, ties in upload order, with each photo’s place among the uploads', () => {
    const ranked = rankPhotos(reviewOf({ 1: 60, 2: 90, 3: 60 }), [image(1), image(2), image(3)]);
    expect(ranked.map(({ image, rank, position }) => [image.id, rank, position])).toEqual([
      [2, 1, 2],
      [1, 2, 1],
      [3, 3, 3],
    ]);
    expect(ranked[0]!.tips).toEqual(['tip 2']);
  });

  it('suggests dropping a photo under 5 of 10, and keeps one at exactly 5', () => {
    const ranked = rankPhotos(reviewOf({ 1: 49, 2: 50 }), [image(1), image(2)]);
    expect(ranked.map((photo) => [photo.image.id, photo.drop])).toEqual([
      [2, null],
      [1, 'low-score'],
    ]);
  });

  it('suggests dropping good photos past the best six', () => {
    const scores = { 1: 95, 2: 90, 3: 85, 4: 80, 5: 75, 6: 70, 7: 65, 8: 30 };
    const ranked = rankPhotos(reviewOf(scores), Object.keys(scores).map(Number).map(image));
    expect(ranked.map((photo) => photo.drop)).toEqual([
      null,
      null,
      null,
      null,
      null,
      null,
      'past-best-six',
      'low-score',
    ]);
  });

  it('leaves out reviewed photos that were deleted since', () => {
    expect(rankPhotos(reviewOf({ 1: 70, 2: 80 }), [image(1)]).map((photo) => photo.image.id)).toEqual([1]);
  });

  it('knows when the photos changed since the review', () => {
    const review = reviewOf({ 1: 70, 2: 80 });
    expect(reviewsCurrentPhotos(review, [image(2), image(1)])).toBe(true);
    expect(reviewsCurrentPhotos(review, [image(1)])).toBe(false);
    expect(reviewsCurrentPhotos(review, [image(1), image(2), image(3)])).toBe(false);
  });

  it('shows scores out of ten', () => {
    expect([scoreOutOfTen(75), scoreOutOfTen(80), scoreOutOfTen(0)]).toEqual(['7.5/10', '8/10', '0/10']);
  });
});
