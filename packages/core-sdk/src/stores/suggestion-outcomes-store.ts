import type { Suggestion, SuggestionOutcome, SuggestionState, WhatWorks } from '@wingmate/api-contract';
import type { StyleResource } from '../resources/style';
import { wordsFor } from '../words/error-words';
import { DATE_PLANNED_ONLY_IN_A_MATCH } from '../words/style-words';
import { createStore, type ReadableStore } from './store';
import { readSide } from './read-side';

/** What a suggestion was marked with, as shown on it. */
export interface SuggestionMark {
  /** The person sent it; any outcome marks it sent too. */
  sent: boolean;
  /** What came of it; null while it is only sent. */
  outcome: SuggestionState['outcome'];
  /** The mark being saved, shown already in `sent` and `outcome`; null once the server kept it. */
  pending: SuggestionOutcome | null;
  /** Why the last mark failed, in the catalogue's words; `sent` and `outcome` went back to what they were. */
  failed: string | null;
}

export interface SuggestionOutcomesState {
  /** The suggestions are offered in a match: only then can a date be planned. */
  inMatch: boolean;
  /** Marks by suggestion id, of the suggestions marked here; a suggestion not marked yet has none. */
  marks: Readonly<Record<string, SuggestionMark>>;
  /** "What works for you": each kind's tones with the person's outcomes; null until first read. */
  whatWorks: WhatWorks | null;
  /** `pending` until what works is first read; a reload keeps it on screen (`whatWorksLoading`). */
  whatWorksStatus: 'pending' | 'success' | 'failure';
  whatWorksLoading: boolean;
  /** Why the last read of what works failed, in the catalogue's words. */
  whatWorksError: string | null;
}

export type SuggestionOutcomesSource = Pick<StyleResource, 'markSuggestion' | 'getWhatWorks'>;

export interface SuggestionOutcomesOptions {
  /** The suggestions are offered in a match ("What do I answer?"): "Date planned" is offered too. */
  readonly inMatch?: boolean;
}

export interface SuggestionOutcomesStore extends ReadableStore<SuggestionOutcomesState> {
  /**
   * Marks a suggestion, shown at once and put back as it was when the server refuses it (`failed`). One mark of a
   * suggestion at a time; "Date planned" outside a match is refused before sending. What works is read again
   * after each mark the server kept. False when not marked.
   */
  mark(suggestion: Pick<Suggestion, 'id'>, outcome: SuggestionOutcome): Promise<boolean>;
  /** Reads what works for the person; a read overtaken by a newer one changes nothing. Never rejects. */
  refresh(): Promise<void>;
  /**
   * Takes the marks the server kept, as an answer that shows suggestions again carries them (a bio's versions):
   * a suggestion being marked here keeps its own.
   */
  remember(kept: readonly SuggestionState[]): void;
}

const UNMARKED: SuggestionMark = { sent: false, outcome: null, pending: null, failed: null };

/**
 * The marks a suggestion can be given next, in the order offered: "Sent" first, then what came of it ("Date
 * planned" only in a match). A later outcome replaces an earlier one, so every outcome stays offered.
 */
export function outcomeChoices(mark: SuggestionMark | undefined, inMatch: boolean): SuggestionOutcome[] {
  if (!mark?.sent) return ['sent'];
  return inMatch ? ['replied', 'no_reply', 'date_planned'] : ['replied', 'no_reply'];
}

/**
 * What the person marked the suggestions they were offered with, and what works for them
 * (docs/product.md#what-works-for-you): the outcomes order the tones the next suggestions are offered in.
 */
export function createSuggestionOutcomesStore(
  source: SuggestionOutcomesSource,
  { inMatch = false }: SuggestionOutcomesOptions = {},
): SuggestionOutcomesStore {
  const store = createStore<SuggestionOutcomesState>({
    inMatch,
    marks: {},
    whatWorks: null,
    whatWorksStatus: 'pending',
    whatWorksLoading: false,
    whatWorksError: null,
  });
  const set = store.setState;
  /** The read of what works whose answer counts: the newest, which follows every mark kept before it. */
  let readTurn = 0;

  const setMark = (id: string, mark: SuggestionMark) =>
    set(({ marks }) => ({ marks: { ...marks, [id]: mark } }));

  async function refresh() {
    const mine = ++readTurn;
    set({ whatWorksLoading: true });
    try {
      const whatWorks = await source.getWhatWorks();
      if (mine === readTurn) set({ whatWorks, whatWorksStatus: 'success', whatWorksError: null });
    } catch (error) {
      if (mine === readTurn) set({ whatWorksStatus: 'failure', whatWorksError: wordsFor(error, 'style') });
    } finally {
      if (mine === readTurn) set({ whatWorksLoading: false });
    }
  }

  async function mark({ id }: Pick<Suggestion, 'id'>, outcome: SuggestionOutcome) {
    const before = store.getState().marks[id] ?? UNMARKED;
    if (before.pending) return false;
    if (outcome === 'date_planned' && !inMatch) {
      setMark(id, { ...before, failed: DATE_PLANNED_ONLY_IN_A_MATCH });
      return false;
    }
    setMark(id, {
      sent: true,
      outcome: outcome === 'sent' ? before.outcome : outcome,
      pending: outcome,
      failed: null,
    });
    try {
      const kept = await source.markSuggestion(id, outcome);
      setMark(id, { sent: kept.sent, outcome: kept.outcome, pending: null, failed: null });
      void refresh();
      return true;
    } catch (error) {
      setMark(id, { ...before, pending: null, failed: wordsFor(error, 'style') });
      return false;
    }
  }

  function remember(kept: readonly SuggestionState[]) {
    const { marks } = store.getState();
    const known = kept.filter(({ id }) => !marks[id]?.pending);
    if (known.length === 0) return;
    set(({ marks: current }) => ({
      marks: {
        ...current,
        ...Object.fromEntries(
          known.map(({ id, sent, outcome }) => [id, { sent, outcome, pending: null, failed: null }]),
        ),
      },
    }));
  }

  return { ...readSide(store), mark, refresh, remember };
}
