import type { BioVersion, DatingBio } from '@wingmate/api-contract';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { aiProblem, isAiError } from '../../adapters/ai/errors';
import { bioToneOf } from '../../adapters/ai/offline/bios';
import { BIO_TONES, type AiModel, type AiText, type BioRequest, type BioTone } from '../../adapters/ai/ports';
import type { AppDatabase } from '../../db/database';
import { datingBios, datingBioVersions } from '../../db/schema';
import { Problem } from '../../problem';
import { ownedBy, type Owner } from '../owner/owner';
import { userProfileOf } from '../profile/user-profile';

type BioRow = typeof datingBios.$inferSelect;

/** Runs just before the model is asked: the hourly AI limit (throws 429). */
export type AiGuard = () => Promise<void>;
const noGuard: AiGuard = () => Promise.resolve(undefined);
type VersionRow = typeof datingBioVersions.$inferSelect;

function versionJson(row: VersionRow): BioVersion {
  return {
    id: row.id,
    text: row.text,
    tone: row.tone,
    instruction: row.instruction,
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * Dating bios: the user's own text per owner (the newest is current), and the AI versions written from it, in a
 * tone (`generate/`) or as asked (`generate/create/`, "make it funnier").
 */
export class DatingBios {
  constructor(
    private readonly db: AppDatabase,
    private readonly ai: AiModel,
  ) {}

  async create(owner: Owner, uid: string, text: string): Promise<DatingBio> {
    const [row] = await this.db
      .insert(datingBios)
      .values({ userId: owner.kind === 'account' ? owner.userId : null, uid, text: checkedText(text) })
      .returning();
    return this.json(row!);
  }

  /** The owner's current bio; 404 when there is none. */
  async current(owner: Owner): Promise<DatingBio> {
    const [row] = await this.db
      .select()
      .from(datingBios)
      .where(ownedBy(owner, datingBios))
      .orderBy(desc(datingBios.id))
      .limit(1);
    if (!row) throw Problem.notFound('No dating bio yet.');
    return this.json(row);
  }

  async update(owner: Owner, id: number, text: string): Promise<DatingBio> {
    const [row] = await this.db
      .update(datingBios)
      .set({ text: checkedText(text), updatedAt: new Date() })
      .where(and(eq(datingBios.id, id), ownedBy(owner, datingBios)))
      .returning();
    if (!row) throw Problem.notFound();
    return this.json(row);
  }

  /**
   * A new AI version of the bio in `tone` (free words like "funny" are understood), else one fitting its text.
   * `beforeAi` runs just before the model is asked (the hourly AI limit counts only real generations).
   */
  async generate(
    owner: Owner,
    id: number,
    tone: string | undefined,
    beforeAi: AiGuard = noGuard,
  ): Promise<BioVersion> {
    const bio = await this.owned(owner, id);
    const picked = toneOf(tone) ?? bioToneOf(bio.text) ?? 'warm';
    const written = await this.write(
      owner,
      { tone: picked, currentText: bio.text, seed: `${bio.id}:${picked}` },
      beforeAi,
    );
    return this.saveVersion(bio.id, written, { tone: tone?.trim() || picked, instruction: null });
  }

  /** Rewrites the bio's newest AI version (or its own text) as the user asked. */
  async rewrite(
    owner: Owner,
    id: number,
    instruction: string,
    beforeAi: AiGuard = noGuard,
  ): Promise<BioVersion> {
    const bio = await this.owned(owner, id);
    const asked = instruction.trim();
    if (!asked) throw Problem.field('response_text', 'This field may not be blank.');
    const [latest] = await this.db
      .select()
      .from(datingBioVersions)
      .where(eq(datingBioVersions.bioId, bio.id))
      .orderBy(desc(datingBioVersions.id))
      .limit(1);
    const tone = bioToneOf(asked) ?? toneOf(latest?.tone ?? undefined) ?? 'warm';
    const written = await this.write(
      owner,
      {
        tone,
        currentText: latest?.text ?? bio.text,
        instruction: asked,
        seed: `${bio.id}:${latest?.id ?? 0}:${asked}`,
      },
      beforeAi,
    );
    return this.saveVersion(bio.id, written, { tone: null, instruction: asked });
  }

  private async write(
    owner: Owner,
    request: Omit<BioRequest, 'answers' | 'firstName'>,
    beforeAi: AiGuard,
  ): Promise<AiText> {
    const profile = await userProfileOf(this.db, owner);
    await beforeAi();
    try {
      return await this.ai.generateBio({
        ...request,
        firstName: profile.firstName,
        answers: [...profile.answers, ...profile.questionnaire],
      });
    } catch (error) {
      throw isAiError(error) ? aiProblem(error) : error;
    }
  }

  private async saveVersion(
    bioId: number,
    written: AiText,
    how: { tone: string | null; instruction: string | null },
  ): Promise<BioVersion> {
    const [row] = await this.db
      .insert(datingBioVersions)
      .values({ bioId, text: written.body, ...how, model: written.model.name })
      .returning();
    return versionJson(row!);
  }

  /** Another owner's bio is 404, never theirs to see. */
  private async owned(owner: Owner, id: number): Promise<BioRow> {
    const [row] = await this.db
      .select()
      .from(datingBios)
      .where(and(eq(datingBios.id, id), ownedBy(owner, datingBios)));
    if (!row) throw Problem.notFound();
    return row;
  }

  private async json(row: BioRow): Promise<DatingBio> {
    const versions = await this.db
      .select()
      .from(datingBioVersions)
      .where(inArray(datingBioVersions.bioId, [row.id]))
      .orderBy(desc(datingBioVersions.id));
    return {
      id: row.id,
      uid: row.uid,
      text: row.text,
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
      generated: versions.map(versionJson),
    };
  }
}

function toneOf(text: string | undefined): BioTone | undefined {
  const word = text?.trim().toLowerCase();
  if (!word) return undefined;
  return (BIO_TONES as readonly string[]).includes(word) ? (word as BioTone) : bioToneOf(word);
}

function checkedText(text: string): string {
  const trimmed = text.trim();
  if (!trimmed) throw Problem.field('text', 'This field may not be blank.');
  return trimmed;
}
