import {
  type ErrorCode,
  type ImportScreenshot,
  type LineSide,
  type MatchImport,
  type MatchLineDraft,
} from '@wingmate/api-contract';
import { MATCH_LIMITS } from '../domain/match-limits';
import { isApiError } from '../errors/api-error';
import type { UploadProgress } from '../http/pipeline';
import type { MatchesResource } from '../resources/matches';
import { wordsFor } from '../words/error-words';

/**
 * The contract's code for an import already confirmed, as a type-checked literal: importing the contract's
 * `errorCodes` value would bring its schemas (TypeBox) into every screen that reads an import.
 */
const IMPORT_CONFIRMED = 'import_confirmed' satisfies ErrorCode;
import {
  importAnnouncement,
  lineProblem,
  NO_LINES_TO_ADD,
  screenshotProblemOf,
  screenshotProblemText,
  TOO_MANY_SCREENSHOTS,
} from '../words/match-words';
import { intervalRepeat, type Repeat } from './countdown';
import { createStore, type ReadableStore } from './store';
import { readSide } from './read-side';

/** How often an import is read again while its screenshots are being read. */
export const IMPORT_POLL_MS = 1000;

/** A screenshot to send: its bytes, with the name the person knows it by (a browser `File` is one). */
export interface ScreenshotFile extends Blob {
  readonly name?: string;
}

/** One chosen file, from the choice to the server's reading of it. */
export interface ScreenshotUpload {
  key: number;
  name: string;
  /** `refused`: not sent (the words in `problem`); `waiting`: after the ones before it; then `sending`, `sent`. */
  state: 'refused' | 'waiting' | 'sending' | 'sent';
  /** The bytes sent, 0 to 1, once the total is known. */
  fraction?: number;
  /** Why it was not sent or was refused, in the catalogue's words. */
  problem: string | null;
  /** The server's reading of it once sent: status, percent read, its error. */
  screenshot: ImportScreenshot | null;
}

export interface ScreenshotImportState {
  /** The import as the server last answered it; null before one is started. */
  current: MatchImport | null;
  starting: boolean;
  /** Why the import could not be started or read, in the catalogue's words. */
  error: string | null;
  /** Every file chosen, in the order chosen. */
  uploads: ScreenshotUpload[];
  /** What a screen reader announces (a polite live region): "Reading screenshot 2 of 3, 40 %". */
  announcement: string;
  /** The transcript read, to correct before it joins: each line's side flippable, its text editable or removable. */
  draft: MatchLineDraft[];
  confirming: boolean;
  confirmError: string | null;
  /** The lines joined the match's transcript. */
  confirmed: boolean;
}

export type ScreenshotImportSource = Pick<
  MatchesResource,
  'createMatchImport' | 'getMatchImport' | 'uploadMatchScreenshot' | 'addMatchLines'
>;

export interface ScreenshotImportPorts {
  /** Reads the transcript again once the lines joined it (the match store's `reloadLines`). */
  readonly onConfirmed?: () => unknown;
  /** Runs the reading's poll every `ms` (an interval by default; tests use fake timers). */
  readonly repeat?: Repeat;
}

export interface ScreenshotImportStore extends ReadableStore<ScreenshotImportState> {
  /** Starts a new import, forgetting the last one; false when it could not be started (`error`). */
  start(): Promise<boolean>;
  /**
   * Sends the chosen files one a request, in order, each with its own progress; a non-image, a file over 10 MB or
   * one past 10 screenshots is refused before sending. Starts an import first when there is none, or the last one
   * was confirmed or failed. Settles when the files are sent.
   */
  addFiles(files: readonly ScreenshotFile[]): Promise<void>;
  /** Reads the import again now, and polls again while its screenshots are being read. */
  refresh(): Promise<void>;
  flipLine(index: number): void;
  editLine(index: number, text: string): void;
  removeLine(index: number): void;
  /**
   * Adds the corrected lines to the match's transcript (with the import's id), then `onConfirmed`. A 409
   * `import_confirmed` is success too: an earlier confirmation was written, only its answer was lost.
   */
  confirm(): Promise<boolean>;
  /**
   * Stops polling and cancels the uploads still running, and no answer that comes after changes the state: the
   * screen that showed the import closed. A new import (`start`, or files after a confirmed or failed import) is
   * followed again.
   */
  dispose(): void;
}

const fresh = (): ScreenshotImportState => ({
  current: null,
  starting: false,
  error: null,
  uploads: [],
  announcement: '',
  draft: [],
  confirming: false,
  confirmError: null,
  confirmed: false,
});

const percent = (fraction: number | undefined) => Math.round((fraction ?? 0) * 100);

/** What the screen reader hears, from the uploads and the import's reading. */
function announcementOf({ uploads, current, draft }: ScreenshotImportState): string {
  const sendable = uploads.filter((upload) => upload.state !== 'refused');
  const sending = sendable.findIndex((upload) => upload.state === 'sending');
  if (sending >= 0) {
    const fraction = sendable[sending]!.fraction;
    return importAnnouncement({
      step: 'sending',
      number: sending + 1,
      of: sendable.length,
      percent: percent(fraction),
    });
  }
  if (!current) return '';
  const { screenshots } = current;
  switch (current.status) {
    case 'reading': {
      const reading = screenshots.findIndex((shot) => shot.status === 'reading');
      const number = reading >= 0 ? reading : screenshots.findIndex((shot) => shot.status === 'queued');
      return number < 0
        ? ''
        : importAnnouncement({
            step: 'reading',
            number: number + 1,
            of: screenshots.length,
            percent: screenshots[number]!.progress,
          });
    }
    case 'ready':
      return importAnnouncement({
        step: 'ready',
        screenshots: screenshots.filter((shot) => shot.status === 'read').length,
        lines: draft.length,
      });
    case 'failed':
      return importAnnouncement({ step: 'failed' });
    default:
      return '';
  }
}

/**
 * Screenshots of a conversation to a match's transcript (docs/product.md#screenshots-to-a-conversation): an import
 * takes up to 10 screenshots, one a request; the server reads them in the background while this store polls every
 * second, then the stitched transcript is corrected and confirmed. Screenshots are not kept after reading.
 */
export function createScreenshotImportStore(
  matches: ScreenshotImportSource,
  matchId: number,
  { onConfirmed, repeat = intervalRepeat }: ScreenshotImportPorts = {},
): ScreenshotImportStore {
  const store = createStore<ScreenshotImportState>(fresh());
  /** Set by `dispose`: an answer that arrives after it neither changes the state nor starts polling again. */
  let disposed = false;
  /** Every change goes through here, so the announcement always says the state it comes with. */
  const set = (patch: (state: ScreenshotImportState) => Partial<ScreenshotImportState>) => {
    if (disposed) return;
    store.setState((state) => {
      const next = { ...state, ...patch(state) };
      return { ...next, announcement: announcementOf(next) };
    });
  };

  let nextKey = 1;
  let stopPolling: (() => void) | null = null;
  let polling = false;
  /** The uploads run one after another; each file joins the end of this chain. */
  let sendChain: Promise<void> = Promise.resolve();
  /** Cancels the uploads of the current import (on dispose, or when a new import starts). */
  let uploads = new AbortController();
  let starting: Promise<boolean> | null = null;

  const stop = () => {
    stopPolling?.();
    stopPolling = null;
  };

  /** Takes an import's answer: each upload's screenshot, the draft once it is read, polling while it reads. */
  function take(answer: MatchImport) {
    if (disposed) return;
    set((state) => ({
      current: answer,
      error: null,
      uploads: state.uploads.map((upload) => {
        const id = upload.screenshot?.id;
        return id === undefined
          ? upload
          : { ...upload, screenshot: answer.screenshots.find((shot) => shot.id === id) ?? upload.screenshot };
      }),
      draft: answer.status === 'ready' && state.current?.status !== 'ready' ? [...answer.lines] : state.draft,
    }));
    if (answer.status === 'reading') stopPolling ??= repeat(IMPORT_POLL_MS, () => void poll());
    else stop();
  }

  async function poll() {
    const current = store.getState().current;
    if (polling || !current) return;
    polling = true;
    try {
      const answer = await matches.getMatchImport(matchId, current.id);
      if (store.getState().current?.id === answer.id) take(answer);
    } catch (error) {
      stop();
      set(() => ({ error: wordsFor(error, 'match') }));
    } finally {
      polling = false;
    }
  }

  async function begin(): Promise<boolean> {
    disposed = false;
    stop();
    uploads.abort();
    uploads = new AbortController();
    sendChain = Promise.resolve();
    store.setState({ ...fresh(), starting: true });
    try {
      take(await matches.createMatchImport(matchId));
      // Disposed meanwhile: the import is not followed, and no file is sent to it.
      return !disposed;
    } catch (error) {
      set(() => ({ error: wordsFor(error, 'match') }));
      return false;
    } finally {
      set(() => ({ starting: false }));
    }
  }

  function start() {
    starting ??= begin().finally(() => {
      starting = null;
    });
    return starting;
  }

  const change = (key: number, patch: Partial<ScreenshotUpload>) =>
    set(({ uploads: shown }) => ({
      uploads: shown.map((upload) => (upload.key === key ? { ...upload, ...patch } : upload)),
    }));

  async function send(key: number, file: ScreenshotFile, importId: number, signal: AbortSignal) {
    if (signal.aborted) return;
    change(key, { state: 'sending' });
    const onUploadProgress = ({ fraction }: UploadProgress) => change(key, { fraction });
    try {
      const answer = await matches.uploadMatchScreenshot(matchId, importId, file, {
        onUploadProgress,
        signal,
      });
      const claimed = new Set(store.getState().uploads.map((upload) => upload.screenshot?.id));
      const screenshot = [...answer.screenshots].reverse().find((shot) => !claimed.has(shot.id)) ?? null;
      change(key, { state: 'sent', fraction: 1, screenshot });
      take(answer);
    } catch (error) {
      if (!signal.aborted) change(key, { state: 'refused', problem: wordsFor(error, 'match') });
    }
  }

  async function addFiles(files: readonly ScreenshotFile[]) {
    const { current } = store.getState();
    // A confirmed import is closed, and a failed one kept no screenshot: new files start a new import.
    if (!current || current.status === 'confirmed' || current.status === 'failed') {
      if (!(await start())) return;
    }
    const importId = store.getState().current!.id;
    const signal = uploads.signal;
    let room =
      MATCH_LIMITS.screenshotsPerImport -
      store.getState().uploads.filter((upload) => upload.state !== 'refused').length;
    const chosen = files.map((file): ScreenshotUpload & { file: ScreenshotFile } => {
      const problemKind = screenshotProblemOf(file);
      const problem = problemKind
        ? screenshotProblemText[problemKind]
        : room > 0
          ? null
          : TOO_MANY_SCREENSHOTS;
      if (!problem) room -= 1;
      const state = problem ? 'refused' : 'waiting';
      return { key: nextKey++, name: file.name ?? '', state, problem, screenshot: null, file };
    });
    set(({ uploads: shown }) => ({
      uploads: [...shown, ...chosen.map(({ file: _file, ...upload }) => upload)],
    }));
    for (const { key, file, state } of chosen) {
      if (state === 'waiting') sendChain = sendChain.then(() => send(key, file, importId, signal));
    }
    await sendChain;
  }

  const editDraft = (patch: (draft: MatchLineDraft[]) => MatchLineDraft[]) =>
    set(({ draft }) => ({ draft: patch(draft), confirmError: null }));
  const other = (side: LineSide): LineSide => (side === 'me' ? 'them' : 'me');
  /** The import's lines joined the transcript already (an earlier confirmation whose answer was lost). */
  const isConfirmedBefore = (error: unknown) =>
    isApiError(error) && error.status === 409 && error.code === IMPORT_CONFIRMED;

  async function confirm() {
    const { current, draft, confirming, confirmed } = store.getState();
    if (!current || confirming || confirmed || current.status !== 'ready') return false;
    const problem =
      draft.length === 0 ? NO_LINES_TO_ADD : draft.map((line) => lineProblem(line.text)).find(Boolean);
    if (problem) {
      set(() => ({ confirmError: problem }));
      return false;
    }
    set(() => ({ confirming: true, confirmError: null }));
    try {
      await matches
        .addMatchLines(matchId, { lines: draft, import_id: current.id })
        .catch((error: unknown) => {
          if (!isConfirmedBefore(error)) throw error;
        });
      set(({ current: read }) => ({ confirmed: true, current: read && { ...read, status: 'confirmed' } }));
      await onConfirmed?.();
      return true;
    } catch (error) {
      set(() => ({ confirmError: wordsFor(error, 'match') }));
      return false;
    } finally {
      set(() => ({ confirming: false }));
    }
  }

  return {
    ...readSide(store),
    start,
    addFiles,
    refresh: poll,
    flipLine: (index) =>
      editDraft((draft) =>
        draft.map((line, at) => (at === index ? { ...line, side: other(line.side) } : line)),
      ),
    editLine: (index, text) =>
      editDraft((draft) => draft.map((line, at) => (at === index ? { ...line, text } : line))),
    removeLine: (index) => editDraft((draft) => draft.filter((_line, at) => at !== index)),
    confirm,
    dispose: () => {
      disposed = true;
      stop();
      uploads.abort();
    },
  };
}
