import type { BioVersion, DatingBio } from '@wingmate/api-contract';
import type { Clock } from '@wingmate/runtime';
import { and, desc, eq } from 'drizzle-orm';
import { aiProblem, isAiError } from '../../adapters/ai/errors';
import { bioToneOf } from '../../adapters/ai/offline/bios';
import {
  BIO_TONES,
  type AiModel,
  type AiText,
  type BioRequest,
  type BioTone,
  type ReplyTone,
} from '../../adapters/ai/ports';
import type { AppDatabase } from '../../db/database';
import { datingBios, datingBioVersions, suggestions } from '../../db/schema';
import { Problem } from '../../problem';
import { ownedBy, type Owner } from '../owner/owner';
import { userProfileOf } from '../profile/user-profile';
import { bioStyleOf } from '../style/chat-style';
import { personalStyleOf } from '../style/styles';
import {
  offeredSuggestions,
  storeOfferedSuggestions,
  suggestionStateJson,
  type SuggestionRow,
} from '../suggestions/offered-suggestions';
import type { StyleProfile } from '../style/style-profile';
import { bioLineTone } from './bio-line-tone';

type BioRow = typeof datingBios.$inferSelect;

/** Runs just before the model is asked: the hourly AI limit (throws 429). */
export type AiGuard = () => Promise<void>;
const noGuard: AiGuard = () => Promise.resolve(undefined);
type VersionRow = typeof datingBioVersions.$inferSelect;
/** A version with the bio line it was offered as (none for versions from before). */
type VersionWithLine = { readonly version: VersionRow; readonly line: SuggestionRow | null };

/** The versions of a bio, newest first, each with its bio line. */
function versionsWithLines(db: AppDatabase, bioId: number): Promise<VersionWithLine[]> {
  return db
    .select({ version: datingBioVersions, line: suggestions })
    .from(datingBioVersions)
    .leftJoin(suggestions, eq(suggestions.id, datingBioVersions.suggestionId))
    .where(eq(datingBioVersions.bioId, bioId))
    .orderBy(desc(datingBioVersions.id));
}

function versionJson({ version, line }: VersionWithLine): BioVersion {
  const marked = line !== null && (line.sentAt !== null || line.outcome !== null);
  return {
    id: version.id,
    text: version.text,
    tone: version.tone,
    instruction: version.instruction,
    suggestions: line
      ? [
          {
            id: line.id,
            kind: 'bio_line',
            tone: line.tone as ReplyTone,
            text: version.text,
            sounds_like_you: line.score,
          },
        ]
      : [],
    marks: marked ? [suggestionStateJson(line)] : [],
    created_at: version.createdAt.toISOString(),
  };
}

/** What the model wrote, with the person's style profile it was written toward (none before they gave messages). */
interface WrittenBio extends AiText {
  readonly styleProfile: StyleProfile | undefined;
}

/**
 * Dating bios: the user's own text per owner (the newest is current), and the AI versions written from it, in a
 * tone (`generate/`) or as asked (`generate/create/`, "make it funnier").
 */
export class DatingBios {
  constructor(
    private readonly db: AppDatabase,
    private readonly ai: AiModel,
    private readonly clock: Clock,
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
    return this.saveVersion(owner, bio.id, written, {
      tone: tone?.trim() || picked,
      instruction: null,
      lineTone: bioLineTone(picked),
    });
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
    // The tone the rewrite is written in, as the offline engine reads it too: the one asked for, else the newest's.
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
    return this.saveVersion(owner, bio.id, written, {
      tone: null,
      instruction: asked,
      lineTone: bioLineTone(tone),
    });
  }

  /** Asks the model for the bio, from the person's answers and in their style once they gave messages of theirs. */
  private async write(
    owner: Owner,
    request: Omit<BioRequest, 'answers' | 'firstName' | 'style'>,
    beforeAi: AiGuard,
  ): Promise<WrittenBio> {
    const profile = await userProfileOf(this.db, owner);
    const style = await personalStyleOf(this.db, owner);
    await beforeAi();
    try {
      const written = await this.ai.generateBio({
        ...request,
        firstName: profile.firstName,
        answers: [...profile.answers, ...profile.questionnaire],
        style: bioStyleOf(style),
      });
      return { ...written, styleProfile: style?.profile };
    } catch (error) {
      throw isAiError(error) ? aiProblem(error) : error;
    }
  }

  /**
   * Keeps the version with the bio line it is offered as (docs/product.md#what-works-for-you), in one transaction,
   * so a version is never offered without its line to mark.
   */
  private async saveVersion(
    owner: Owner,
    bioId: number,
    written: WrittenBio,
    how: { tone: string | null; instruction: string | null; lineTone: ReplyTone },
  ): Promise<BioVersion> {
    const [line] = offeredSuggestions(
      [{ kind: 'bio_line', tone: how.lineTone, text: written.body }],
      written.styleProfile,
    );
    const createdAt = new Date(this.clock.now());
    return this.db.transaction(async (tx) => {
      const [stored] = await storeOfferedSuggestions(tx, owner, [line!], { matchId: null, createdAt });
      const [inserted] = await tx
        .insert(datingBioVersions)
        .values({
          bioId,
          text: written.body,
          tone: how.tone,
          instruction: how.instruction,
          model: written.model.name,
          suggestionId: line!.id,
          createdAt,
        })
        .returning();
      return versionJson({ version: inserted!, line: stored ?? null });
    });
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
    const versions = await versionsWithLines(this.db, row.id);
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
