import type { Style, StyleProfile } from '@wingmate/api-contract';
import type { StyleResource } from '../resources/style';
import { wordsFor } from '../words/error-words';
import { pastedTextProblem, styleProfileProblem } from '../words/style-words';
import { createStore, type ReadableStore } from './store';
import { readSide } from './read-side';

/** A change of the style: messages pasted, learnt from a match, the profile edited, or all forgotten. */
export type StyleChange = 'paste' | 'match' | 'edit' | 'forget';

export interface StyleState {
  /** `pending` until the style is first read; a reload keeps it on screen (`loading`). */
  status: 'pending' | 'success' | 'failure';
  loading: boolean;
  /** Why the last load failed, in the catalogue's words. */
  loadError: string | null;
  /** The style as the server last answered it; a failed change leaves it as it was. */
  style: Style | null;
  /** The change being saved; one at a time. */
  saving: StyleChange | null;
  /** Why the last change was refused, before sending or by the server, in the catalogue's words. */
  saveError: string | null;
}

export type StyleSource = Pick<
  StyleResource,
  'getStyle' | 'addStyleSamples' | 'updateStyleProfile' | 'deleteStyle'
>;

export interface StyleStore extends ReadableStore<StyleState> {
  /** Reads the style; a cancelled load, or one a change overtook, changes nothing. */
  load(signal?: AbortSignal): Promise<void>;
  /**
   * Learns from pasted messages, one a line (blank text, or more than 20,000 characters, refused before sending).
   * False when refused (`saveError`).
   */
  paste(text: string): Promise<boolean>;
  /** Learns from the person's side of a match's transcript; false when refused (`saveError`). */
  learnFromMatch(matchId: number): Promise<boolean>;
  /** Saves the profile as the person edited it (its lists checked against the limits first). */
  edit(profile: StyleProfile): Promise<boolean>;
  /** Forgets the messages kept and the profile. */
  forget(): Promise<boolean>;
}

/** The style once forgotten, as the server answers it for a person who never gave a message. */
const NO_STYLE: Style = { profile: null, words: [], sample_count: 0, edited: false, updated_at: null };

/**
 * The person's texting style (docs/product.md#sounds-like-me): learnt from messages they paste or from their side of
 * a match, edited by hand, or forgotten. Suggestions are adapted to it and scored against it by the server.
 */
export function createStyleStore(source: StyleSource): StyleStore {
  const store = createStore<StyleState>({
    status: 'pending',
    loading: false,
    loadError: null,
    style: null,
    saving: null,
    saveError: null,
  });
  const set = store.setState;
  /** The read or change whose answer counts: a change's answer is newer than any load started before it. */
  let turn = 0;

  async function load(signal?: AbortSignal) {
    const mine = ++turn;
    set({ loading: true });
    try {
      const style = await source.getStyle({ signal });
      if (mine === turn && !signal?.aborted) set({ status: 'success', style, loadError: null });
    } catch (error) {
      if (mine === turn && !signal?.aborted) set({ status: 'failure', loadError: wordsFor(error, 'style') });
    } finally {
      if (mine === turn) set({ loading: false });
    }
  }

  const refused = (problem: string) => {
    set({ saveError: problem });
    return Promise.resolve(false);
  };

  async function change(what: StyleChange, save: () => Promise<Style>) {
    if (store.getState().saving) return false;
    set({ saving: what, saveError: null });
    try {
      const style = await save();
      turn += 1;
      set({ status: 'success', style, loadError: null, loading: false });
      return true;
    } catch (error) {
      set({ saveError: wordsFor(error, 'style') });
      return false;
    } finally {
      set({ saving: null });
    }
  }

  function paste(text: string) {
    const problem = pastedTextProblem(text);
    return problem ? refused(problem) : change('paste', () => source.addStyleSamples({ text }));
  }

  function edit(profile: StyleProfile) {
    const problem = styleProfileProblem(profile);
    return problem ? refused(problem) : change('edit', () => source.updateStyleProfile(profile));
  }

  return {
    ...readSide(store),
    load,
    paste,
    learnFromMatch: (matchId) => change('match', () => source.addStyleSamples({ match_id: matchId })),
    edit,
    forget: () =>
      change('forget', async () => {
        await source.deleteStyle();
        return NO_STYLE;
      }),
  };
}
