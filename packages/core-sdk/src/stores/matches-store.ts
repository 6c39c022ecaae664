import type { Match, MatchStatus } from '@wingmate/api-contract';
import type { MatchesResource } from '../resources/matches';
import { wordsFor } from '../words/error-words';
import { fieldWordsOf } from '../words/field-words';
import { matchFieldProblems, type MatchFieldProblems, type MatchFields } from '../words/match-words';
import { createStore, type ReadableStore } from './store';
import { readSide } from './read-side';

/** Which matches the list shows: the ones in play, or the archived ones. */
export type MatchesView = 'active' | 'archived';

export interface MatchesState {
  view: MatchesView;
  /** The matches of the view, the most recently active first, pages loaded so far. */
  matches: Match[];
  /** `pending` until the first answer for the view; a reload keeps the list on screen (`loading`). */
  status: 'pending' | 'success' | 'failure';
  loading: boolean;
  /** Why the last load failed, in the catalogue's words. */
  loadError: string | null;
  /** Another page of the view waits on the server. */
  hasMore: boolean;
  creating: boolean;
  /** Why the new match was refused: the limit (409) or the server's words; field problems are in `fieldProblems`. */
  createError: string | null;
  /** The new match's fields out of the limits, checked before sending, or refused by the server. */
  fieldProblems: MatchFieldProblems;
  /** Matches being archived, brought back or deleted, by id. */
  busy: ReadonlySet<number>;
  /** Why the last archive, unarchive or delete failed, in the catalogue's words. */
  actionError: string | null;
}

export type MatchesSource = Pick<
  MatchesResource,
  'listMatches' | 'createMatch' | 'updateMatch' | 'deleteMatch'
>;

export interface NewMatch extends MatchFields {
  name: string;
  status?: MatchStatus;
}

export interface MatchesStore extends ReadableStore<MatchesState> {
  /** The first page of a view (the current one unless given); a cancelled load changes nothing. */
  load(view?: MatchesView, signal?: AbortSignal): Promise<void>;
  /** The next page of the view, added under the ones shown. */
  loadMore(): Promise<void>;
  /** Checks the fields, then adds the match first in the active list; null when refused. */
  create(fields: NewMatch): Promise<Match | null>;
  /** Archives a match (or brings it back): it leaves the view shown. False when refused (`actionError`). */
  setArchived(id: number, archived: boolean): Promise<boolean>;
  /** Deletes a match with all it holds; false when refused (`actionError`). */
  remove(id: number): Promise<boolean>;
}

const FIELDS = ['name', 'where_met', 'notes', 'profile_text'] as const;

/** A person's list of matches (docs/product.md#matches): at most 200, archived ones included. */
export function createMatchesStore(matches: MatchesSource): MatchesStore {
  const store = createStore<MatchesState>({
    view: 'active',
    matches: [],
    status: 'pending',
    loading: false,
    loadError: null,
    hasMore: false,
    creating: false,
    createError: null,
    fieldProblems: {},
    busy: new Set(),
    actionError: null,
  });
  let page = 0;
  /** The load whose answer counts: a newer one (another view, say) makes older answers stale. */
  let loadTurn = 0;

  async function fetchPage(view: MatchesView, number: number, signal?: AbortSignal) {
    const turn = ++loadTurn;
    store.setState({ loading: true });
    try {
      const answer = await matches.listMatches({ archived: view === 'archived', page: number }, { signal });
      if (turn !== loadTurn || signal?.aborted) return;
      page = number;
      store.setState(({ matches: shown }) => ({
        matches: number === 1 ? answer.results : [...shown, ...answer.results],
        hasMore: answer.next !== null,
        status: 'success',
        loadError: null,
        loading: false,
      }));
    } catch (error) {
      if (turn !== loadTurn || signal?.aborted) return;
      store.setState({ status: 'failure', loadError: wordsFor(error, 'match'), loading: false });
    }
  }

  async function load(view = store.getState().view, signal?: AbortSignal) {
    if (view !== store.getState().view) {
      store.setState({ view, matches: [], status: 'pending', hasMore: false });
    }
    await fetchPage(view, 1, signal);
  }

  async function loadMore() {
    const { hasMore, loading, view } = store.getState();
    if (hasMore && !loading) await fetchPage(view, page + 1);
  }

  async function create(fields: NewMatch) {
    const problems = matchFieldProblems(fields, { isNew: true });
    store.setState({ fieldProblems: problems, createError: null });
    if (Object.keys(problems).length > 0) return null;
    store.setState({ creating: true });
    try {
      const match = await matches.createMatch({ ...fields, name: fields.name.trim() });
      if (store.getState().view === 'active') {
        store.setState(({ matches: shown }) => ({ matches: [match, ...shown] }));
      }
      return match;
    } catch (error) {
      const refused: MatchFieldProblems = fieldWordsOf(error, { only: FIELDS });
      store.setState(
        Object.keys(refused).length > 0
          ? { fieldProblems: refused }
          : { createError: wordsFor(error, 'match') },
      );
      return null;
    } finally {
      store.setState({ creating: false });
    }
  }

  const markBusy = (id: number, busy: boolean) =>
    store.setState((state) => {
      const next = new Set(state.busy);
      if (busy) next.add(id);
      else next.delete(id);
      return { busy: next };
    });

  async function act(id: number, action: () => Promise<unknown>) {
    markBusy(id, true);
    store.setState({ actionError: null });
    try {
      await action();
      store.setState(({ matches: shown }) => ({ matches: shown.filter((match) => match.id !== id) }));
      return true;
    } catch (error) {
      store.setState({ actionError: wordsFor(error, 'match') });
      return false;
    } finally {
      markBusy(id, false);
    }
  }

  return {
    ...readSide(store),
    load,
    loadMore,
    create,
    setArchived: (id, archived) => act(id, () => matches.updateMatch(id, { archived })),
    remove: (id) => act(id, () => matches.deleteMatch(id)),
  };
}
