import type { BioImage, ImageReview } from '@wingmate/api-contract';
import type { WingmateClient } from '../client';
import { createStore, type ReadableStore } from './store';
import { readSide } from './read-side';

export interface PhotosState {
  images: BioImage[];
  /** The newest review, if any. */
  review: ImageReview | null;
  /** The photos being deleted, by id. */
  deleting: ReadonlySet<number>;
  /** A review is being made. */
  reviewing: boolean;
  /** Why the last review request failed (an ApiError, read into words by the screen). */
  reviewError: unknown;
}

/** Where the photos store gets its data: the dating-bio calls and the visitor's uid they belong to. */
export type PhotosSource = Pick<WingmateClient, 'datingBio' | 'visitorId'>;

export interface PhotosStore extends ReadableStore<PhotosState> {
  /** The photos and the newest review; `signal` cancels it, and a cancelled load changes nothing. */
  load(signal?: AbortSignal): Promise<Pick<PhotosState, 'images' | 'review'>>;
  /** Adds a photo that finished uploading. */
  addImage(image: BioImage): void;
  /** Deletes a photo; rejects with the server's refusal, keeping the photo. */
  deletePhoto(id: number): Promise<void>;
  /** Asks for a review of the photos now uploaded; null when refused (`reviewError`). */
  requestReview(): Promise<ImageReview | null>;
  /** Asks a question about the review; its answer joins the review's follow-ups, a refusal rejects. */
  askAboutReview(question: string): Promise<void>;
}

/** The photo set and its AI review (docs/product.md#dating-bio-photos-profile). */
export function createPhotosStore({ datingBio, visitorId }: PhotosSource): PhotosStore {
  const store = createStore<PhotosState>({
    images: [],
    review: null,
    deleting: new Set(),
    reviewing: false,
    reviewError: null,
  });

  async function load(signal?: AbortSignal) {
    // Photos belong to the visitor's uid: made here if nothing made it yet, so the calls never fail with "UID is null".
    visitorId.get();
    const [images, reviews] = await Promise.all([
      datingBio.listDatingBioImages({}, { signal }),
      datingBio.listImageReviews({}, { signal }),
    ]);
    const loaded = { images: images.results, review: reviews.results[0] ?? null };
    if (!signal?.aborted) store.setState(loaded);
    return loaded;
  }

  const markDeleting = (id: number, deleting: boolean) =>
    store.setState((state) => {
      const next = new Set(state.deleting);
      if (deleting) next.add(id);
      else next.delete(id);
      return { deleting: next };
    });

  async function deletePhoto(id: number) {
    markDeleting(id, true);
    try {
      await datingBio.deleteDatingBioImage(id);
      store.setState(({ images }) => ({ images: images.filter((kept) => kept.id !== id) }));
    } finally {
      markDeleting(id, false);
    }
  }

  /** Safe to ask again: the server answers one review per set of photos. */
  async function requestReview() {
    store.setState({ reviewError: null, reviewing: true });
    try {
      const review = await datingBio.createImageReview();
      store.setState({ review });
      return review;
    } catch (error) {
      store.setState({ reviewError: error });
      return null;
    } finally {
      store.setState({ reviewing: false });
    }
  }

  async function askAboutReview(question: string) {
    const answer = await datingBio.followUpImageReview({ response_text: question });
    store.setState(({ review }) =>
      review ? { review: { ...review, follow_ups: [...review.follow_ups, answer] } } : {},
    );
  }

  return {
    ...readSide(store),
    load,
    addImage: (image) => store.setState(({ images }) => ({ images: [...images, image] })),
    deletePhoto,
    requestReview,
    askAboutReview,
  };
}
