import { ApiError } from '../errors/api-error';
import { errorMessages } from '../errors/messages';
import { formData } from '../http/body';
import type { BodyOf, CallOptions, QueryOf } from '../http/operation';
import { emptyPageOn404 } from '../http/pages';
import type { UploadProgress } from '../http/pipeline';
import type { ResourceDeps } from './deps';

/** Every call is async, so a missing uid rejects like a failed call. */
export function datingBioResource({ call, visitorId }: ResourceDeps) {
  /** A bio belongs to the stored uid: without one there is nothing to ask for (docs/product.md#validation). */
  const storedUid = (): string => {
    const uid = visitorId.peek();
    if (!uid) throw new ApiError({ status: 400, message: errorMessages.uidMissing, code: 'uid_missing' });
    return uid;
  };
  const byUid = () => ({ uid: storedUid() });

  return {
    createDatingBio: async (body: Omit<BodyOf<'createDatingBio'>, 'uid'>, options?: CallOptions) =>
      call('createDatingBio', { body: { ...body, uid: storedUid() }, ...options }),
    getDatingBio: async (options?: CallOptions) => call('getDatingBio', { params: byUid(), ...options }),

    /** Multipart `uid` and `image`; the progress callback follows the upload (docs/product.md#account-calls). */
    async uploadDatingBioImage(
      image: Blob,
      { onUploadProgress, ...options }: CallOptions & { onUploadProgress?: (p: UploadProgress) => void } = {},
    ) {
      const params = byUid();
      const body = formData({ ...params, image });
      return call('uploadDatingBioImage', { params, body, onUploadProgress, ...options });
    },

    listDatingBioImages: async (query: QueryOf<'listDatingBioImages'> = {}, options?: CallOptions) =>
      call('listDatingBioImages', { params: byUid(), query, fallback: emptyPageOn404(), ...options }),

    /** A 404 counts as success: the photo is gone either way. */
    async deleteDatingBioImage(id: number, options?: CallOptions): Promise<void> {
      const fallback = { statuses: [404], value: () => null };
      await call('deleteDatingBioImage', { params: { ...byUid(), id }, fallback, ...options });
    },

    listImageReviews: async (query: QueryOf<'listImageReviews'> = {}, options?: CallOptions) =>
      call('listImageReviews', { params: byUid(), query, fallback: emptyPageOn404(), ...options }),
    /**
     * A GET, so the client may retry it: the server answers one review per set of photos
     * (docs/decisions.md#chat-bio-and-profile-appsapi).
     */
    createImageReview: async (options?: CallOptions) =>
      call('createImageReview', { params: byUid(), ...options }),
    followUpImageReview: async (body: BodyOf<'followUpImageReview'>, options?: CallOptions) =>
      call('followUpImageReview', { params: byUid(), body, ...options }),
    generateDatingBio: async (id: number, body: BodyOf<'generateDatingBio'> = {}, options?: CallOptions) =>
      call('generateDatingBio', { params: { ...byUid(), id }, body, ...options }),
    updateDatingBio: async (id: number, body: BodyOf<'updateDatingBio'>, options?: CallOptions) =>
      call('updateDatingBio', { params: { ...byUid(), id }, body, ...options }),
    rewriteDatingBio: async (id: number, body: BodyOf<'rewriteDatingBio'>, options?: CallOptions) =>
      call('rewriteDatingBio', { params: { ...byUid(), id }, body, ...options }),
  };
}

export type DatingBioResource = ReturnType<typeof datingBioResource>;
