import type { ImageVariant } from '@wingmate/api-contract';
import { responsiveImage, type PhotoBox } from '../../ui/responsive-image';
import { useMediaUrl } from '../bio/media-url';

/** A photo in a bubble is at most 16rem (256 px) tall and never wider than the bubble (85% of the list). */
const MAX_PHOTO_HEIGHT = 256;

/** The photo's box at its drawn size, as `sizes` needs it: height capped, width by its aspect, within the bubble. */
function bubbleBox(width: number, height: number): PhotoBox {
  const drawnWidth = Math.round((Math.min(height, MAX_PHOTO_HEIGHT) * width) / height);
  return { widths: [{ width: `min(${drawnWidth}px, 85vw)` }] };
}

/**
 * A chat photo. Once stored with its widths (docs/decisions.md#screens) the browser fetches the one that fills the
 * bubble, and the box is sized from the record before the photo loads, so the list does not jump; the preview of an
 * upload and photos from before widths were kept show as they are.
 */
export function MessagePhoto({
  image,
  variants,
  alt,
}: {
  /** The stored photo's URL, or the upload's local preview. */
  image: string;
  variants?: readonly ImageVariant[];
  alt: string;
}) {
  const mediaUrl = useMediaUrl();
  const original = variants?.at(-1);
  if (!original) {
    return (
      <img
        src={mediaUrl(image)}
        alt={alt}
        className="mb-2 max-h-64 w-auto rounded-md object-contain"
        loading="lazy"
      />
    );
  }
  const { width, height } = original;
  return (
    <img
      {...responsiveImage({ url: image, width, height, variants }, bubbleBox(width, height), mediaUrl)}
      alt={alt}
      style={{ aspectRatio: `${width} / ${height}`, height: `min(16rem, ${height}px)` }}
      className="mb-2 w-auto max-w-full rounded-md object-contain"
      loading="lazy"
      decoding="async"
    />
  );
}
