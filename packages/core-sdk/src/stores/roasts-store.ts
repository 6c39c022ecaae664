import type { Roast, RoastIntensity } from '@wingmate/api-contract';
import { isApiError } from '../errors/api-error';
import { newIdempotencyKey } from '../http/idempotency-key';
import { collectPages } from '../http/pages';
import { wordsFor } from '../words/error-words';
import type { AccountResource } from '../resources/account';
import { createStore, type ReadableStore } from './store';
import { readSide } from './read-side';

export interface RoastsState {
  /** The member's saved roasts, newest first. */
  roasts: Roast[];
  /** A new roast is being saved. */
  creating: boolean;
  /** Why the last new roast was refused (an ApiError, read into words by the screen). */
  createError: unknown;
  /** The roasts whose edit is being saved, by id. */
  saving: ReadonlySet<number>;
  /** Why a roast's last edit was refused, by id. */
  saveErrors: Readonly<Record<number, unknown>>;
  /** The wingmate is writing a roast. */
  generating: boolean;
  /** Why the last roast asked for was not written, in the catalogue's words; null when it was, or none was asked. */
  generateError: string | null;
  /** The last roast asked for met 402 (out of messages): the screen shows the paywall's words while this is set. */
  paywall: boolean;
}

type RoastsSource = Pick<AccountResource, 'listRoasts' | 'createRoast' | 'updateRoast' | 'generateRoast'>;

export interface RoastsStorePorts {
  /** Makes the `Idempotency-Key` of a new intent (tests pass a counter). */
  readonly newKey?: () => string;
}

export interface RoastsStore extends ReadableStore<RoastsState> {
  /** Every page of the roasts; a cancelled load changes nothing. */
  load(signal?: AbortSignal): Promise<Roast[]>;
  /** Saves a new roast, first in the list; null when refused (`createError`). */
  create(text: string): Promise<Roast | null>;
  /** Saves a roast's new text; null when refused (`saveErrors`, kept until a save succeeds or it is cleared). */
  update(id: number, text: string): Promise<Roast | null>;
  /** Forgets a roast's refused edit (the edit was left). */
  clearSaveError(id: number): void;
  /**
   * Asks the wingmate for a roast at `intensity` (one message), first in the list; null when it was not written
   * (`generateError`, and `paywall` on 402). Asking again at the same intensity after a failure is the person's
   * retry: it carries the same `Idempotency-Key`, so it is answered and charged once. Asking while a roast is being
   * written does nothing (null).
   */
  generate(intensity: RoastIntensity): Promise<Roast | null>;
}

/** A member's saved roasts, created and edited (docs/product.md#dating-bio-photos-profile). */
export function createRoastsStore(
  account: RoastsSource,
  { newKey = newIdempotencyKey }: RoastsStorePorts = {},
): RoastsStore {
  const store = createStore<RoastsState>({
    roasts: [],
    creating: false,
    createError: null,
    saving: new Set(),
    saveErrors: {},
    generating: false,
    generateError: null,
    paywall: false,
  });
  /** The intent a failure left open: its intensity and key, reused when the person asks again for the same. */
  let openIntent: { intensity: RoastIntensity; key: string } | null = null;

  async function load(signal?: AbortSignal) {
    const roasts = await collectPages((page) => account.listRoasts({ page }, { signal }));
    if (!signal?.aborted) store.setState({ roasts });
    return roasts;
  }

  async function create(text: string) {
    store.setState({ creating: true, createError: null });
    try {
      const roast = await account.createRoast({ text });
      store.setState(({ roasts }) => ({ roasts: [roast, ...roasts] }));
      return roast;
    } catch (error) {
      store.setState({ createError: error });
      return null;
    } finally {
      store.setState({ creating: false });
    }
  }

  const markSaving = (id: number, saving: boolean) =>
    store.setState((state) => {
      const next = new Set(state.saving);
      if (saving) next.add(id);
      else next.delete(id);
      return { saving: next };
    });

  const setSaveError = (id: number, error: unknown) =>
    store.setState(({ saveErrors }) => {
      const { [id]: _previous, ...others } = saveErrors;
      return { saveErrors: error === null ? others : { ...others, [id]: error } };
    });

  async function update(id: number, text: string) {
    markSaving(id, true);
    try {
      const saved = await account.updateRoast(id, { text });
      store.setState(({ roasts }) => ({
        roasts: roasts.map((kept) => (kept.id === saved.id ? saved : kept)),
      }));
      setSaveError(id, null);
      return saved;
    } catch (error) {
      setSaveError(id, error);
      return null;
    } finally {
      markSaving(id, false);
    }
  }

  async function generate(intensity: RoastIntensity) {
    if (store.getState().generating) return null;
    const key = openIntent?.intensity === intensity ? openIntent.key : newKey();
    openIntent = { intensity, key };
    store.setState({ generating: true, generateError: null, paywall: false });
    try {
      const roast = await account.generateRoast({ intensity }, { idempotencyKey: key });
      openIntent = null;
      store.setState(({ roasts }) => ({ roasts: [roast, ...roasts] }));
      return roast;
    } catch (error) {
      store.setState({
        generateError: wordsFor(error, 'roast'),
        paywall: isApiError(error) && error.status === 402,
      });
      return null;
    } finally {
      store.setState({ generating: false });
    }
  }

  return {
    ...readSide(store),
    generate,
    load,
    create,
    update,
    clearSaveError: (id) => setSaveError(id, null),
  };
}
