import {
  CHAT_TONES,
  SUGGESTION_KINDS,
  type SuggestionOutcome,
  type SuggestionState,
  type ToneOutcomes,
  type WhatWorks,
} from '@wingmate/api-contract';
import type { Clock } from '@wingmate/runtime';
import { and, eq } from 'drizzle-orm';
import type { AppDatabase } from '../../db/database';
import { suggestions } from '../../db/schema';
import { Problem } from '../../problem';
import { ownedBy, type Owner } from '../owner/owner';
import { suggestionStateJson } from './offered-suggestions';
import { NO_OUTCOMES, type CountsByTone } from './outcome-counts';
import { outcomeTallies } from './outcome-tallies';
import { type ToneResults, whatWorksFor } from './what-works';

function toneOutcomesJson(results: ToneResults): ToneOutcomes {
  return {
    tone: results.tone,
    sent: results.sent,
    replied: results.replied,
    no_reply: results.noReply,
    date_planned: results.datePlanned,
    reply_rate: results.replyRate,
    everyone_rate: results.everyoneRate,
    expected_rate: results.expectedRate,
  };
}

/** Every tone, those the person never sent at zero: the card shows each tone of each kind. */
const withEveryTone = (counts: CountsByTone): CountsByTone => ({
  ...Object.fromEntries(CHAT_TONES.map((tone) => [tone, NO_OUTCOMES])),
  ...counts,
});

/**
 * What works for you (docs/product.md#what-works-for-you): the person marks the suggestions they were offered,
 * and their outcomes beside everyone's are what the tone order draws from.
 */
export class SuggestionOutcomes {
  constructor(
    private readonly db: AppDatabase,
    private readonly clock: Clock,
  ) {}

  /**
   * `sent`, or what came of it (which marks it sent too, and replaces an earlier outcome). Another person's
   * suggestion is not found either; a date is planned only from a suggestion offered in a match.
   */
  async mark(owner: Owner, id: string, outcome: SuggestionOutcome): Promise<SuggestionState> {
    const mine = and(eq(suggestions.id, id), ownedBy(owner, suggestions));
    const [row] = await this.db.select().from(suggestions).where(mine);
    if (!row) throw Problem.notFound();
    if (outcome === 'date_planned' && row.matchId === null) {
      throw Problem.field('outcome', 'A date can be planned only from a reply suggested in a match.');
    }
    const now = new Date(this.clock.now());
    const sentAt = row.sentAt ?? now;
    const [marked] = await this.db
      .update(suggestions)
      .set(outcome === 'sent' ? { sentAt } : { sentAt, outcome, outcomeAt: now })
      .where(mine)
      .returning();
    if (!marked) throw Problem.notFound();
    return suggestionStateJson(marked);
  }

  /** Each kind with every tone: the person's counts and rates, everyone's rate, best expected rate first. */
  async whatWorks(owner: Owner): Promise<WhatWorks> {
    const person = await outcomeTallies(this.db, owner);
    const everyone = await outcomeTallies(this.db, undefined);
    return {
      kinds: SUGGESTION_KINDS.map((kind) => ({
        kind,
        tones: whatWorksFor(withEveryTone(person[kind]), everyone[kind]).map(toneOutcomesJson),
      })),
    };
  }
}
