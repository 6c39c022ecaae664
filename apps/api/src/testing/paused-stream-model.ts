import { offlineModel } from '../adapters/ai/offline/offline-model';
import type { AiModel, ReplyChunk } from '../adapters/ai/ports';

/**
 * The offline model whose streamed replies, while paused, stop after their first piece until `resume()`: a client
 * then holds part of a reply, as with a slow LLM, and can press Stop at that fixed point.
 */
export interface PausedStreamModel {
  readonly model: AiModel;
  pause(): void;
  resume(): void;
}

export function pausedStreamModel(): PausedStreamModel {
  const offline = offlineModel();
  let gate: Promise<void> = Promise.resolve();
  let open: () => void = () => undefined;
  async function* paused(stream: AsyncIterable<ReplyChunk>): AsyncGenerator<ReplyChunk> {
    let first = true;
    for await (const chunk of stream) {
      yield chunk;
      if (first) await gate;
      first = false;
    }
  }
  return {
    model: { ...offline, streamReply: (request) => paused(offline.streamReply(request)) },
    pause() {
      gate = new Promise<void>((resolve) => (open = resolve));
    },
    resume() {
      open();
      gate = Promise.resolve();
    },
  };
}
