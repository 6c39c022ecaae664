/** A server-sent event as read off the wire. */
export interface ServerSentEvent {
  event: string;
  data: string;
}

type ByteStream = ReadableStream<Uint8Array> | AsyncIterable<Uint8Array | string>;

/** The chunks of a web stream (fetch) or of an async-iterable one (Node streams). */
async function* chunksOf(body: ByteStream): AsyncGenerator<Uint8Array | string> {
  if ('getReader' in body) {
    const reader = body.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        yield value;
      }
    } finally {
      reader.releaseLock();
    }
  }
  yield* body as AsyncIterable<Uint8Array | string>;
}

/** The whole body as text (an error answer that arrived as a stream). */
export async function readText(body: ByteStream): Promise<string> {
  const decoder = new TextDecoder();
  let text = '';
  for await (const chunk of chunksOf(body))
    text += typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
  return text + decoder.decode();
}

export const isByteStream = (value: unknown): value is ByteStream =>
  typeof value === 'object' &&
  value !== null &&
  ('getReader' in value || Symbol.asyncIterator in (value as AsyncIterable<unknown>));

function parseBlock(block: string): ServerSentEvent | null {
  let event = 'message';
  const data: string[] = [];
  for (const line of block.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon === 0) continue; // a comment line (keep-alive)
    const field = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
  }
  return data.length ? { event, data: data.join('\n') } : null;
}

/** Parses `text/event-stream` as it arrives, one event per blank-line-separated block. */
export async function* readEventStream(body: ByteStream): AsyncGenerator<ServerSentEvent> {
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const chunk of chunksOf(body)) {
    buffer += typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
    const blocks = buffer.split(/\r?\n\r?\n/);
    buffer = blocks.pop() ?? '';
    for (const block of blocks) {
      const event = parseBlock(block);
      if (event) yield event;
    }
  }
  const last = parseBlock(buffer + decoder.decode());
  if (last) yield last;
}
