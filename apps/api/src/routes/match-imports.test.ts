import { MATCH_LIMITS, type MatchImport } from '@wingmate/api-contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { matches, matchImports, matchImportScreenshots } from '../db/schema';
import {
  BUSY,
  MatchImports,
  MAX_PENDING_SCREENSHOTS,
  NO_TEXT,
  STALE_AFTER_MS,
  STOPPED,
  TOO_TALL,
} from '../services/matches/screenshots/imports';
import type { ScreenshotReader } from '../services/matches/screenshots/reader';
import { drawChatScreenshot, type DrawnLine } from '../testing/chat-screenshots';
import { multipartPayload } from '../testing/chat';
import { testClock, uniqueIp } from '../testing/sign-in';
import { describeEachDatabase } from '../testing/test-app';
import { waitFor } from '../testing/wait-for';

const clock = testClock();

const conversation: DrawnLine[] = [
  { side: 'them', text: 'Hey! How was the hike on Sunday?' },
  { side: 'me', text: 'Amazing, we made it to the top before the rain started' },
  { side: 'them', text: 'Which trail was it?' },
  { side: 'me', text: 'Mount Tam, the steep one' },
  { side: 'them', text: 'Jealous, I have never been up there' },
  { side: 'me', text: 'We should go together sometime' },
  { side: 'them', text: 'I would love that' },
];

const newUid = () => `visitor-${randomUUID()}`;

async function matchOf(app: FastifyInstance, uid: string): Promise<number> {
  const [row] = await app.database.db.insert(matches).values({ uid, name: 'Sam' }).returning();
  return row!.id;
}

function importsUrl(matchId: number, uid: string, rest = ''): string {
  return `/api/v1/matches/${matchId}/imports/${rest}?uid=${uid}`;
}

async function createImport(app: FastifyInstance, matchId: number, uid: string): Promise<MatchImport> {
  const response = await app.inject({ method: 'POST', url: importsUrl(matchId, uid) });
  expect(response.statusCode).toBe(201);
  return response.json<MatchImport>();
}

async function send(
  app: FastifyInstance,
  matchId: number,
  uid: string,
  importId: number,
  bytes: Uint8Array,
  remoteAddress = uniqueIp(),
) {
  const form = await multipartPayload({}, { image: { bytes, name: 'screenshot.png', type: 'image/png' } });
  return app.inject({
    method: 'POST',
    url: importsUrl(matchId, uid, `${importId}/screenshots/`),
    payload: form.payload,
    headers: form.headers,
    remoteAddress,
  });
}

async function read(app: FastifyInstance, matchId: number, uid: string, importId: number) {
  return app.inject({ method: 'GET', url: importsUrl(matchId, uid, `${importId}/`) });
}

/** Polls the import as a client does until no screenshot is left to read. */
async function settled(app: FastifyInstance, matchId: number, uid: string, importId: number) {
  let current: MatchImport | undefined;
  await waitFor(async () => {
    current = (await read(app, matchId, uid, importId)).json<MatchImport>();
    return current.status !== 'reading';
  });
  return current!;
}

describeEachDatabase(
  'screenshot imports (docs/product.md#screenshots-to-a-conversation)',
  (getApp) => {
    const uid = newUid();
    let matchId = 0;
    let ready: MatchImport;

    beforeAll(async () => {
      matchId = await matchOf(getApp(), uid);
    });

    it('reads screenshots sent out of order into one conversation, each line on its side, overlaps once', async () => {
      const app = getApp();
      const created = await createImport(app, matchId, uid);
      expect(created).toMatchObject({ status: 'open', screenshots: [], lines: [] });
      const screenshots = await Promise.all(
        [conversation.slice(3), conversation.slice(0, 3), conversation.slice(1, 5)].map((lines) =>
          drawChatScreenshot(lines),
        ),
      );
      for (const screenshot of screenshots) {
        const response = await send(app, matchId, uid, created.id, screenshot);
        expect(response.statusCode).toBe(202);
        expect(response.json<MatchImport>().status).toBe('reading');
      }
      ready = await settled(app, matchId, uid, created.id);
      expect(ready.status).toBe('ready');
      expect(ready.lines).toEqual(conversation);
      expect(
        ready.screenshots.map(({ status, progress, line_count }) => [status, progress, line_count]),
      ).toEqual([
        ['read', 100, 4],
        ['read', 100, 3],
        ['read', 100, 4],
      ]);
    });

    it('fails a screenshot with no text and leaves the lines as they were', async () => {
      const app = getApp();
      const response = await send(app, matchId, uid, ready.id, await drawChatScreenshot([]));
      expect(response.statusCode).toBe(202);
      const after = await settled(app, matchId, uid, ready.id);
      expect(after.status).toBe('ready');
      expect(after.screenshots[3]).toMatchObject({ status: 'failed', error: NO_TEXT, line_count: 0 });
      expect(after.lines).toEqual(ready.lines);
    });

    it('refuses a file that is not an image (415) and a 50 MB one (413: over 10 MB), and adds no screenshot', async () => {
      const app = getApp();
      const notImage = await send(
        app,
        matchId,
        uid,
        ready.id,
        Buffer.from('just text, named screenshot.png'),
      );
      expect(notImage.statusCode).toBe(415);
      const big = Buffer.alloc(50 * 1024 * 1024, 7);
      big.set(Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'), 0);
      const tooBig = await send(app, matchId, uid, ready.id, big);
      expect(tooBig.statusCode).toBe(413);
      expect(tooBig.json<{ detail: string }>().detail).toMatch(/10 MB/);
      expect((await read(app, matchId, uid, ready.id)).json<MatchImport>().screenshots).toHaveLength(4);
    });

    it("refuses a shape no phone's screen has (413) before reading it, upright by its EXIF orientation", async () => {
      const app = getApp();
      const white = { channels: 3, background: '#ffffff' } as const;
      const tall = await sharp({ create: { width: 50, height: 401, ...white } })
        .png()
        .toBuffer();
      const refused = await send(app, matchId, uid, ready.id, tall);
      expect(refused.statusCode).toBe(413);
      expect(refused.json<{ detail: string }>().detail).toBe(TOO_TALL);
      const sideways = await sharp({ create: { width: 401, height: 50, ...white } })
        .jpeg()
        .withMetadata({ orientation: 6 })
        .toBuffer();
      expect((await send(app, matchId, uid, ready.id, sideways)).json<{ detail: string }>().detail).toBe(
        TOO_TALL,
      );
      expect((await read(app, matchId, uid, ready.id)).json<MatchImport>().screenshots).toHaveLength(4);
    });

    it('takes no screenshot past ten an import or once confirmed, and shows no one else the import', async () => {
      const app = getApp();
      const db = app.database.db;
      const full = await createImport(app, matchId, uid);
      await db
        .insert(matchImportScreenshots)
        .values(Array.from({ length: MATCH_LIMITS.screenshotsPerImport }, () => ({ importId: full.id })));
      const screenshot = await drawChatScreenshot(conversation.slice(0, 1));
      const refused = await send(app, matchId, uid, full.id, screenshot);
      expect(refused.statusCode).toBe(409);
      expect(refused.json<{ code: string }>().code).toBe('import_full');

      const confirmed = await createImport(app, matchId, uid);
      await db.update(matchImports).set({ status: 'confirmed' }).where(eq(matchImports.id, confirmed.id));
      const late = await send(app, matchId, uid, confirmed.id, screenshot);
      expect(late.json<{ code: string }>()).toMatchObject({ code: 'import_confirmed' });

      const stranger = newUid();
      expect((await read(app, matchId, stranger, ready.id)).statusCode).toBe(404);
      expect((await send(app, matchId, stranger, ready.id, screenshot)).statusCode).toBe(404);
      const theirMatch = await matchOf(app, stranger);
      expect((await read(app, theirMatch, stranger, ready.id)).statusCode).toBe(404);
    });

    it('fails a screenshot left unread by a server that stopped once minutes pass with no write on it', async () => {
      const app = getApp();
      const stopped = await createImport(app, matchId, uid);
      await app.database.db
        .update(matchImports)
        .set({ status: 'reading' })
        .where(eq(matchImports.id, stopped.id));
      // Sent long ago, but its progress was written just now: it is still being read (by any process).
      await app.database.db.insert(matchImportScreenshots).values({
        importId: stopped.id,
        status: 'reading',
        progress: 40,
        createdAt: new Date(clock.now() - 2 * STALE_AFTER_MS),
        updatedAt: new Date(clock.now()),
      });
      expect((await read(app, matchId, uid, stopped.id)).json<MatchImport>().status).toBe('reading');
      clock.advance(STALE_AFTER_MS + 1000);
      const after = (await read(app, matchId, uid, stopped.id)).json<MatchImport>();
      expect(after.status).toBe('failed');
      expect(after.screenshots[0]).toMatchObject({ status: 'failed', error: STOPPED });
    });

    it('answers the open import with no screenshot yet rather than starting another', async () => {
      const app = getApp();
      const person = newUid();
      const theirMatch = await matchOf(app, person);
      const first = await createImport(app, theirMatch, person);
      expect(await createImport(app, theirMatch, person)).toEqual(first);
      await app.database.db.insert(matchImportScreenshots).values({ importId: first.id });
      const second = await createImport(app, theirMatch, person);
      expect(second).toMatchObject({ status: 'open', screenshots: [] });
      expect(second.id).not.toBe(first.id);
      const otherMatch = await matchOf(app, person);
      expect((await createImport(app, otherMatch, person)).id).not.toBe(second.id);
    });

    it(`holds at most ${MAX_PENDING_SCREENSHOTS} screenshots waiting or being read a process (429 past it, nothing stored)`, async () => {
      const app = getApp();
      const person = newUid();
      const theirMatch = await matchOf(app, person);
      const owner = { kind: 'visitor', uid: person } as const;
      let release = () => {};
      const released = new Promise<void>((resolve) => (release = resolve));
      const reader: ScreenshotReader = {
        read: async () => {
          await released;
          return [{ side: 'me', text: 'Hi' }];
        },
        close: () => Promise.resolve(),
      };
      const imports = new MatchImports(app.database.db, reader, clock, app.log);
      const screenshot = Buffer.from(await drawChatScreenshot(conversation.slice(0, 1)));
      let importId = 0;
      for (let sent = 0; sent < MAX_PENDING_SCREENSHOTS; sent++) {
        if (sent % MATCH_LIMITS.screenshotsPerImport === 0) {
          importId = (await imports.create(owner, theirMatch)).id;
        }
        await imports.upload(owner, theirMatch, importId, screenshot);
      }
      const spare = await imports.create(owner, theirMatch);
      await expect(imports.upload(owner, theirMatch, spare.id, screenshot)).rejects.toMatchObject({
        statusCode: 429,
        body: { detail: BUSY },
        headers: { 'retry-after': '60' },
      });
      expect((await imports.get(owner, theirMatch, spare.id)).screenshots).toEqual([]);
      release();
      await imports.drain();
      await imports.upload(owner, theirMatch, spare.id, screenshot);
      await imports.drain();
      expect((await imports.get(owner, theirMatch, spare.id)).screenshots).toMatchObject([
        { status: 'read' },
      ]);
    });

    it(`takes ${MATCH_LIMITS.screenshotsPerHour} screenshots an hour from one person (429 after)`, async () => {
      const app = getApp();
      const person = newUid();
      const theirMatch = await matchOf(app, person);
      const { id } = await createImport(app, theirMatch, person);
      const notImage = Buffer.from('not an image');
      for (let sent = 0; sent < MATCH_LIMITS.screenshotsPerHour; sent++) {
        expect((await send(app, theirMatch, person, id, notImage)).statusCode).toBe(415);
      }
      expect((await send(app, theirMatch, person, id, notImage)).statusCode).toBe(429);
    });
  },
  {},
  { clock },
);
