import { formData } from '../http/body';
import { intent, type BodyOf, type CallOptions, type IntentOptions, type QueryOf } from '../http/operation';
import { emptyPageOn404 } from '../http/pages';
import type { UploadProgress } from '../http/pipeline';
import type { ResourceDeps } from './deps';

/** What an upload takes besides the file: a callback that follows the bytes sent. */
export type UploadOptions = CallOptions & { onUploadProgress?: (p: UploadProgress) => void };

type ListQuery = Omit<QueryOf<'listMatches'>, 'uid'>;

/**
 * A person's matches (docs/product.md#matches): a member's by token, a visitor's by the stored uid in the query
 * when no token is held (docs/decisions.md#core-sdk).
 */
export function matchesResource({ call, visitorId, hasToken }: ResourceDeps) {
  const owner = () => (hasToken() ? {} : { uid: visitorId.get() });
  /** A 404 on a removal counts as success: the thing is gone either way. */
  const gone = { statuses: [404], value: () => null };

  return {
    /** 20 a page, the most recently active first; the archived ones only with `archived: true`. */
    listMatches: (query: ListQuery = {}, options?: CallOptions) =>
      call('listMatches', { query: { ...query, ...owner() }, fallback: emptyPageOn404(), ...options }),
    createMatch: (body: BodyOf<'createMatch'>, options?: CallOptions) =>
      call('createMatch', { query: owner(), body, ...options }),
    getMatch: (id: number, options?: CallOptions) =>
      call('getMatch', { params: { id }, query: owner(), ...options }),
    updateMatch: (id: number, body: BodyOf<'updateMatch'>, options?: CallOptions) =>
      call('updateMatch', { params: { id }, query: owner(), body, ...options }),
    async deleteMatch(id: number, options?: CallOptions): Promise<void> {
      await call('deleteMatch', { params: { id }, query: owner(), fallback: gone, ...options });
    },

    /** Multipart `image`; the progress callback follows the upload. */
    uploadMatchPhoto(id: number, image: Blob, { onUploadProgress, ...options }: UploadOptions = {}) {
      const body = formData({ image });
      return call('uploadMatchPhoto', { params: { id }, query: owner(), body, onUploadProgress, ...options });
    },
    async deleteMatchPhoto(id: number, photoId: number, options?: CallOptions): Promise<void> {
      await call('deleteMatchPhoto', { params: { id, photoId }, query: owner(), fallback: gone, ...options });
    },

    listMatchLines: (id: number, options?: CallOptions) =>
      call('listMatchLines', { params: { id }, query: owner(), ...options }),
    addMatchLines: (id: number, body: BodyOf<'addMatchLines'>, options?: CallOptions) =>
      call('addMatchLines', { params: { id }, query: owner(), body, ...options }),
    updateMatchLine: (id: number, lineId: number, body: BodyOf<'updateMatchLine'>, options?: CallOptions) =>
      call('updateMatchLine', { params: { id, lineId }, query: owner(), body, ...options }),
    async deleteMatchLine(id: number, lineId: number, options?: CallOptions): Promise<void> {
      await call('deleteMatchLine', { params: { id, lineId }, query: owner(), fallback: gone, ...options });
    },

    createMatchMemoryFact: (id: number, body: BodyOf<'createMatchMemoryFact'>, options?: CallOptions) =>
      call('createMatchMemoryFact', { params: { id }, query: owner(), body, ...options }),
    updateMatchMemoryFact: (
      id: number,
      factId: number,
      body: BodyOf<'updateMatchMemoryFact'>,
      options?: CallOptions,
    ) => call('updateMatchMemoryFact', { params: { id, factId }, query: owner(), body, ...options }),
    async deleteMatchMemoryFact(id: number, factId: number, options?: CallOptions): Promise<void> {
      const request = { params: { id, factId }, query: owner(), fallback: gone, ...options };
      await call('deleteMatchMemoryFact', request);
    },

    /** The coaching chat, 20 messages a page, newest first. */
    getMatchChat: (id: number, { page }: { page?: number } = {}, options?: CallOptions) =>
      call('getMatchChat', {
        params: { id },
        query: { ...(page === undefined ? {} : { page }), ...owner() },
        fallback: emptyPageOn404(),
        ...options,
      }),
    /** One message; the `Idempotency-Key` makes a retry answered and charged once. */
    sendMatchChatMessage: (id: number, body: BodyOf<'sendMatchChatMessage'>, options?: IntentOptions) =>
      call('sendMatchChatMessage', { params: { id }, query: owner(), body, ...intent(options) }),
    /** "What do I answer?": three replies for one message, keyed like the chat's sends. */
    suggestMatchReplies: (id: number, options?: IntentOptions) =>
      call('suggestMatchReplies', { params: { id }, query: owner(), ...intent(options) }),

    createMatchImport: (id: number, options?: CallOptions) =>
      call('createMatchImport', { params: { id }, query: owner(), ...options }),
    getMatchImport: (id: number, importId: number, options?: CallOptions) =>
      call('getMatchImport', { params: { id, importId }, query: owner(), ...options }),
    /** One screenshot a request (multipart `image`), answered at once while it is read in the background. */
    uploadMatchScreenshot(
      id: number,
      importId: number,
      image: Blob,
      { onUploadProgress, ...options }: UploadOptions = {},
    ) {
      const request = {
        params: { id, importId },
        query: owner(),
        body: formData({ image }),
        onUploadProgress,
      };
      return call('uploadMatchScreenshot', { ...request, ...options });
    },
  };
}

export type MatchesResource = ReturnType<typeof matchesResource>;
