import { readEventStream, readText } from './event-stream';

const webStream = (chunks: string[]) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      chunks.forEach((chunk) => controller.enqueue(new TextEncoder().encode(chunk)));
      controller.close();
    },
  });

describe('readEventStream (docs/product.md#chat: the streamed chat answers text/event-stream)', () => {
  it('reads events from a web stream (the fetch adapter), across chunk boundaries', async () => {
    const events = [];
    for await (const event of readEventStream(
      webStream(['event: token\r\nda', 'ta: {"text":"a"}\r\n\r\ndata: plain']),
    )) {
      events.push(event);
    }
    expect(events).toEqual([
      { event: 'token', data: '{"text":"a"}' },
      { event: 'message', data: 'plain' },
    ]);
  });

  it('joins multi-line data with newlines', async () => {
    const events = [];
    for await (const event of readEventStream(webStream(['data: one\ndata: two\n\n']))) events.push(event);
    expect(events).toEqual([{ event: 'message', data: 'one\ntwo' }]);
  });
});

describe('readText', () => {
  it('reads a whole web stream as text', async () => {
    await expect(readText(webStream(['{"detail":', '"x"}']))).resolves.toBe('{"detail":"x"}');
  });
});
