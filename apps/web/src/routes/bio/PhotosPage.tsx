import type { BioImage } from '@wingmate/api-contract';
import {
  MAX_PHOTOS,
  reviewsCurrentPhotos,
  type PhotosStore,
  type PhotoUploadsStore,
} from '@wingmate/core-sdk';
import { PenLine, ScanSearch, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { useStore } from 'zustand';
import { Button } from '../../ui/Button';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { LoadStatus } from '../../ui/LoadStatus';
import { errorMessage } from '../../ui/error-message';
import { loadAiText } from '../../ui/ai-text-loader';
import { Page } from '../../ui/Page';
import { useToast } from '../../ui/toast-store';
import { useLoader } from '../../ui/useLoader';
import { PhotoGrid } from './PhotoGrid';
import { PhotoPicker } from './PhotoPicker';
import { PhotoReviewPanel } from './PhotoReviewPanel';
import { usePhotosStores } from './use-photos-store';
import { usePhotoUploads } from './use-photo-uploads';

/** `/bio/photos` (visitors by uid, members): up to 9 photos, an AI review with a ranking, questions about it. */
export function PhotosPage() {
  const { photos, uploads } = usePhotosStores();
  const { state, reload } = useLoader((signal) => photos.load(signal));

  return (
    <Page
      width="wide"
      title="Your photos"
      intro={
        <p>
          Add up to {MAX_PHOTOS} photos and get an honest review: a score and reasons for each, and the order
          to show them in.{' '}
          <Link to="/bio" className="inline-flex items-center gap-1 font-medium text-brand underline">
            <PenLine aria-hidden="true" className="size-4" />
            Work on your bio
          </Link>
        </p>
      }
    >
      <LoadStatus
        state={state}
        onRetry={reload}
        loadingLabel="Loading your photos"
        failure="Your photos could not be loaded."
      />
      {state.status === 'ready' && <PhotoWorkspace store={photos} uploadsStore={uploads} />}
    </Page>
  );
}

function PhotoWorkspace({ store, uploadsStore }: { store: PhotosStore; uploadsStore: PhotoUploadsStore }) {
  const toast = useToast();
  const images = useStore(store, (state) => state.images);
  const review = useStore(store, (state) => state.review);
  const deleting = useStore(store, (state) => state.deleting);
  const reviewing = useStore(store, (state) => state.reviewing);
  const reviewFailure = useStore(store, (state) => state.reviewError);
  const reviewError = reviewFailure ? errorMessage(reviewFailure) : undefined;
  const reviewHeading = useRef<HTMLHeadingElement>(null);
  const [focusReview, setFocusReview] = useState(false);
  const { uploads, start, cancel, dismiss } = usePhotoUploads(uploadsStore, images.length);
  const refused = uploads.filter((upload) => upload.error);
  const uploading = uploads.some((upload) => !upload.error);
  const current = review !== null && reviewsCurrentPhotos(review, images);
  const scores = new Map(current ? review.photos.map((photo) => [photo.image, photo.score]) : []);

  // Focus moves to the new review once it is on screen and the button that asked for it is enabled again; a
  // focus call made before that commit would find no heading, or lose focus when the button re-enables.
  useEffect(() => {
    if (!focusReview || reviewing || !reviewHeading.current) return;
    reviewHeading.current.focus();
    setFocusReview(false);
  }, [focusReview, reviewing, review]);

  async function remove(image: BioImage) {
    try {
      await store.deletePhoto(image.id);
      toast({ title: 'Photo deleted', tone: 'success' });
    } catch (error) {
      toast({ title: 'The photo was not deleted', description: errorMessage(error), tone: 'error' });
    }
  }

  async function requestReview() {
    // The review's text is markdown: its renderer loads while the review is written.
    void loadAiText();
    if (await store.requestReview()) setFocusReview(true);
  }

  async function ask(question: string) {
    try {
      await store.askAboutReview(question);
    } catch (error) {
      throw new Error(errorMessage(error));
    }
  }

  return (
    <>
      <PhotoPicker room={MAX_PHOTOS - images.length - uploads.length + refused.length} onFiles={start} />
      {refused.length > 0 && (
        <ul className="flex flex-col gap-2" aria-label="Photos not uploaded">
          {refused.map((upload) => (
            <li key={upload.key}>
              <ErrorNotice>
                <div className="flex items-start justify-between gap-2">
                  <p>
                    <span className="font-semibold break-all">{upload.name}</span>: {upload.error}
                  </p>
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={`Dismiss the message about ${upload.name}`}
                    onClick={() => dismiss(upload.key)}
                    className="-my-1 shrink-0"
                  >
                    <X aria-hidden="true" className="size-4" />
                  </Button>
                </div>
              </ErrorNotice>
            </li>
          ))}
        </ul>
      )}

      <section aria-labelledby="photos-heading" className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="photos-heading" className="text-2xl font-semibold text-ink">
            {images.length} of {MAX_PHOTOS} photos
          </h2>
          <Button
            onClick={() => void requestReview()}
            loading={reviewing}
            disabled={!images.length || uploading}
          >
            <ScanSearch aria-hidden="true" className="size-4" />
            Review my photos
          </Button>
        </div>
        {reviewError && <ErrorNotice>{reviewError}</ErrorNotice>}
        <PhotoGrid
          images={images}
          uploads={uploads}
          scores={scores}
          deleting={deleting}
          onDelete={(image) => void remove(image)}
          onCancel={(upload) => cancel(upload.key)}
        />
      </section>

      {review && (
        <PhotoReviewPanel
          review={review}
          images={images}
          outdated={!current}
          headingRef={reviewHeading}
          onAsk={ask}
        />
      )}
    </>
  );
}
