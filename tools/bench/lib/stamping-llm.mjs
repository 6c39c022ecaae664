// The model of tools/bench/api-streams.mjs, run as its child (its own event loop, so the client's work never
// delays a word): an OpenAI-compatible `POST /v1/chat/completions` that streams `chat.completion.chunk` events and
// `data: [DONE]`, as packages/testing's llm-fake does, but writes one word every WORD_MS ms and stamps the moment it
// wrote each stream's first word (`performance.timeOrigin + performance.now()`: wall-clock milliseconds, the same
// clock in every process of the machine). A stream is known by the `[bench-stream:<id>]` tag of its last user
// message.
//
// Driven over IPC by the parent: every reply is held after its headers (a model's time to the first token), and
// each request's arrival reported as `{ type: 'arrived' }`, until `{ type: 'release', withinMs }` starts the
// words of all the held replies, each stream's first word at a random moment within `withinMs`: so the parent can
// have all of a round's streams open at once. `{ type: 'stamps' }` answers `{ type: 'stamps', stamps, ended }`: each stream's
// first-word stamp and how many replies were written to their end.
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { performance } from 'node:perf_hooks';

// The reply, the same for every stream (the parent checks each stored reply whole), and the pause between words.
const words = process.env.STAMPING_LLM_REPLY.split(' ');
const WORD_MS = Number(process.env.STAMPING_LLM_WORD_MS);
const TAG = /\[bench-stream:([\w-]+)\]/;

const now = () => performance.timeOrigin + performance.now();
/** stream id -> wall-clock ms of its first word. */
const stamps = new Map();
let held = [];
let ended = 0;

function chunkText(id, delta, finish) {
  const chunk = {
    id,
    object: 'chat.completion.chunk',
    created: Math.floor(Date.now() / 1000),
    model: 'bench-model',
    choices: [{ index: 0, delta, finish_reason: finish }],
  };
  return `data: ${JSON.stringify(chunk)}\n\n`;
}

/** Writes the words of one held stream, WORD_MS apart, starting at `phase` ms from now. */
function speak({ streamId, response }, phase) {
  const id = `chatcmpl-${randomBytes(8).toString('hex')}`;
  let next = 0;
  let interval;
  const write = () => {
    if (response.destroyed) {
      clearInterval(interval);
      return;
    }
    const last = next === words.length - 1;
    response.write(chunkText(id, { content: last ? words[next] : `${words[next]} ` }, null));
    if (next === 0) stamps.set(streamId, now());
    next++;
    if (!last) return;
    clearInterval(interval);
    response.write(chunkText(id, {}, 'stop'));
    response.end('data: [DONE]\n\n');
    ended++;
  };
  setTimeout(() => {
    write();
    interval = setInterval(write, WORD_MS);
  }, phase);
}

const server = createServer((request, response) => {
  const parts = [];
  request.on('data', (part) => parts.push(part));
  request.on('end', () => {
    if (request.method !== 'POST' || request.url !== '/v1/chat/completions') {
      response.writeHead(404, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { message: `Unknown request URL: ${request.url}` } }));
      return;
    }
    const body = JSON.parse(Buffer.concat(parts).toString('utf8'));
    const lastUser = body.messages?.findLast((message) => message.role === 'user');
    const content =
      typeof lastUser?.content === 'string' ? lastUser.content : JSON.stringify(lastUser?.content);
    const streamId = TAG.exec(content ?? '')?.[1];
    if (!body.stream || !streamId) {
      response.writeHead(400, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { message: 'the bench model only streams tagged messages' } }));
      return;
    }
    // Headers and the role chunk at once, as OpenAI's API answers; the words wait for the round's release.
    response.writeHead(200, {
      'content-type': 'text/event-stream',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
    });
    response.write(chunkText(`chatcmpl-${streamId}`, { role: 'assistant', content: '' }, null));
    held.push({ streamId, response });
    process.send({ type: 'arrived' });
  });
});

process.on('message', (message) => {
  if (message.type === 'release') {
    const streams = held;
    held = [];
    for (const stream of streams) speak(stream, Math.random() * message.withinMs);
  } else if (message.type === 'stamps') {
    process.send({ type: 'stamps', stamps: [...stamps], ended });
  }
});
process.on('disconnect', () => process.exit(0));

server.listen(0, '127.0.0.1', () => process.send({ type: 'listening', port: server.address().port }));
