#!/usr/bin/env node
// The chat screen in Chromium against the production start (`npm run serve`: the built API bundle serving the
// built web app, NODE_ENV=production, PGlite in a scratch DATA_DIR, the offline AI), the two
// figures of docs/performance.md#chat:
//   1. Send to first token painted: a member with a message pack sends 20 messages; in the page, performance.now()
//      at the Send click and, from a MutationObserver, at the frame after the reply's text first turns non-empty.
//      Median and p90; budget 300 ms.
//   2. Input delay while typing with 500 messages loaded (tools/seed/chat-history.ts writes them into the database,
//      not by sending): /chat opened, scrolled back through the whole history, then 50 characters typed with
//      page.keyboard.type; per keystroke, keydown to the next animation frame (Event Timing entries of 16 ms and
//      more are counted too). Median and max; budget 50 ms.
// Uses the existing builds (`npm run build` first): apps/api/dist/main.cjs and apps/web/dist, or BENCH_WEB_DIST;
// builds either into place (the API) or a scratch folder (the web app) only when missing.
//   node tools/bench/web-chat.mjs        BENCH_SENDS=5 node tools/bench/web-chat.mjs
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { call, makeMembersWithMessages, signUps, verificationCodes } from './lib/members.mjs';
import { ensureBundle, root, startProductionServer } from './lib/production-server.mjs';
import { freePort } from './lib/server-readiness.mjs';

const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const SENDS = Number(process.env.BENCH_SENDS ?? 20);
const SEEDED_MESSAGES = 500;
const TYPED = 'Any idea what I could answer to her joke about pineapple pizza?!'.slice(0, 50);
const BUDGET = { firstTokenMs: 300, inputDelayMs: 50 };

const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** `npm run serve` on `dataDir` and `port`, serving the web build `webDir`, with the offline AI (no LLM_*). */
function startServer({ dataDir, port, webDir }) {
  return startProductionServer({
    dataDir,
    port,
    env: {
      LLM_BASE_URL: '',
      LLM_API_KEY: '',
      WEB_APP_DIR: webDir,
      LOG_LEVEL: 'warn',
      // The bench's own address sends every message: no per-IP cap in the way.
      FREE_MESSAGES_PER_IP: '100000',
      RATE_LIMITS: 'false',
    },
  });
}

/**
 * A member (signed up by e-mail, verified with the code the outbox holds: only a member may pay) with a message pack
 * of at least `SENDS` messages bought with the local provider's test card. PGlite takes one process, so the code is
 * read with the server stopped; answers the member and the server started again.
 */
async function memberWithPack(server, options) {
  const [account] = await signUps(server.base, 1);
  await server.stop();
  const codes = verificationCodes(options.dataDir, undefined);
  const restarted = await startServer(options);
  await makeMembersWithMessages(restarted.base, [account], codes, SENDS);
  const { pk } = await call(restarted.base, 'GET', '/auth/user/', { access: account.access });
  return { server: restarted, member: { userId: pk, access: account.access, refresh: account.refresh } };
}

/** The id of the unread rebrand banner the API seeds (dismissed on the device, so it covers nothing). */
async function bannerId(base) {
  const page = await call(base, 'GET', `/api/v1/accounts/messages/?uid=${crypto.randomUUID()}`);
  return page.results.find((notice) => notice.kind === 'banner' && !notice.read)?.id;
}

/** A signed-in page on /chat with the cookie choice made and the banner dismissed, the chat box ready. */
async function openChat(browser, base, member, banner) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addCookies([
    { name: 'access_token', value: encodeURIComponent(member.access), url: base },
    { name: 'refresh_token', value: encodeURIComponent(member.refresh), url: base },
    // `abtest_verification` pinned to free messages first: another variant could gate the send on verification.
    {
      name: 'abtests',
      value: encodeURIComponent(JSON.stringify({ abtest_verification: 'after_free' })),
      url: base,
    },
  ]);
  await context.addInitScript((id) => {
    localStorage.setItem(
      'wingmate.cookie-consent',
      JSON.stringify({ choice: 'necessary', decidedAt: '2026-11-23T00:00:00Z' }),
    );
    if (id !== undefined) localStorage.setItem('wingmate.dismissed-banner', String(id));
  }, banner);
  const page = await context.newPage();
  await page.goto(`${base}/chat`);
  const box = page.getByRole('textbox', { name: 'Message' });
  const notFound = page.getByRole('heading', { name: 'Page not found' });
  await box.or(notFound).waitFor();
  if (await notFound.isVisible())
    throw new Error('the web build has no /chat (built before the chat screen?): `npm run build` first');
  return { page, context };
}

/**
 * In the page: performance.now() at the Send click (capture phase, before the app's handler) and, once a
 * MutationObserver sees the newest reply's bubble hold text (not the "Thinking…" placeholder), at the next
 * animation frame, the one that paints it. Resolves the difference; `window.firstToken` holds the promise.
 */
function watchFirstToken() {
  const region = document.querySelector('[aria-label="Conversation"]');
  let clickedAt = 0;
  const sendButton = () =>
    [...document.querySelectorAll('button')].find((button) => button.textContent?.trim() === 'Send');
  window.firstToken = new Promise((resolve) => {
    const onClick = (event) => {
      if (event.target instanceof Element && event.target.closest('button') === sendButton())
        clickedAt = performance.now();
    };
    document.addEventListener('click', onClick, true);
    const replyText = () => {
      const rows = document.querySelectorAll('[aria-label="Conversation"] li');
      const bubble = rows[rows.length - 1]?.querySelector(':scope > div');
      // While the bubble shows the spinner and "Thinking…", the reply has no text yet.
      return bubble && !bubble.querySelector('[role="status"], svg') ? (bubble.textContent ?? '') : '';
    };
    const observer = new MutationObserver(() => {
      if (!clickedAt || !replyText().trim()) return;
      observer.disconnect();
      document.removeEventListener('click', onClick, true);
      requestAnimationFrame(() => resolve(performance.now() - clickedAt));
    });
    observer.observe(region ?? document.body, { childList: true, subtree: true, characterData: true });
  });
}

async function sendToFirstToken(page, text) {
  await page.getByRole('textbox', { name: 'Message' }).fill(text);
  await page.evaluate(watchFirstToken);
  await page.getByRole('button', { name: 'Send' }).click();
  const ms = await page.evaluate(() => window.firstToken);
  // The reply is whole (Copy on the newest row) before the next send.
  await page
    .getByRole('region', { name: 'Conversation' })
    .getByRole('listitem')
    .last()
    .getByRole('button', { name: 'Copy' })
    .waitFor({ timeout: 60_000 });
  return ms;
}

/**
 * Scrolls the conversation to its top until the screen has no older page left to load (neither "Load earlier
 * messages" nor its spinner), then back to the bottom; returns how many message rows are shown.
 */
async function scrollThroughHistory(page) {
  const region = page.getByRole('region', { name: 'Conversation' });
  const older = page.getByText(/^(Load earlier messages|Loading earlier messages)$/);
  // Attached, not visible: the list opens at its newest row, and rows out of view skip rendering
  // (content-visibility: auto), so the oldest one is not "visible" to the locator.
  await region.locator('ol[aria-live] > li').first().waitFor({ state: 'attached' });
  for (let tries = 0; tries < 200 && (await older.count()) > 0; tries++) {
    await region.evaluate((element) => element.scrollTo({ top: 0 }));
    await wait(100);
  }
  if ((await older.count()) > 0) throw new Error('the history did not finish loading');
  await region.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
  // The rows of the conversation's list only, not the list items inside the replies' markdown.
  return region.locator('ol[aria-live] > li').count();
}

/**
 * Types `text` into the chat box. Per keystroke: keydown (its hardware timestamp) to the next animation frame;
 * from the Event Timing API (entries of 16 ms and more), each interaction's input delay (processingStart -
 * startTime) and its duration to the next paint.
 */
async function typingDelays(page, text) {
  await page.evaluate(() => {
    window.keyDelays = [];
    window.longEvents = [];
    document.addEventListener(
      'keydown',
      (event) => {
        const start = event.timeStamp;
        requestAnimationFrame(() => window.keyDelays.push(performance.now() - start));
      },
      true,
    );
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        if (!entry.interactionId) continue;
        window.longEvents.push({
          interaction: entry.interactionId,
          inputDelay: entry.processingStart - entry.startTime,
          duration: entry.duration,
        });
      }
    }).observe({ type: 'event', durationThreshold: 16 });
  });
  await page.getByRole('textbox', { name: 'Message' }).focus();
  // About a fast typist's pace, so one keystroke's frame is not queued behind the previous one's.
  await page.keyboard.type(text, { delay: 60 });
  await wait(500);
  return page.evaluate(() => ({ delays: window.keyDelays, longEvents: window.longEvents }));
}

const sorted = (values) => [...values].sort((a, b) => a - b);
const percentile = (values, p) => sorted(values)[Math.min(values.length - 1, Math.floor(values.length * p))];
const ms = (value) => `${value.toFixed(0)} ms`;
const verdict = (value, budget) => (value <= budget ? 'PASS' : 'OVER');

/** The newest modification time (ms) of the files under `dir`. */
function newestSource(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) newest = Math.max(newest, statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

function webBuild() {
  const given = process.env.BENCH_WEB_DIST;
  if (given) return { dir: path.resolve(given), scratch: false };
  const dist = path.join(root, 'apps', 'web', 'dist');
  if (existsSync(path.join(dist, 'index.html'))) {
    if (newestSource(path.join(root, 'apps', 'web', 'src')) > statSync(path.join(dist, 'index.html')).mtimeMs)
      console.log(
        "note: apps/web/dist is older than apps/web/src; `npm run build` first to measure today's code",
      );
    return { dir: dist, scratch: false };
  }
  console.log('apps/web/dist is missing: building the web app into a scratch folder (vite build)');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'web-chat-dist-'));
  const build = spawnSync(
    path.join(root, 'apps', 'web', 'node_modules', '.bin', 'vite'),
    ['build', '--outDir', dir],
    {
      cwd: path.join(root, 'apps', 'web'),
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  if (build.status !== 0) throw new Error('vite build failed');
  return { dir, scratch: true };
}

function seedHistory(dataDir, userId) {
  const seed = spawnSync(
    path.join(root, 'node_modules', '.bin', 'tsx'),
    [
      path.join(root, 'tools', 'seed', 'chat-history.ts'),
      '--user-id',
      String(userId),
      '--count',
      String(SEEDED_MESSAGES),
      '--data-dir',
      dataDir,
    ],
    { cwd: root, stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, DATABASE_URL: '' } },
  );
  if (seed.status !== 0) throw new Error('seeding the chat history failed');
}

async function main() {
  if (!existsSync(chromiumPath)) {
    console.log(`skipped: no Chromium at ${chromiumPath}`);
    return;
  }
  ensureBundle();
  const web = webBuild();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'wingmate-bench-web-chat-'));
  const port = await freePort();
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'],
  });
  let server;
  try {
    console.log(
      `production start (apps/api/dist/main.cjs, web app ${path.relative(root, web.dir) || web.dir}), PGlite, ` +
        `offline AI, Chromium headless 1280x800, ${os.cpus().length} cores, load average ${os.loadavg()[0].toFixed(1)}`,
    );
    const options = { dataDir, port, webDir: web.dir };
    const made = await memberWithPack(await startServer(options), options);
    server = made.server;
    const member = made.member;
    const banner = await bannerId(server.base);

    const chat = await openChat(browser, server.base, member, banner);
    await sendToFirstToken(chat.page, 'Warm-up: hello there'); // the first send loads the markdown chunk
    const firstToken = [];
    for (let n = 1; n <= SENDS; n++)
      firstToken.push(await sendToFirstToken(chat.page, `Help me write an opener for a climber (${n})`));
    await chat.context.close();
    const median = percentile(firstToken, 0.5);
    console.log(
      `send to first token painted   median ${ms(median).padStart(7)}  p90 ${ms(percentile(firstToken, 0.9)).padStart(7)}` +
        `  max ${ms(Math.max(...firstToken)).padStart(7)}  (${SENDS} sends)  budget ${BUDGET.firstTokenMs} ms  ` +
        verdict(median, BUDGET.firstTokenMs),
    );

    // PGlite takes one process: the history is written with the server stopped, then the server starts again.
    await server.stop();
    seedHistory(dataDir, member.userId);
    server = await startServer(options);
    const long = await openChat(browser, server.base, member, banner);
    const shown = await scrollThroughHistory(long.page);
    const { delays, longEvents } = await typingDelays(long.page, TYPED);
    const typed = await long.page.getByRole('textbox', { name: 'Message' }).inputValue();
    if (typed !== TYPED) throw new Error(`typed "${typed}", expected "${TYPED}"`);
    await long.context.close();
    const max = Math.max(...delays);
    console.log(
      `typing, ${shown} messages loaded   keydown to next frame: median ${ms(percentile(delays, 0.5)).padStart(5)}` +
        `  max ${ms(max).padStart(5)}  (${delays.length} keys)  budget ${BUDGET.inputDelayMs} ms  ` +
        verdict(max, BUDGET.inputDelayMs),
    );
    const slowKeys = new Set(longEvents.map((entry) => entry.interaction)).size;
    console.log(
      `  Event Timing: input delay max ${ms(Math.max(0, ...longEvents.map((entry) => entry.inputDelay)))}; ` +
        `${slowKeys} of ${delays.length} keystrokes took 16 ms or more to the next paint` +
        (slowKeys ? ` (longest ${ms(Math.max(...longEvents.map((entry) => entry.duration)))})` : ''),
    );
  } finally {
    await browser.close();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
    if (web.scratch) rmSync(web.dir, { recursive: true, force: true });
  }
}

await main();
