import type { MatchPhoto } from '@wingmate/api-contract';
import { MATCH_LIMITS } from '@wingmate/core-sdk';
import { ImagePlus, X } from 'lucide-react';
import { useRef } from 'react';
import { Button } from '../../ui/Button';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { IconButton } from '../../ui/IconButton';
import { ProgressBar } from '../../ui/ProgressBar';
import { responsiveImage, type PhotoBox } from '../../ui/responsive-image';
import { useMediaUrl } from '../bio/media-url';

/** Three a row on phones, six from 640 px: a square of a third of the column, or 128 px. */
const box: PhotoBox = {
  widths: [{ media: '(min-width: 640px)', width: '128px' }, { width: '33vw' }],
  coverAspect: 1,
};

/** The match's profile photos (up to six): add with the file button, remove one by one. */
export function MatchPhotos({
  name,
  photos,
  uploading,
  failure,
  onAdd,
  onRemove,
}: {
  name: string;
  photos: MatchPhoto[];
  /** The upload under way, 0 to 1 (or unknown), if any. */
  uploading?: { fraction?: number } | null;
  failure?: string;
  onAdd: (files: File[]) => void;
  onRemove: (photoId: number) => void;
}) {
  const picker = useRef<HTMLInputElement>(null);
  const mediaUrl = useMediaUrl();
  const room = MATCH_LIMITS.photosPerMatch - photos.length;
  return (
    <section aria-labelledby="photos-heading" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="photos-heading" className="text-xl font-semibold text-ink">
          Photos
        </h2>
        <Button size="sm" variant="secondary" disabled={room <= 0} onClick={() => picker.current?.click()}>
          <ImagePlus aria-hidden="true" className="size-4" />
          Add photo
        </Button>
        <input
          ref={picker}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          multiple
          hidden
          data-testid="match-photo-input"
          onChange={(event) => {
            const files = Array.from(event.target.files ?? []).slice(0, Math.max(0, room));
            if (files.length) onAdd(files);
            event.target.value = '';
          }}
        />
      </div>
      {photos.length === 0 && !uploading ? (
        <p className="text-sm text-ink-muted">
          Add up to {MATCH_LIMITS.photosPerMatch} of {name}’s profile photos to remember who is who.
        </p>
      ) : (
        <ul className="grid grid-cols-3 gap-2 sm:grid-cols-6">
          {photos.map((photo, index) => (
            <li key={photo.id} className="relative">
              <img
                {...responsiveImage({ ...photo, url: photo.image }, box, mediaUrl)}
                alt={`${name}, ${index + 1} of ${photos.length}`}
                className="aspect-square w-full rounded-md object-cover"
              />
              <IconButton
                label={`Remove photo ${index + 1}`}
                size="sm"
                tone="on-muted"
                className="absolute top-1 right-1"
                onClick={() => onRemove(photo.id)}
              >
                <X aria-hidden="true" className="size-4" />
              </IconButton>
            </li>
          ))}
        </ul>
      )}
      {uploading && <ProgressBar label="Uploading photo" fraction={uploading.fraction} />}
      {failure && <ErrorNotice>{failure}</ErrorNotice>}
    </section>
  );
}
