import type { ChatStreamEvent } from '@wingmate/api-contract';
import { formData } from '../http/body';
import { readEventStream } from '../http/event-stream';
import { callOperation, type BodyOf, type ResponseOf } from '../http/operation';
import { emptyPage } from '../http/pages';
import type { UploadProgress } from '../http/pipeline';
import type { ResourceDeps, WithOptionalUid } from './deps';

/** The mobile chat call waits up to an hour for an image and its reply (spec 9, "Chat upload timeout"). */
export const MOBILE_CHAT_TIMEOUT_MS = 3_600_000;

/** The history page asked for when none is given (spec 9). */
export const CHAT_HISTORY_DEFAULT_PAGE = 1;

export interface MobileChatMessage {
  body: string;
  image?: Blob;
  image_width?: number;
  image_height?: number;
  /** The visitor's uid, under the mobile app's spelling; the stored uid when not given. */
  unqiue_id?: string;
}

export function chatResource({ http, visitorId, hasToken }: ResourceDeps) {
  const withUid = (body: WithOptionalUid<BodyOf<'sendChatMessage'>>) => ({
    ...body,
    uid: body.uid ?? visitorId.get(),
  });

  return {
    sendChatMessage(body: WithOptionalUid<BodyOf<'sendChatMessage'>>) {
      return callOperation<'sendChatMessage'>(http, {
        method: 'POST',
        path: '/api/v1/chat/',
        auth: 'optional',
        body: withUid(body),
      });
    },

    /** The reply as it is written: `token` events, then `done` with the whole exchange (or `error`). */
    async *streamChatMessage(
      body: WithOptionalUid<BodyOf<'streamChatMessage'>>,
    ): AsyncGenerator<ChatStreamEvent> {
      const stream = await callOperation<'streamChatMessage'>(http, {
        method: 'POST',
        path: '/api/v1/chat/stream/',
        auth: 'optional',
        body: withUid(body),
        responseType: 'stream',
      });
      for await (const { event, data } of readEventStream(stream as unknown as ReadableStream<Uint8Array>)) {
        yield { event, data: JSON.parse(data) } as ChatStreamEvent;
      }
    },

    /** Multipart, with the `unqiue_id` field spelled as the server reads it, and a 1-hour timeout (spec 7). */
    sendMobileChatMessage(
      { unqiue_id, body, image, image_width, image_height }: MobileChatMessage,
      { onUploadProgress }: { onUploadProgress?: (progress: UploadProgress) => void } = {},
    ) {
      return callOperation<'sendMobileChatMessage'>(http, {
        method: 'POST',
        path: '/api/v1/mobile/chat/',
        auth: 'optional',
        body: formData({ unqiue_id: unqiue_id ?? visitorId.get(), body, image, image_width, image_height }),
        timeout: MOBILE_CHAT_TIMEOUT_MS,
        onUploadProgress,
      });
    },

    /** Page 1 unless told; a 400 or 404 is an empty page (spec 7). */
    getChatHistory({ page = CHAT_HISTORY_DEFAULT_PAGE }: { page?: number } = {}) {
      return callOperation<'getChatHistory'>(http, {
        method: 'GET',
        path: '/api/v1/mobile/new_ai_history/',
        auth: 'optional',
        query: hasToken() ? { page } : { page, uid: visitorId.get() },
        fallback: {
          statuses: [400, 404],
          value: () => emptyPage<ResponseOf<'getChatHistory'>['results'][number]>(),
        },
      });
    },
  };
}

export type ChatResource = ReturnType<typeof chatResource>;
