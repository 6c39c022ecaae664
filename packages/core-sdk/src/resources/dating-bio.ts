import { ApiError } from '../errors/api-error';
import { errorMessages } from '../errors/messages';
import { formData } from '../http/body';
import { callOperation, type BodyOf, type QueryOf } from '../http/operation';
import { emptyPageOn404 } from '../http/pages';
import type { UploadProgress } from '../http/pipeline';
import type { ResourceDeps } from './deps';

export function datingBioResource({ http, visitorId }: ResourceDeps) {
  /** A bio belongs to the stored uid: without one there is nothing to ask for (spec 5, "UID is null"). */
  const storedUid = async (): Promise<string> => {
    const uid = visitorId.peek();
    if (!uid) throw new ApiError({ status: 400, message: errorMessages.uidMissing, code: 'uid_missing' });
    return uid;
  };

  return {
    async createDatingBio(body: Omit<BodyOf<'createDatingBio'>, 'uid'>) {
      const uid = await storedUid();
      return callOperation<'createDatingBio'>(http, {
        method: 'POST',
        path: '/api/v1/accounts/dating_bio/',
        auth: 'optional',
        body: { ...body, uid },
      });
    },

    async getDatingBio() {
      return callOperation<'getDatingBio'>(http, {
        method: 'GET',
        path: '/api/v1/accounts/dating_bio/{uid}/',
        auth: 'optional',
        params: { uid: await storedUid() },
      });
    },

    /** Multipart `uid` and `image`; the progress callback follows the upload (spec 7). */
    async uploadDatingBioImage(
      image: Blob,
      { onUploadProgress }: { onUploadProgress?: (p: UploadProgress) => void } = {},
    ) {
      const uid = await storedUid();
      return callOperation<'uploadDatingBioImage'>(http, {
        method: 'POST',
        path: '/api/v1/accounts/dating_bio/{uid}/images/create/',
        auth: 'optional',
        params: { uid },
        body: formData({ uid, image }),
        onUploadProgress,
      });
    },

    async listDatingBioImages(query: QueryOf<'listDatingBioImages'> = {}) {
      return callOperation<'listDatingBioImages'>(http, {
        method: 'GET',
        path: '/api/v1/accounts/dating_bio/{uid}/images/',
        auth: 'optional',
        params: { uid: await storedUid() },
        query,
        fallback: emptyPageOn404(),
      });
    },

    /** A 404 counts as success: the photo is gone either way. */
    async deleteDatingBioImage(id: number): Promise<void> {
      await callOperation<'deleteDatingBioImage'>(http, {
        method: 'POST',
        path: '/api/v1/accounts/dating_bio/{uid}/image/{id}/delete/',
        auth: 'optional',
        params: { uid: await storedUid(), id },
        fallback: { statuses: [404], value: () => null },
      });
    },

    async listImageReviews(query: QueryOf<'listImageReviews'> = {}) {
      return callOperation<'listImageReviews'>(http, {
        method: 'GET',
        path: '/api/v1/accounts/dating_bio/{uid}/image_review/',
        auth: 'optional',
        params: { uid: await storedUid() },
        query,
        fallback: emptyPageOn404(),
      });
    },

    /** A GET, so the client may retry it: the server answers one review per set of photos (decisions.md). */
    async createImageReview() {
      return callOperation<'createImageReview'>(http, {
        method: 'GET',
        path: '/api/v1/accounts/dating_bio/{uid}/image_review/create/',
        auth: 'optional',
        params: { uid: await storedUid() },
      });
    },

    async followUpImageReview(body: BodyOf<'followUpImageReview'>) {
      return callOperation<'followUpImageReview'>(http, {
        method: 'POST',
        path: '/api/v1/accounts/dating_bio/{uid}/image_review/generate/create/',
        auth: 'optional',
        params: { uid: await storedUid() },
        body,
      });
    },

    async generateDatingBio(id: number, body: BodyOf<'generateDatingBio'> = {}) {
      return callOperation<'generateDatingBio'>(http, {
        method: 'POST',
        path: '/api/v1/accounts/dating_bio/{uid}/{id}/generate/',
        auth: 'optional',
        params: { uid: await storedUid(), id },
        body,
      });
    },

    async updateDatingBio(id: number, body: BodyOf<'updateDatingBio'>) {
      return callOperation<'updateDatingBio'>(http, {
        method: 'POST',
        path: '/api/v1/accounts/dating_bio/{uid}/{id}/update/',
        auth: 'optional',
        params: { uid: await storedUid(), id },
        body,
      });
    },

    async rewriteDatingBio(id: number, body: BodyOf<'rewriteDatingBio'>) {
      return callOperation<'rewriteDatingBio'>(http, {
        method: 'POST',
        path: '/api/v1/accounts/dating_bio/{uid}/{id}/generate/create/',
        auth: 'optional',
        params: { uid: await storedUid(), id },
        body,
      });
    },
  };
}

export type DatingBioResource = ReturnType<typeof datingBioResource>;
