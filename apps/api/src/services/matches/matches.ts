import {
  MATCH_LIMITS,
  type CreateMatchBody,
  type Match,
  type MatchDetail,
  type PageOf,
  type UpdateMatchBody,
} from '@wingmate/api-contract';
import type { Clock } from '@wingmate/runtime';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { UploadStorage } from '../../adapters/storage/ports';
import type { AppDatabase } from '../../db/database';
import { matches } from '../../db/schema';
import { Problem } from '../../problem';
import { deleteStoredKeys } from '../images/image-pipeline';
import { ownedBy, ownerColumns, type Owner } from '../owner/owner';
import { pageOf, type PageRequest } from '../shared/pages';
import { matchDetailJson, matchesJson, matchJson } from './match-json';
import { matchPhotoKeys } from './match-photos';
import { ownedMatch } from './owned-match';

/** The code of the 409 past the matches a person keeps (docs/product.md#matches). */
export const MATCH_LIMIT_CODE = 'match_limit';

function ownerKey(owner: Owner): string {
  return owner.kind === 'account' ? `user:${owner.userId}` : `uid:${owner.uid}`;
}

/**
 * A person's matches (docs/product.md#matches): at most 200, archived ones counted; each write marks the match's
 * activity, which orders the lists and starts a visitor's 30 days again.
 */
export class Matches {
  constructor(
    private readonly db: AppDatabase,
    private readonly storage: UploadStorage,
    private readonly clock: Clock,
  ) {}

  /** 20 a page, the most recently active first; `archived` picks the archived ones, else the others. */
  async list(owner: Owner, archived: boolean, page: PageRequest): Promise<PageOf<Match>> {
    const where = and(ownedBy(owner, matches), eq(matches.archived, archived));
    const [total] = await this.db.select({ n: count() }).from(matches).where(where);
    const rows = await this.db
      .select()
      .from(matches)
      .where(where)
      .orderBy(desc(matches.lastActivityAt), desc(matches.id))
      .limit(page.size)
      .offset((page.number - 1) * page.size);
    return pageOf(page, Number(total?.n ?? 0), await matchesJson(this.db, rows));
  }

  /**
   * The count and the insert run under a lock on the owner (an advisory lock, since a visitor has no row to lock),
   * so parallel creations cannot pass the limit.
   */
  async create(owner: Owner, body: CreateMatchBody): Promise<Match> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`matches:${ownerKey(owner)}`}))`);
      const [held] = await tx.select({ n: count() }).from(matches).where(ownedBy(owner, matches));
      if (Number(held?.n ?? 0) >= MATCH_LIMITS.matchesPerPerson) {
        throw Problem.detail(
          409,
          `You can keep at most ${MATCH_LIMITS.matchesPerPerson} matches, archived ones included; delete one first.`,
          MATCH_LIMIT_CODE,
        );
      }
      const now = new Date(this.clock.now());
      const [row] = await tx
        .insert(matches)
        .values({
          ...ownerColumns(owner),
          name: body.name,
          whereMet: body.where_met,
          notes: body.notes,
          profileText: body.profile_text,
          status: body.status,
          createdAt: now,
          updatedAt: now,
          lastActivityAt: now,
        })
        .returning();
      return matchJson(tx, row!);
    });
  }

  async get(owner: Owner, id: number): Promise<MatchDetail> {
    return matchDetailJson(this.db, await ownedMatch(this.db, owner, id));
  }

  /** Only the fields sent change. */
  async update(owner: Owner, id: number, body: UpdateMatchBody): Promise<Match> {
    return this.db.transaction(async (tx) => {
      await ownedMatch(tx, owner, id, { forUpdate: true });
      const now = new Date(this.clock.now());
      const [row] = await tx
        .update(matches)
        .set({
          name: body.name,
          whereMet: body.where_met,
          notes: body.notes,
          profileText: body.profile_text,
          status: body.status,
          archived: body.archived,
          updatedAt: now,
          lastActivityAt: now,
        })
        .where(eq(matches.id, id))
        .returning();
      return matchJson(tx, row!);
    });
  }

  /**
   * Everything under the match goes with it (photos, transcript, coaching chat, memory, imports: the foreign keys
   * cascade); the photos' stored files go after the commit.
   */
  async delete(owner: Owner, id: number): Promise<void> {
    const keys = await this.db.transaction(async (tx) => {
      await ownedMatch(tx, owner, id, { forUpdate: true });
      const photoKeys = await matchPhotoKeys(tx, eq(matches.id, id));
      await tx.delete(matches).where(eq(matches.id, id));
      return photoKeys;
    });
    await deleteStoredKeys(this.storage, keys);
  }
}
