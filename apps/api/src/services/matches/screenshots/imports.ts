import {
  errorCodes,
  MATCH_LIMITS,
  type ImportScreenshot,
  type MatchImport,
  type MatchLineDraft,
} from '@wingmate/api-contract';
import type { Clock } from '@wingmate/runtime';
import { and, asc, desc, eq, inArray, lt, notExists } from 'drizzle-orm';
import sharp from 'sharp';
import type { AppDatabase } from '../../../db/database';
import { matchImports, matchImportScreenshots } from '../../../db/schema';
import { Problem } from '../../../problem';
import { imageJobs, MAX_IMAGE_BYTES, MAX_IMAGE_PIXELS } from '../../images/image-pipeline';
import { imageTypeOf } from '../../images/image-type';
import type { Owner } from '../../owner/owner';
import { ownedMatch, touchMatch } from '../owned-match';
import { MAX_TALL_RATIO, type ScreenshotReader } from './reader';
import { stitchScreenshots } from './stitch';

type ImportRow = typeof matchImports.$inferSelect;
type ScreenshotRow = typeof matchImportScreenshots.$inferSelect;

export const NO_TEXT = 'No text was found in this screenshot.';
export const UNREADABLE = 'This screenshot could not be read; please send it again.';
export const STOPPED = 'Reading this screenshot stopped before it finished; please send it again.';
export const TOO_TALL = "This image is not a screenshot of a phone's screen (too tall for its width).";
export const BUSY = 'The screenshot reader is busy; try again in a minute.';
/**
 * A screenshot waiting or being read with no write this long (a reading one writes its progress every tenth) was
 * left by a server that stopped.
 */
export const STALE_AFTER_MS = 5 * 60 * 1000;
/** Screenshots waiting or being read in one process at most: each holds its bytes (up to 10 MB) in memory. */
export const MAX_PENDING_SCREENSHOTS = 20;
/** The wait a busy reader asks for (Retry-After, seconds): a screenshot is read in seconds. */
const BUSY_RETRY_AFTER_S = 60;
/** Progress is written when it moved this many points: a few writes a screenshot, not one per percent. */
const PROGRESS_STEP = 10;

/**
 * Screenshot imports of a match (docs/product.md#screenshots-to-a-conversation): screenshots arrive one a request,
 * are read in the background in the image job slots (the bytes held in memory only, dropped once read), and once
 * none is left to read, the import's lines are the screenshots' lines stitched into one conversation.
 */
export class MatchImports {
  private readonly jobs = new Set<Promise<void>>();
  /** Screenshots of this process stored and not read yet, or about to be stored (counted before the insert). */
  private pending = 0;

  constructor(
    private readonly db: AppDatabase,
    private readonly reader: ScreenshotReader,
    private readonly clock: Clock,
    private readonly log: { error(details: object, message: string): void },
  ) {}

  /**
   * A new import, or the match's `open` one that has no screenshot yet: an import with screenshots is bounded by the
   * hourly screenshot limit, so only empty ones could pile up.
   */
  async create(owner: Owner, matchId: number): Promise<MatchImport> {
    const now = new Date(this.clock.now());
    const row = await this.db.transaction(async (tx) => {
      // The match's row lock makes parallel starts find the one empty import rather than each insert one.
      const match = await ownedMatch(tx, owner, matchId, { forUpdate: true });
      const [empty] = await tx
        .select()
        .from(matchImports)
        .where(
          and(
            eq(matchImports.matchId, match.id),
            eq(matchImports.status, 'open'),
            notExists(
              tx
                .select({ id: matchImportScreenshots.id })
                .from(matchImportScreenshots)
                .where(eq(matchImportScreenshots.importId, matchImports.id)),
            ),
          ),
        )
        .orderBy(desc(matchImports.id))
        .limit(1);
      if (empty) return empty;
      const [inserted] = await tx
        .insert(matchImports)
        .values({ matchId: match.id, createdAt: now, updatedAt: now })
        .returning();
      await touchMatch(tx, match.id, now);
      return inserted!;
    });
    return importJson(row, []);
  }

  /** The import with each screenshot's progress; screenshots left unread by a stopped server are failed first. */
  async get(owner: Owner, matchId: number, importId: number): Promise<MatchImport> {
    const match = await ownedMatch(this.db, owner, matchId);
    const row = await this.importOf(this.db, match.id, importId);
    const staleBefore = new Date(this.clock.now() - STALE_AFTER_MS);
    const stale = await this.db
      .update(matchImportScreenshots)
      .set({ status: 'failed', error: STOPPED, updatedAt: new Date(this.clock.now()) })
      .where(
        and(
          eq(matchImportScreenshots.importId, row.id),
          inArray(matchImportScreenshots.status, ['queued', 'reading']),
          lt(matchImportScreenshots.updatedAt, staleBefore),
        ),
      )
      .returning({ id: matchImportScreenshots.id });
    if (stale.length > 0) await this.settle(row.id);
    return this.view(match.id, importId);
  }

  /**
   * Adds a screenshot and starts reading it; answers at once with the import `reading`. The bytes are checked
   * (PNG, JPEG or WebP by their first bytes, 10 MB, 40 megapixels and a phone's shape by the header) before anything
   * is written; with `MAX_PENDING_SCREENSHOTS` waiting or being read in this process, 429 and nothing is written.
   */
  async upload(
    owner: Owner,
    matchId: number,
    importId: number,
    bytes: Buffer | undefined,
  ): Promise<MatchImport> {
    if (!bytes) throw Problem.field('image', 'No file was submitted.');
    const match = await ownedMatch(this.db, owner, matchId);
    const current = await this.importOf(this.db, match.id, importId);
    assertOpen(current);
    await checkScreenshot(bytes);
    if (this.pending >= MAX_PENDING_SCREENSHOTS) {
      throw new Problem(429, { detail: BUSY }, { 'retry-after': String(BUSY_RETRY_AFTER_S) });
    }
    // Counted at once, with no wait between the check and the count, so parallel uploads cannot pass it together.
    this.pending++;
    let screenshot: ScreenshotRow;
    try {
      screenshot = await this.store(match.id, importId);
    } catch (error) {
      this.pending--;
      throw error;
    }
    this.track(
      imageJobs.run(() => this.read(screenshot.id, current.id, bytes)).finally(() => this.pending--),
    );
    return this.view(match.id, importId);
  }

  /** Adds a queued screenshot to the import, which is `reading` from then on. */
  private async store(matchId: number, importId: number): Promise<ScreenshotRow> {
    const now = new Date(this.clock.now());
    const screenshot = await this.db.transaction(async (tx) => {
      // The import's row lock counts parallel uploads one after another.
      const locked = await this.importOf(tx, matchId, importId, true);
      assertOpen(locked);
      const held = await tx
        .select({ id: matchImportScreenshots.id })
        .from(matchImportScreenshots)
        .where(eq(matchImportScreenshots.importId, locked.id));
      if (held.length >= MATCH_LIMITS.screenshotsPerImport) {
        throw Problem.detail(
          409,
          `An import holds at most ${MATCH_LIMITS.screenshotsPerImport} screenshots; start another for more.`,
          errorCodes.importFull,
        );
      }
      await tx
        .update(matchImports)
        .set({ status: 'reading', updatedAt: now })
        .where(eq(matchImports.id, locked.id));
      const [inserted] = await tx
        .insert(matchImportScreenshots)
        .values({ importId: locked.id, createdAt: now, updatedAt: now })
        .returning();
      return inserted!;
    });
    await touchMatch(this.db, matchId, now);
    return screenshot;
  }

  /** Waits for the screenshots being read (the server closes after them, before the reader ends). */
  async drain(): Promise<void> {
    while (this.jobs.size > 0) await Promise.allSettled([...this.jobs]);
  }

  private track(job: Promise<void>): void {
    const tracked = job.catch((error: unknown) =>
      this.log.error({ err: error }, 'Reading a screenshot failed'),
    );
    this.jobs.add(tracked);
    void tracked.finally(() => this.jobs.delete(tracked));
  }

  private async read(screenshotId: number, importId: number, bytes: Buffer): Promise<void> {
    await this.db
      .update(matchImportScreenshots)
      .set({ status: 'reading', updatedAt: new Date(this.clock.now()) })
      .where(and(eq(matchImportScreenshots.id, screenshotId), eq(matchImportScreenshots.status, 'queued')));
    let written = 0;
    let writing = Promise.resolve();
    const onProgress = (percent: number) => {
      if (percent < written + PROGRESS_STEP || percent >= 100) return;
      written = percent;
      writing = writing.then(async () => {
        await this.db
          .update(matchImportScreenshots)
          .set({ progress: percent, updatedAt: new Date(this.clock.now()) })
          .where(
            and(eq(matchImportScreenshots.id, screenshotId), eq(matchImportScreenshots.status, 'reading')),
          );
      });
    };
    let outcome: Partial<ScreenshotRow>;
    try {
      const lines = await this.reader.read(bytes, onProgress);
      outcome =
        lines.length > 0
          ? { status: 'read', progress: 100, lines: lines.map(({ side, text }) => ({ side, text })) }
          : { status: 'failed', progress: 100, error: NO_TEXT };
    } catch (error) {
      this.log.error({ err: error }, 'A screenshot could not be read');
      outcome = { status: 'failed', progress: 100, error: UNREADABLE };
    }
    await writing;
    const readAt = new Date(this.clock.now());
    // Only a screenshot still being read takes the outcome: one failed meanwhile as stale stays failed.
    await this.db
      .update(matchImportScreenshots)
      .set({ ...outcome, readAt, updatedAt: readAt })
      .where(
        and(
          eq(matchImportScreenshots.id, screenshotId),
          inArray(matchImportScreenshots.status, ['queued', 'reading']),
        ),
      );
    await this.settle(importId);
  }

  /**
   * Once no screenshot waits, the import is `ready` with the read screenshots stitched, or `failed` when none gave
   * text; a screenshot that failed adds nothing, so the lines stay what the others give.
   */
  private async settle(importId: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [row] = await tx.select().from(matchImports).where(eq(matchImports.id, importId)).for('update');
      if (!row || row.status === 'confirmed') return;
      const screenshots = await tx
        .select()
        .from(matchImportScreenshots)
        .where(eq(matchImportScreenshots.importId, importId))
        .orderBy(asc(matchImportScreenshots.id));
      if (screenshots.some((shot) => shot.status === 'queued' || shot.status === 'reading')) return;
      const read = screenshots.filter((shot) => shot.status === 'read');
      const lines: MatchLineDraft[] = stitchScreenshots(read.map((shot) => shot.lines));
      await tx
        .update(matchImports)
        .set({
          status: read.length > 0 ? 'ready' : 'failed',
          lines,
          updatedAt: new Date(this.clock.now()),
        })
        .where(eq(matchImports.id, importId));
    });
  }

  private async importOf(
    db: AppDatabase,
    matchId: number,
    importId: number,
    forUpdate = false,
  ): Promise<ImportRow> {
    const query = db
      .select()
      .from(matchImports)
      .where(and(eq(matchImports.id, importId), eq(matchImports.matchId, matchId)));
    const [row] = forUpdate ? await query.for('update') : await query;
    if (!row) throw Problem.notFound();
    return row;
  }

  private async view(matchId: number, importId: number): Promise<MatchImport> {
    const row = await this.importOf(this.db, matchId, importId);
    const screenshots = await this.db
      .select()
      .from(matchImportScreenshots)
      .where(eq(matchImportScreenshots.importId, row.id))
      .orderBy(asc(matchImportScreenshots.id));
    return importJson(row, screenshots);
  }
}

function assertOpen(row: ImportRow): void {
  if (row.status === 'confirmed') {
    throw Problem.detail(
      409,
      'This import is confirmed already; start another for more screenshots.',
      errorCodes.importConfirmed,
    );
  }
}

/** The checks of an image upload (image-pipeline.ts), for a screenshot: PNG, JPEG or WebP only. */
async function checkScreenshot(bytes: Buffer): Promise<void> {
  if (bytes.length > MAX_IMAGE_BYTES) {
    throw Problem.detail(
      413,
      `The image is ${(bytes.length / 1024 / 1024).toFixed(1)} MB; the limit is 10 MB.`,
    );
  }
  if (bytes.length === 0) throw Problem.field('image', 'The image is empty.');
  const type = imageTypeOf(bytes);
  if (type !== 'png' && type !== 'jpeg' && type !== 'webp') {
    throw Problem.detail(
      415,
      'This file is not a screenshot we can read; please send a PNG, JPEG or WebP image.',
    );
  }
  let width = 0;
  let height = 0;
  try {
    const metadata = await sharp(bytes).metadata();
    // EXIF orientations 5 to 8 turn the image a quarter: it is read with its sides swapped.
    const turned = (metadata.orientation ?? 1) >= 5;
    width = (turned ? metadata.height : metadata.width) ?? 0;
    height = (turned ? metadata.width : metadata.height) ?? 0;
  } catch {
    // An unreadable header is answered below, as an image with no pixels.
  }
  const pixels = width * height;
  if (!pixels) throw Problem.field('image', 'The image is damaged and cannot be read; please send it again.');
  if (pixels > MAX_IMAGE_PIXELS) {
    throw Problem.detail(
      413,
      `The image is ${(pixels / 1e6).toFixed(1)} megapixels; the limit is 40 megapixels.`,
    );
  }
  if (height > width * MAX_TALL_RATIO) throw Problem.detail(413, TOO_TALL);
}

/** The stitched lines are shown once ready (and after confirming); while screenshots are read they are empty. */
function importJson(row: ImportRow, screenshots: readonly ScreenshotRow[]): MatchImport {
  const settled = row.status === 'ready' || row.status === 'confirmed';
  return {
    id: row.id,
    status: row.status,
    screenshots: screenshots.map(screenshotJson),
    lines: settled ? row.lines : [],
    created_at: row.createdAt.toISOString(),
  };
}

function screenshotJson(row: ScreenshotRow): ImportScreenshot {
  return {
    id: row.id,
    status: row.status,
    progress: row.progress,
    error: row.error,
    line_count: row.lines.length,
    created_at: row.createdAt.toISOString(),
  };
}
