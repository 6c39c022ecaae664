import type { ChatStreamEvent } from '@wingmate/api-contract';
import { formData } from '../http/body';
import { readEventStream } from '../http/event-stream';
import {
  intent,
  type BodyOf,
  type CallOptions,
  type IntentOptions,
  type ResponseOf,
} from '../http/operation';
import { emptyPage } from '../http/pages';
import type { UploadProgress } from '../http/pipeline';
import type { ResourceDeps, WithOptionalUid } from './deps';

/** The mobile chat call waits up to an hour for an image and its reply (docs/product.md#chat-calls). */
export const MOBILE_CHAT_TIMEOUT_MS = 3_600_000;

/** The history page asked for when none is given (docs/product.md#constants-and-limits). */
export const CHAT_HISTORY_DEFAULT_PAGE = 1;

export interface MobileChatMessage {
  body: string;
  image?: Blob;
  image_width?: number;
  image_height?: number;
  /** The visitor's uid, under the mobile app's spelling; the stored uid when not given. */
  unqiue_id?: string;
  /** The reply helper's choices (docs/decisions.md#calls), as on the JSON sends. */
  mode?: BodyOf<'sendMobileChatMessage'>['mode'];
  tone?: BodyOf<'sendMobileChatMessage'>['tone'];
}

type ChatMessage = WithOptionalUid<BodyOf<'sendChatMessage'>>;

/** Sends carry an `Idempotency-Key` (see `IntentOptions`): a retried send is answered and metered once. */
export function chatResource({ call, visitorId, hasToken }: ResourceDeps) {
  const withUid = (body: ChatMessage) => ({ ...body, uid: body.uid ?? visitorId.get() });

  return {
    sendChatMessage: (body: ChatMessage, options?: IntentOptions) =>
      call('sendChatMessage', { body: withUid(body), ...intent(options) }),

    /** The reply as it is written: `token` events, then `done` with the whole exchange (or `error`). */
    async *streamChatMessage(body: ChatMessage, options?: IntentOptions): AsyncGenerator<ChatStreamEvent> {
      const request = { body: withUid(body), responseType: 'stream' as const, ...intent(options) };
      const stream = await call('streamChatMessage', request);
      for await (const { event, data } of readEventStream(stream as unknown as ReadableStream<Uint8Array>)) {
        yield { event, data: JSON.parse(data) as ChatStreamEvent['data'] } as ChatStreamEvent;
      }
    },

    /**
     * Multipart, with the `unqiue_id` field spelled as the server reads it, and a 1-hour timeout
     * (docs/product.md#chat-calls).
     */
    sendMobileChatMessage(
      { unqiue_id, body, image, image_width, image_height, mode, tone }: MobileChatMessage,
      {
        onUploadProgress,
        ...options
      }: IntentOptions & { onUploadProgress?: (p: UploadProgress) => void } = {},
    ) {
      const form = formData({
        unqiue_id: unqiue_id ?? visitorId.get(),
        body,
        image,
        image_width,
        image_height,
        mode,
        tone,
      });
      const request = { body: form, timeout: MOBILE_CHAT_TIMEOUT_MS, onUploadProgress, ...intent(options) };
      return call('sendMobileChatMessage', request);
    },

    /** Page 1 unless told; a 400 or 404 is an empty page (docs/product.md#chat-calls). */
    getChatHistory({ page = CHAT_HISTORY_DEFAULT_PAGE }: { page?: number } = {}, options?: CallOptions) {
      const empty = () => emptyPage<ResponseOf<'getChatHistory'>['results'][number]>();
      const query = hasToken() ? { page } : { page, uid: visitorId.get() };
      return call('getChatHistory', { query, fallback: { statuses: [400, 404], value: empty }, ...options });
    },

    /** Removes every message and photo of the account, or of the visitor's uid when signed out. */
    deleteChatHistory(options?: CallOptions) {
      const body = hasToken() ? {} : { uid: visitorId.get() };
      return call('deleteChatHistory', { body, ...options });
    },
  };
}

export type ChatResource = ReturnType<typeof chatResource>;
