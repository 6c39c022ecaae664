import type { BioImage } from '@wingmate/api-contract';
import { useWebConfig } from '../../frame/config-context';
import { responsiveImage, type PhotoBox, type ResponsiveImageAttributes } from '../../ui/responsive-image';

/**
 * Stored photos come back as a path on the API (`/uploads/bio/...`) with local storage, or a full address with a
 * bucket: either way the browser must fetch them from the API's origin, not the web app's.
 */
export function useMediaUrl(): (url: string) => string {
  const { apiServer } = useWebConfig();
  return (url) => new URL(url, apiServer).href;
}

/** The `<img>` attributes of a bio photo drawn in `box`: its stored widths for srcset, fetched from the API. */
export function useBioPhotoAttributes(): (image: BioImage, box: PhotoBox) => ResponsiveImageAttributes {
  const mediaUrl = useMediaUrl();
  return (image, box) => responsiveImage({ ...image, url: image.image }, box, mediaUrl);
}
