import type { Style, StyleProfile as StyleProfileJson } from '@wingmate/api-contract';
import type { Clock } from '@wingmate/runtime';
import type { AppDatabase } from '../../db/database';
import { styleProfiles } from '../../db/schema';
import { Problem } from '../../problem';
import { ownedBy, ownerColumns, type Owner } from '../owner/owner';
import { describeStyle } from './describe-style';
import { styleProfileFromJson, styleProfileJson } from './style-json';
import { styleProfileOf, type StyleProfile } from './style-profile';
import { keptSamples, messagesFrom, type SampleSource } from './style-samples';

export type StyleRow = typeof styleProfiles.$inferSelect;

/** The person's style as the contract answers it; before any sample, no profile. */
export function styleJson(row: StyleRow | undefined): Style {
  if (!row) return { profile: null, words: [], sample_count: 0, edited: false, updated_at: null };
  const profile = row.profile as StyleProfileJson;
  return {
    profile,
    words: describeStyle(styleProfileFromJson(profile)),
    sample_count: row.samples.length,
    edited: row.edited,
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The owner's style row, if they gave messages; `forUpdate` holds it for the rest of the transaction. */
export async function styleRowOf(
  db: AppDatabase,
  owner: Owner,
  { forUpdate = false }: { forUpdate?: boolean } = {},
): Promise<StyleRow | undefined> {
  const query = db.select().from(styleProfiles).where(ownedBy(owner, styleProfiles));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

/** What suggestions are adapted to: the person's profile and their messages, oldest first; undefined without any. */
export async function personalStyleOf(
  db: AppDatabase,
  owner: Owner,
): Promise<{ readonly profile: StyleProfile; readonly samples: readonly string[] } | undefined> {
  const row = await styleRowOf(db, owner);
  if (!row) return undefined;
  return { profile: styleProfileFromJson(row.profile as StyleProfileJson), samples: row.samples };
}

/**
 * "Sounds like me" (docs/product.md#sounds-like-me): the one style row a person has (a member's by account, a
 * visitor's by uid), its samples and the profile learnt from them or edited.
 */
export class Styles {
  constructor(
    private readonly db: AppDatabase,
    private readonly clock: Clock,
  ) {}

  async get(owner: Owner): Promise<Style> {
    return styleJson(await styleRowOf(this.db, owner));
  }

  /**
   * Adds the person's messages to those kept (the newest 500) and learns the profile again from all of them,
   * replacing an edited one. The one row is made when missing and held while it changes, so two calls at once
   * both count.
   */
  async addSamples(owner: Owner, source: SampleSource): Promise<Style> {
    const messages = await messagesFrom(this.db, owner, source);
    const now = new Date(this.clock.now());
    return this.db.transaction(async (tx) => {
      await tx
        .insert(styleProfiles)
        .values({ ...ownerColumns(owner), samples: [], profile: styleProfileJson(styleProfileOf([])) })
        .onConflictDoNothing();
      const row = await styleRowOf(tx, owner, { forUpdate: true });
      if (!row) throw new Error('the style row was not made');
      const samples = keptSamples(row.samples, messages);
      const [updated] = await tx
        .update(styleProfiles)
        .set({ samples, profile: styleProfileJson(styleProfileOf(samples)), edited: false, updatedAt: now })
        .where(ownedBy(owner, styleProfiles))
        .returning();
      return styleJson(updated);
    });
  }

  /** The person's own edit of the profile; 404 before they gave any message. */
  async updateProfile(owner: Owner, edited: StyleProfileJson): Promise<Style> {
    // Read through the style code's shape and back: only the profile's own fields are kept.
    const profile = styleProfileJson(styleProfileFromJson(edited));
    const [updated] = await this.db
      .update(styleProfiles)
      .set({ profile, edited: true, updatedAt: new Date(this.clock.now()) })
      .where(ownedBy(owner, styleProfiles))
      .returning();
    if (!updated) throw Problem.notFound();
    return styleJson(updated);
  }

  /** Forgets the samples and the profile. */
  async delete(owner: Owner): Promise<void> {
    await this.db.delete(styleProfiles).where(ownedBy(owner, styleProfiles));
  }
}
