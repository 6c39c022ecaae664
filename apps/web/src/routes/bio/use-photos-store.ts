import {
  createPhotosStore,
  createPhotoUploadsStore,
  type PhotoPreviews,
  type PhotosStore,
  type PhotoUploadsStore,
} from '@wingmate/core-sdk';
import { useScreenStore } from '../../stores/screen-store';

/** Previews as object URLs, where the browser can make them. */
export const objectUrlPreviews: PhotoPreviews = {
  make: (file) => (typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : undefined),
  release: (preview) => {
    if (typeof URL.revokeObjectURL === 'function') URL.revokeObjectURL(preview);
  },
};

/** The photo set with its review, and the uploads that join it, made once for as long as the screen is open. */
export function usePhotosStores(): { photos: PhotosStore; uploads: PhotoUploadsStore } {
  return useScreenStore((client) => {
    const photos = createPhotosStore(client);
    const uploads = createPhotoUploadsStore(client.datingBio, {
      onUploaded: (image) => photos.addImage(image),
      previews: objectUrlPreviews,
    });
    return { photos, uploads };
  });
}
