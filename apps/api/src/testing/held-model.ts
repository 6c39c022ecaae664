import { offlineModel } from '../adapters/ai/offline/offline-model';
import type { AiModel, ReplyChunk } from '../adapters/ai/ports';

/**
 * The offline model with a gate inside the provider call: while held, every chat reply (sent or streamed) stops
 * there until the test lets it go, so other requests can be put at that fixed point instead of racing a slow
 * model.
 */
export interface HeldModel {
  readonly model: AiModel;
  /** Chat replies asked of the provider so far, counted as they arrive (held or not). */
  readonly calls: number;
  /** From now on, replies wait inside the provider call. */
  hold(): void;
  /** Lets the waiting replies go on, or fail with `failure` before their first piece; later ones pass freely. */
  release(failure?: Error): void;
}

export function heldModel(): HeldModel {
  const offline = offlineModel();
  let calls = 0;
  let gate: Promise<void> = Promise.resolve();
  let open: (failure?: Error) => void = () => undefined;
  const pass = async (): Promise<void> => {
    calls += 1;
    await gate;
  };
  return {
    model: {
      ...offline,
      reply: async (request) => {
        await pass();
        return offline.reply(request);
      },
      streamReply: (request) => afterPass(pass, () => offline.streamReply(request)),
    },
    get calls() {
      return calls;
    },
    hold() {
      gate = new Promise<void>((resolve, reject) => {
        open = (failure) => (failure ? reject(failure) : resolve());
      });
      // A gate nobody waits at must not be an unhandled rejection.
      gate.catch(() => undefined);
    },
    release(failure) {
      open(failure);
      gate = Promise.resolve();
    },
  };
}

/** A stream that first passes the gate: as an LLM's, it begins when its first piece is asked for. */
async function* afterPass(
  pass: () => Promise<void>,
  stream: () => AsyncIterable<ReplyChunk>,
): AsyncGenerator<ReplyChunk> {
  await pass();
  yield* stream();
}
