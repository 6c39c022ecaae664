// Chat over HTTP with the offline engine: round trips per second and p99 of `POST /api/v1/chat/` (autocannon,
// 10 s on loopback), then a 12-megapixel JPEG uploaded as a bio photo and reviewed (median of 5 runs). The API
// runs in this process on in-memory PGlite, with the free messages raised so metering never refuses.
//   npx tsx tools/bench/api-chat.ts        BENCH_SECONDS=3 npx tsx tools/bench/api-chat.ts
import autocannon from 'autocannon';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const PHOTO_RUNS = 5;

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

const apiTsconfig = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../apps/api/tsconfig.json',
);

async function main(): Promise<void> {
  // The API's modules import the workspace packages by their tsconfig path aliases: tsx reads them from the
  // API's tsconfig, so this script runs itself again with it when started from the repository root.
  if (!process.env.TSX_TSCONFIG_PATH) {
    const rerun = spawnSync(process.execPath, [...process.execArgv, ...process.argv.slice(1)], {
      env: { ...process.env, TSX_TSCONFIG_PATH: apiTsconfig },
      stdio: 'inherit',
    });
    process.exit(rerun.status ?? 1);
  }
  const { buildApp } = await import('../../apps/api/src/app');
  const { loadConfig } = await import('../../apps/api/src/config');
  const { goodPhoto } = await import('../../apps/api/src/testing/test-photos');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'wingmate-bench-chat-'));
  const config = loadConfig({
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    DATABASE_IN_MEMORY: 'true',
    DATA_DIR: dataDir,
    RATE_LIMITS: 'false',
    FREE_MESSAGES: '1000000000',
    FREE_MESSAGES_PER_IP: '1000000000',
  });
  const app = await buildApp(config);
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  try {
    // A handful of visitors, each with its own conversation, so the history reads stay realistic.
    const uids = Array.from({ length: connections }, () => randomUUID());
    let next = 0;
    const result = await new Promise<autocannon.Result>((resolve, reject) => {
      autocannon(
        {
          url: `${address}/api/v1/chat/`,
          connections,
          duration: seconds,
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          requests: [
            {
              setupRequest: (request) => ({
                ...request,
                body: JSON.stringify({
                  uid: uids[next++ % uids.length],
                  body: 'Give me an opener for someone who loves jazz',
                }),
              }),
            },
          ],
        },
        (error, outcome) => (error ? reject(error) : resolve(outcome)),
      );
    });
    const failed = result.non2xx + result.errors;
    console.log(
      `chat round trips (offline model, PGlite in memory, ${connections} connections, ${seconds} s): ` +
        `${result.requests.average.toFixed(0)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms` +
        (failed ? `, ${failed} failed` : ''),
    );
    if (failed) throw new Error(`${failed} chat requests failed`);

    const photo = await goodPhoto(4000, 3000);
    const uploads: number[] = [];
    const reviews: number[] = [];
    for (let run = 0; run < PHOTO_RUNS; run++) {
      const uid = randomUUID();
      const form = new FormData();
      form.append('uid', uid);
      form.append('image', new Blob([photo], { type: 'image/jpeg' }), 'photo.jpg');
      const started = performance.now();
      const uploaded = await fetch(`${address}/api/v1/accounts/dating_bio/${uid}/images/create/`, {
        method: 'POST',
        body: form,
      });
      if (uploaded.status !== 201)
        throw new Error(`upload failed: ${uploaded.status} ${await uploaded.text()}`);
      const afterUpload = performance.now();
      const reviewed = await fetch(`${address}/api/v1/accounts/dating_bio/${uid}/image_review/create/`);
      if (reviewed.status !== 200)
        throw new Error(`review failed: ${reviewed.status} ${await reviewed.text()}`);
      await reviewed.json();
      uploads.push(afterUpload - started);
      reviews.push(performance.now() - afterUpload);
    }
    console.log(
      `12 MP JPEG (${(photo.length / 1024 / 1024).toFixed(1)} MB) over HTTP, median of ${PHOTO_RUNS}: ` +
        `upload ${median(uploads).toFixed(0)} ms, review ${median(reviews).toFixed(0)} ms, ` +
        `together ${median(uploads.map((upload, i) => upload + (reviews[i] as number))).toFixed(0)} ms`,
    );
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
