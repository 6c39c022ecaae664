import { count, inArray } from 'drizzle-orm';
import type { AppDatabase } from '../../db/database';
import {
  notices,
  offers,
  plans,
  profileQuestions,
  questionnaireQuestions,
  questionnaires,
} from '../../db/schema';
// The seed is data kept beside the catalogue in src/seed; importing it bundles it into the built server.
import profileSeedJson from '../../seed/profile.json';

interface SeedQuestion {
  readonly text: string;
  readonly kind: 'text' | 'choice';
  readonly choices?: readonly string[];
}

export interface ProfileSeed {
  readonly questions: readonly SeedQuestion[];
  readonly questionnaires: readonly {
    readonly title: string;
    readonly description: string;
    readonly questions: readonly SeedQuestion[];
  }[];
  readonly offers: readonly {
    readonly title: string;
    readonly description: string;
    readonly plan_code: string | null;
    readonly discount: number;
  }[];
  readonly notices: readonly { readonly kind: string; readonly title: string; readonly body: string }[];
}

export const defaultProfileSeed = profileSeedJson as ProfileSeed;

/**
 * Fills the profile questions, questionnaires, offers and the welcome (rebrand banner) notice on first start:
 * each table only when it is empty, so edits made later by hand are never overwritten. Returns what was seeded.
 */
export async function seedProfileIfEmpty(
  db: AppDatabase,
  seed: ProfileSeed = defaultProfileSeed,
): Promise<string[]> {
  return db.transaction(async (tx) => {
    const seeded: string[] = [];
    const isEmpty = async (
      table: typeof profileQuestions | typeof questionnaires | typeof offers | typeof notices,
    ) => Number((await tx.select({ n: count() }).from(table))[0]?.n ?? 0) === 0;

    if (await isEmpty(profileQuestions)) {
      await tx.insert(profileQuestions).values(
        seed.questions.map((question, position) => ({
          text: question.text,
          kind: question.kind,
          choices: [...(question.choices ?? [])],
          position,
        })),
      );
      seeded.push('questions');
    }
    if (await isEmpty(questionnaires)) {
      for (const [position, questionnaire] of seed.questionnaires.entries()) {
        const [row] = await tx
          .insert(questionnaires)
          .values({ title: questionnaire.title, description: questionnaire.description, position })
          .returning({ id: questionnaires.id });
        await tx.insert(questionnaireQuestions).values(
          questionnaire.questions.map((question, index) => ({
            questionnaireId: row!.id,
            text: question.text,
            kind: question.kind,
            choices: [...(question.choices ?? [])],
            position: index,
          })),
        );
      }
      seeded.push('questionnaires');
    }
    if (await isEmpty(offers)) {
      const codes = seed.offers.map((offer) => offer.plan_code).filter((code): code is string => !!code);
      const planIds = new Map(
        codes.length
          ? (
              await tx
                .select({ id: plans.id, code: plans.code })
                .from(plans)
                .where(inArray(plans.code, codes))
            ).map((plan) => [plan.code, plan.id])
          : [],
      );
      await tx.insert(offers).values(
        seed.offers.map((offer) => ({
          title: offer.title,
          description: offer.description,
          planId: offer.plan_code ? (planIds.get(offer.plan_code) ?? null) : null,
          discount: offer.discount,
        })),
      );
      seeded.push('offers');
    }
    if (await isEmpty(notices)) {
      // Oldest first, so the banner (listed first in the seed) ends up the newest notice.
      await tx
        .insert(notices)
        .values([...seed.notices].reverse().map((notice) => ({ ...notice, userId: null })));
      seeded.push('notices');
    }
    return seeded;
  });
}
