// The offline AI's speed: median and p99 of chat replies, and the upload pipeline plus a photo review of a
// 12-megapixel JPEG. Run: npx tsx tools/bench/ai-offline.ts (or `npm run bench -- ai-offline`).
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { offlineModel } from '../../apps/api/src/adapters/ai/offline/offline-model';
import type { ChatRequest, Persona } from '../../apps/api/src/adapters/ai/ports';
import { processImage } from '../../apps/api/src/services/images/image-pipeline';

const REPLIES = 2000;
const messages = [
  'hey!',
  'Give me an opener for a guy who loves jazz',
  'She said "I only date people who can make me laugh" how do I reply?',
  'Can you help me with my bio?',
  'Which photo should be my main photo?',
  'how are you?',
  'What is the capital of Australia?',
  '😂🔥🙈',
  'x '.repeat(2000),
];

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}

async function replies() {
  const model = offlineModel();
  const profile = {
    firstName: 'Maya',
    answers: [
      { question: 'What do you do for fun?', text: 'Bouldering, baking sourdough and terrible puns' },
    ],
    questionnaire: [],
  };
  const times: number[] = [];
  for (let i = 0; i < REPLIES; i++) {
    const request: ChatRequest = {
      persona: (i % 2 ? 'coach' : 'companion') as Persona,
      profile,
      history: [{ role: 'user', body: messages[(i + 3) % messages.length] as string }],
      message: { body: messages[i % messages.length] as string },
      seed: i,
    };
    const start = performance.now();
    await model.reply(request);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  console.log(
    `offline reply x${REPLIES}: median ${percentile(times, 50).toFixed(3)} ms, p99 ${percentile(times, 99).toFixed(3)} ms`,
  );
}

async function photo() {
  const width = 4000;
  const height = 3000;
  const noise = await sharp({
    create: { width, height, channels: 3, noise: { type: 'gaussian', mean: 128, sigma: 40 } },
  })
    .png()
    .toBuffer();
  const gradient = Buffer.from(
    `<svg width="${width}" height="${height}"><defs><linearGradient id="g"><stop offset="0" stop-color="#203040"/><stop offset="1" stop-color="#e0c090"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)" opacity="0.6"/><circle cx="2000" cy="1500" r="700" fill="#f0d0b0" opacity="0.7"/></svg>`,
  );
  const jpeg = await sharp(noise)
    .composite([{ input: gradient }])
    .jpeg({ quality: 90 })
    .toBuffer();
  const model = offlineModel();
  const runs: number[] = [];
  for (let i = 0; i < 5; i++) {
    const start = performance.now();
    const stored = await processImage(jpeg);
    await model.reviewPhotos([{ id: 1, bytes: stored.bytes, width: stored.width, height: stored.height }]);
    runs.push(performance.now() - start);
  }
  runs.sort((a, b) => a - b);
  console.log(
    `upload pipeline + reviewPhotos, 12 MP JPEG (${(jpeg.length / 1024 / 1024).toFixed(1)} MB) x${runs.length}: median ${percentile(runs, 50).toFixed(0)} ms, max ${(runs.at(-1) ?? 0).toFixed(0)} ms`,
  );
}

async function main() {
  await replies();
  await photo();
}

void main();
