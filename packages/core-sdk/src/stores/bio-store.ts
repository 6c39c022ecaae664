import type { BioVersion, DatingBio } from '@wingmate/api-contract';
import { isApiError } from '../errors/api-error';
import type { WingmateClient } from '../client';
import { createStore, type ReadableStore } from './store';
import { readSide } from './read-side';
import { createSuggestionOutcomesStore, type SuggestionOutcomesStore } from './suggestion-outcomes-store';

/** The tones one "Generate" writes, one version each (the server's own tone names). */
export const GENERATED_TONES = ['warm', 'witty', 'bold'] as const;

export type BioAction = 'save' | 'generate' | 'rewrite';

export interface BioState {
  /** The stored bio; null while there is none (a 404 on load). */
  bio: DatingBio | null;
  /** The AI versions, newest first. */
  versions: BioVersion[];
  /** The action running; one at a time. */
  busy: BioAction | null;
  /** Why the last save failed (an ApiError, read into words by the screen). */
  saveError: unknown;
  /** Why the last generate or rewrite failed. */
  aiError: unknown;
  /** "Generate" with nothing written yet asks a few starter questions first. */
  askingStarters: boolean;
}

/**
 * Where the bio store gets its data: the dating-bio calls, the visitor's uid they belong to, and the marks of the
 * bio lines the versions are offered as.
 */
export type BioSource = Pick<WingmateClient, 'datingBio' | 'visitorId' | 'style'>;

export interface BioStore extends ReadableStore<BioState> {
  /**
   * The marks of the versions' bio lines (docs/product.md#what-works-for-you): each version is offered as one, to
   * mark sent and then what came of it. Holds the marks the stored versions were given, once loaded.
   */
  readonly lines: SuggestionOutcomesStore;
  /** The stored bio (null when none yet); `signal` cancels it, and a cancelled load changes nothing. */
  load(signal?: AbortSignal): Promise<DatingBio | null>;
  /** Updates the stored bio, or makes it; the stored one, or null when refused (`saveError`). */
  save(text: string): Promise<DatingBio | null>;
  /**
   * Writes one version per tone from the stored bio's text, or from `draft` (made into the bio first). With no
   * bio and no draft, asks the starter questions instead. Answers how many versions came back.
   */
  generate(draft: string): Promise<number>;
  /** Generates from the starter answers' draft, then closes the questions. */
  generateFromStarters(starterDraft: string): Promise<number>;
  closeStarters(): void;
  /** Rewrites the bio as `instruction` asks; the new version (first in `versions`), or null when refused. */
  rewrite(instruction: string, draft: string): Promise<BioVersion | null>;
  clearSaveError(): void;
}

const isNotFound = (error: unknown) => isApiError(error) && error.status === 404;

/** The bio editor's flow: load, save, generate in three tones and rewrite (docs/product.md#dating-bio-photos-profile). */
export function createBioStore({ datingBio, visitorId, style }: BioSource): BioStore {
  const lines = createSuggestionOutcomesStore(style);
  const store = createStore<BioState>({
    bio: null,
    versions: [],
    busy: null,
    saveError: null,
    aiError: null,
    askingStarters: false,
  });

  async function load(signal?: AbortSignal): Promise<DatingBio | null> {
    // Bios belong to the visitor's uid: made here if nothing made it yet, so the call never fails with "UID is null".
    visitorId.get();
    const bio = await datingBio.getDatingBio({ signal }).catch((error: unknown) => {
      if (isNotFound(error)) return null;
      throw error;
    });
    if (!signal?.aborted) showVersions(bio);
    return bio;
  }

  /** The stored bio's versions, with the marks their lines were given. */
  function showVersions(bio: DatingBio | null) {
    const versions = bio?.generated ?? [];
    store.setState({ bio, versions });
    lines.remember(versions.flatMap((version) => version.marks));
  }

  async function run<T>(action: BioAction, work: () => Promise<T>): Promise<T> {
    store.setState({ busy: action });
    try {
      return await work();
    } finally {
      store.setState({ busy: null });
    }
  }

  /** The stored bio, made from `text` first when there is none (generate and rewrite need its id). */
  async function storedBio(text: string): Promise<DatingBio> {
    const { bio } = store.getState();
    if (bio) return bio;
    const created = await datingBio.createDatingBio({ text });
    store.setState({ bio: created });
    return created;
  }

  function save(text: string): Promise<DatingBio | null> {
    store.setState({ saveError: null });
    return run('save', async () => {
      const { bio } = store.getState();
      try {
        const stored = bio
          ? await datingBio.updateDatingBio(bio.id, { text })
          : await datingBio.createDatingBio({ text });
        showVersions(stored);
        return stored;
      } catch (error) {
        store.setState({ saveError: error });
        return null;
      }
    });
  }

  /** One version per tone; the ones that came back are kept even when another failed. */
  function generateFrom(text: string): Promise<number> {
    store.setState({ aiError: null });
    return run('generate', async () => {
      let stored: DatingBio;
      try {
        stored = await storedBio(text);
      } catch (error) {
        store.setState({ aiError: error });
        return 0;
      }
      const answers = await Promise.allSettled(
        GENERATED_TONES.map((tone) => datingBio.generateDatingBio(stored.id, { tone })),
      );
      const written = answers.flatMap((answer) => (answer.status === 'fulfilled' ? [answer.value] : []));
      const failure = answers.find((answer) => answer.status === 'rejected');
      store.setState(({ versions }) => ({ versions: [...written, ...versions] }));
      if (failure) store.setState({ aiError: failure.reason });
      return written.length;
    });
  }

  async function generate(draft: string): Promise<number> {
    const { bio } = store.getState();
    const text = draft.trim();
    if (!bio && !text) {
      store.setState({ askingStarters: true });
      return 0;
    }
    return generateFrom(bio?.text ?? text);
  }

  async function generateFromStarters(starterDraft: string): Promise<number> {
    const written = await generateFrom(starterDraft);
    store.setState({ askingStarters: false });
    return written;
  }

  function rewrite(instruction: string, draft: string): Promise<BioVersion | null> {
    store.setState({ aiError: null });
    return run('rewrite', async () => {
      try {
        const stored = await storedBio(draft.trim());
        const version = await datingBio.rewriteDatingBio(stored.id, { response_text: instruction });
        store.setState(({ versions }) => ({ versions: [version, ...versions] }));
        return version;
      } catch (error) {
        store.setState({ aiError: error });
        return null;
      }
    });
  }

  return {
    ...readSide(store),
    lines,
    load,
    save,
    generate,
    generateFromStarters,
    closeStarters: () => store.setState({ askingStarters: false }),
    rewrite,
    clearSaveError: () => store.setState({ saveError: null }),
  };
}
