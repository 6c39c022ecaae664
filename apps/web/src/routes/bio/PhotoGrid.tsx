import type { BioImage } from '@wingmate/api-contract';
import { scoreOutOfTen } from '@wingmate/core-sdk';
import { Trash2, X } from 'lucide-react';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { ProgressBar } from '../../ui/ProgressBar';
import type { PhotoBox } from '../../ui/responsive-image';
import { useBioPhotoAttributes } from './media-url';
import type { PhotoUpload } from './use-photo-uploads';

/** A cell of the grid: half the phone's width, a third of the wide column (64rem) from 640 px, 4:5 cropped. */
const GRID_CELL: PhotoBox = {
  widths: [
    { media: '(min-width: 1024px)', width: '20rem' },
    { media: '(min-width: 640px)', width: 'calc((100vw - 4.5rem) / 3)' },
    { width: 'calc((100vw - 3rem) / 2)' },
  ],
  coverAspect: 4 / 5,
};

/** The uploaded photos (with their review score when there is one) and the uploads still running. */
export function PhotoGrid({
  images,
  uploads,
  scores,
  deleting,
  onDelete,
  onCancel,
}: {
  images: readonly BioImage[];
  uploads: readonly PhotoUpload[];
  /** Each photo's score in the current review, by image id. */
  scores: ReadonlyMap<number, number>;
  deleting: ReadonlySet<number>;
  onDelete: (image: BioImage) => void;
  onCancel: (upload: PhotoUpload) => void;
}) {
  const photoAttributes = useBioPhotoAttributes();
  const running = uploads.filter((upload) => !upload.error);
  if (!images.length && !running.length) {
    return (
      <p className="rounded-lg border border-dashed border-line-strong p-6 text-center text-ink-muted">
        No photos yet. Add a few, then ask for a review.
      </p>
    );
  }
  return (
    <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3" aria-label="Your photos">
      {images.map((image, index) => {
        const score = scores.get(image.id);
        const name = `Photo ${index + 1}`;
        return (
          <li key={image.id}>
            <figure aria-label={name} className="flex flex-col gap-2">
              {/* The 4:5 box is laid out before the photo loads, so nothing moves when it arrives. */}
              <img
                {...photoAttributes(image, GRID_CELL)}
                alt={name}
                loading="lazy"
                decoding="async"
                className="aspect-[4/5] w-full rounded-lg bg-surface-muted object-cover"
              />
              <figcaption className="flex flex-wrap items-center justify-between gap-2">
                <span className="text-sm font-medium text-ink">{name}</span>
                {score !== undefined && <Badge tone="brand">{scoreOutOfTen(score)}</Badge>}
              </figcaption>
              <Button
                size="sm"
                variant="secondary"
                loading={deleting.has(image.id)}
                onClick={() => onDelete(image)}
              >
                <Trash2 aria-hidden="true" className="size-4" />
                Delete
              </Button>
            </figure>
          </li>
        );
      })}
      {running.map((upload) => (
        <li key={`upload-${upload.key}`}>
          <figure aria-label={`Uploading ${upload.name}`} className="flex flex-col gap-2">
            {upload.preview ? (
              <img
                src={upload.preview}
                alt=""
                className="aspect-[4/5] w-full rounded-lg bg-surface-muted object-cover opacity-60"
              />
            ) : (
              <div className="aspect-[4/5] w-full rounded-lg bg-surface-muted" />
            )}
            <figcaption className="truncate text-sm text-ink-muted">{upload.name}</figcaption>
            <ProgressBar label={`Uploading ${upload.name}`} fraction={upload.fraction} />
            <Button size="sm" variant="ghost" onClick={() => onCancel(upload)}>
              <X aria-hidden="true" className="size-4" />
              Cancel
            </Button>
          </figure>
        </li>
      ))}
    </ul>
  );
}
