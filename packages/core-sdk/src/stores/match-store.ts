import type {
  LineSide,
  MatchChatMessage,
  MatchDetail,
  MatchLine,
  MatchReplies,
  MatchStatus,
  MemoryFact,
  Suggestion,
  UpdateMatchBody,
} from '@wingmate/api-contract';
import { timerSleep, type Sleep } from '@wingmate/runtime';
import { photoProblemOf, photoProblemText } from '../domain/chat-photo';
import { MATCH_LIMITS } from '../domain/match-limits';
import { isApiError } from '../errors/api-error';
import { newIdempotencyKey } from '../http/idempotency-key';
import type { UploadProgress } from '../http/pipeline';
import type { MatchesResource } from '../resources/matches';
import { wordsFor } from '../words/error-words';
import {
  factProblem,
  lineProblem,
  matchFieldProblems,
  TOO_MANY_MATCH_PHOTOS,
  type MatchFieldProblems,
} from '../words/match-words';
import { createStore, type ReadableStore } from './store';
import { readSide } from './read-side';

export interface MatchState {
  /** `pending` until the match is first read; `failure` with `loadError` (a 404 for a match not the person's). */
  status: 'pending' | 'success' | 'failure';
  loadError: string | null;
  /** The match with its memory: the summary the server keeps and the facts (pinned ones never rewritten). */
  match: MatchDetail | null;

  /** Fields or status being saved; the fields out of the limits, or refused, in `fieldProblems`. */
  saving: boolean;
  saveError: string | null;
  fieldProblems: MatchFieldProblems;

  /** A profile photo on its way: its progress, 0 to 1 once the total is known. */
  photoUpload: { fraction?: number } | null;
  photoError: string | null;

  /** The transcript of the real conversation, oldest line first. */
  lines: MatchLine[];
  /** Why the last change of the transcript failed, in the catalogue's words (or a line out of its limits). */
  lineError: string | null;
  /** Why the last change of the memory failed, in the catalogue's words (or a fact out of its limits). */
  memoryError: string | null;

  /** The coaching chat, oldest message first, pages loaded so far. */
  chat: MatchChatMessage[];
  /**
   * The replies each coaching answer given on this screen offers to send, by the answer's id, to copy and mark
   * (docs/product.md#what-works-for-you); answers read from the chat's pages carry none.
   */
  offered: Readonly<Record<number, readonly Suggestion[]>>;
  /** Older messages wait on the server. */
  hasOlderChat: boolean;
  chatLoading: boolean;
  /** Why the older page was not read, in the catalogue's words. */
  olderChatError: string | null;
  /** A message is being answered. */
  sending: boolean;
  /** The message that was not answered, kept for Retry (same key) or to edit; null once one is. */
  unsent: string | null;
  sendError: string | null;

  /** "What do I answer?": the three replies asked last. */
  replies: MatchReplies | null;
  suggesting: boolean;
  repliesError: string | null;

  /** The last coaching message or "What do I answer?" met 402: the screen shows the paywall while this is set. */
  paywall: boolean;
  /** Messages left after the last answer, as the server counts them; null with a subscription or before one. */
  remainingMessages: number | null;
}

export type MatchSource = Omit<
  MatchesResource,
  | 'listMatches'
  | 'createMatch'
  | 'deleteMatch'
  | 'createMatchImport'
  | 'getMatchImport'
  | 'uploadMatchScreenshot'
>;

export interface MatchStorePorts {
  /** Makes the `Idempotency-Key` of a new intent (tests pass a counter). */
  readonly newKey?: () => string;
  /** Waits between the reads of the memory after a coaching reply (timers by default; tests use fake timers). */
  readonly sleep?: Sleep;
}

export interface MatchStore extends ReadableStore<MatchState> {
  /** The match and its memory, its transcript and the newest page of its coaching chat. */
  load(signal?: AbortSignal): Promise<void>;
  /** Saves the fields sent (checked against the limits first); false when refused. */
  update(fields: UpdateMatchBody): Promise<boolean>;
  setStatus(status: MatchStatus): Promise<boolean>;
  /** Adds a profile photo (at most 6; an image of at most 10 MB, refused before sending otherwise). */
  addPhoto(file: Blob): Promise<boolean>;
  removePhoto(photoId: number): Promise<boolean>;

  /** Reads the transcript again (after a screenshot import is confirmed, say). */
  reloadLines(): Promise<void>;
  /** Appends a typed line. */
  addLine(side: LineSide, text: string): Promise<boolean>;
  /** Makes a line the other side's. */
  flipLine(lineId: number): Promise<boolean>;
  editLine(lineId: number, text: string): Promise<boolean>;
  removeLine(lineId: number): Promise<boolean>;

  addFact(text: string, pinned?: boolean): Promise<boolean>;
  /** Edits a fact's text: it becomes the person's own. */
  editFact(factId: number, text: string): Promise<boolean>;
  /** Pins a fact, so the summariser never rewrites it, or unpins it. */
  pinFact(factId: number, pinned: boolean): Promise<boolean>;
  removeFact(factId: number): Promise<boolean>;

  /** The page of older coaching messages, above the ones shown. */
  loadOlderChat(): Promise<void>;
  /**
   * Asks the wingmate (one message). Sending the same text again after a failure is its retry, under the same
   * `Idempotency-Key`, so it is answered and charged once. The memory is read again after the reply, until the
   * server brought it up to date.
   */
  send(body: string): Promise<boolean>;
  /** Sends the unsent message again under its key. */
  retry(): Promise<boolean>;
  /**
   * "What do I answer?": three replies for one message; asking again after a failure reuses its key. The coaching
   * chat then shows the message the server kept of them.
   */
  suggestReplies(): Promise<MatchReplies | null>;
  /** Stops reading the memory after a reply: the screen that showed the match closed. */
  dispose(): void;
}

/** A failed intent, kept so the person's retry is the same request to the server. */
interface OpenIntent {
  what: string;
  key: string;
}

/**
 * When the memory is read again after a coaching reply, in ms after it: the server brings the memory up to date
 * after it answered (docs/product.md#how-a-matchs-memory-works), so the first read waits a little.
 */
const MEMORY_READS_AFTER_REPLY_MS = [1000, 2000, 4000];

/**
 * Coaching messages shown and read, each once, oldest first. The server pages them newest first by id with offsets,
 * so a page read after new messages were sent repeats some already shown.
 */
const mergeById = (shown: MatchChatMessage[], read: MatchChatMessage[]) =>
  [...new Map([...shown, ...read].map((message) => [message.id, message])).values()].sort(
    (a, b) => a.id - b.id,
  );

/**
 * One match (docs/product.md#matches): its fields and photos, the transcript of the real conversation, the memory
 * (docs/product.md#how-a-matchs-memory-works), the coaching chat and "What do I answer?".
 */
export function createMatchStore(
  matches: MatchSource,
  id: number,
  { newKey = newIdempotencyKey, sleep = timerSleep }: MatchStorePorts = {},
): MatchStore {
  const store = createStore<MatchState>({
    status: 'pending',
    loadError: null,
    match: null,
    saving: false,
    saveError: null,
    fieldProblems: {},
    photoUpload: null,
    photoError: null,
    lines: [],
    lineError: null,
    memoryError: null,
    chat: [],
    hasOlderChat: false,
    chatLoading: false,
    olderChatError: null,
    sending: false,
    unsent: null,
    sendError: null,
    offered: {},
    replies: null,
    suggesting: false,
    repliesError: null,
    paywall: false,
    remainingMessages: null,
  });
  const set = store.setState;
  let chatPage = 0;
  let openSend: OpenIntent | null = null;
  let openReplies: OpenIntent | null = null;
  /** Counts the reads of the memory after a reply started or stopped: a read of an older count stops. */
  let memoryFollow = 0;
  const stopFollowingMemory = () => {
    memoryFollow += 1;
  };

  /** Runs a change, keeping its failure in words under `errorKey`; answers whether it was made. */
  async function change(errorKey: 'lineError' | 'memoryError' | 'photoError', run: () => Promise<void>) {
    set({ [errorKey]: null });
    try {
      await run();
      return true;
    } catch (error) {
      set({ [errorKey]: wordsFor(error, 'match') });
      return false;
    }
  }

  const refused = (errorKey: 'lineError' | 'memoryError' | 'photoError', words: string) => {
    set({ [errorKey]: words });
    return false;
  };

  const setMatch = (patch: (match: MatchDetail) => MatchDetail) =>
    set(({ match }) => ({ match: match ? patch(match) : match }));
  const setFacts = (patch: (facts: MemoryFact[]) => MemoryFact[]) =>
    setMatch((match) => ({ ...match, memory: { ...match.memory, facts: patch(match.memory.facts) } }));
  const setLines = (patch: (lines: MatchLine[]) => MatchLine[]) =>
    set(({ lines }) => ({ lines: patch(lines) }));

  async function load(signal?: AbortSignal) {
    // This load reads the memory itself.
    stopFollowingMemory();
    try {
      const [match, lines, chat] = await Promise.all([
        matches.getMatch(id, { signal }),
        matches.listMatchLines(id, { signal }),
        matches.getMatchChat(id, { page: 1 }, { signal }),
      ]);
      if (signal?.aborted) return;
      chatPage = 1;
      set({
        status: 'success',
        loadError: null,
        match,
        lines: lines.results,
        chat: [...chat.results].reverse(),
        hasOlderChat: chat.next !== null,
      });
    } catch (error) {
      if (!signal?.aborted) set({ status: 'failure', loadError: wordsFor(error, 'match') });
    }
  }

  async function update(fields: UpdateMatchBody) {
    const problems = matchFieldProblems(fields);
    set({ fieldProblems: problems, saveError: null });
    if (Object.keys(problems).length > 0) return false;
    set({ saving: true });
    try {
      const saved = await matches.updateMatch(id, fields);
      setMatch((match) => ({ ...match, ...saved }));
      return true;
    } catch (error) {
      set({ saveError: wordsFor(error, 'match') });
      return false;
    } finally {
      set({ saving: false });
    }
  }

  async function addPhoto(file: Blob) {
    const problem = photoProblemOf(file);
    if (problem) return refused('photoError', photoProblemText[problem]);
    if ((store.getState().match?.photos.length ?? 0) >= MATCH_LIMITS.photosPerMatch)
      return refused('photoError', TOO_MANY_MATCH_PHOTOS);
    set({ photoUpload: {} });
    const onUploadProgress = ({ fraction }: UploadProgress) => set({ photoUpload: { fraction } });
    try {
      return await change('photoError', async () => {
        const saved = await matches.uploadMatchPhoto(id, file, { onUploadProgress });
        setMatch((match) => ({ ...match, ...saved }));
      });
    } finally {
      set({ photoUpload: null });
    }
  }

  const removePhoto = (photoId: number) =>
    change('photoError', async () => {
      await matches.deleteMatchPhoto(id, photoId);
      setMatch((match) => ({ ...match, photos: match.photos.filter((photo) => photo.id !== photoId) }));
    });

  async function reloadLines() {
    await change('lineError', async () => {
      set({ lines: (await matches.listMatchLines(id)).results });
    });
  }

  function addLine(side: LineSide, text: string) {
    const problem = lineProblem(text);
    if (problem) return Promise.resolve(refused('lineError', problem));
    return change('lineError', async () => {
      const added = await matches.addMatchLines(id, { lines: [{ side, text }] });
      setLines((lines) => [...lines, ...added.results]);
    });
  }

  const saveLine = (lineId: number, body: { side?: LineSide; text?: string }) =>
    change('lineError', async () => {
      const saved = await matches.updateMatchLine(id, lineId, body);
      setLines((lines) => lines.map((line) => (line.id === saved.id ? saved : line)));
    });

  function flipLine(lineId: number) {
    const line = store.getState().lines.find((kept) => kept.id === lineId);
    if (!line) return Promise.resolve(false);
    return saveLine(lineId, { side: line.side === 'me' ? 'them' : 'me' });
  }

  function editLine(lineId: number, text: string) {
    const problem = lineProblem(text);
    return problem ? Promise.resolve(refused('lineError', problem)) : saveLine(lineId, { text });
  }

  const removeLine = (lineId: number) =>
    change('lineError', async () => {
      await matches.deleteMatchLine(id, lineId);
      setLines((lines) => lines.filter((line) => line.id !== lineId));
    });

  function addFact(text: string, pinned = false) {
    const problem = factProblem(text);
    if (problem) return Promise.resolve(refused('memoryError', problem));
    return change('memoryError', async () => {
      const fact = await matches.createMatchMemoryFact(id, { text, pinned });
      setFacts((facts) => [...facts, fact]);
    });
  }

  const saveFact = (factId: number, body: { text?: string; pinned?: boolean }) =>
    change('memoryError', async () => {
      const saved = await matches.updateMatchMemoryFact(id, factId, body);
      setFacts((facts) => facts.map((fact) => (fact.id === saved.id ? saved : fact)));
    });

  function editFact(factId: number, text: string) {
    const problem = factProblem(text);
    return problem ? Promise.resolve(refused('memoryError', problem)) : saveFact(factId, { text });
  }

  const removeFact = (factId: number) =>
    change('memoryError', async () => {
      await matches.deleteMatchMemoryFact(id, factId);
      setFacts((facts) => facts.filter((fact) => fact.id !== factId));
    });

  async function loadOlderChat() {
    const { hasOlderChat, chatLoading } = store.getState();
    if (!hasOlderChat || chatLoading) return;
    set({ chatLoading: true, olderChatError: null });
    try {
      const older = await matches.getMatchChat(id, { page: chatPage + 1 });
      chatPage += 1;
      set(({ chat }) => ({ chat: mergeById(chat, older.results), hasOlderChat: older.next !== null }));
    } catch (error) {
      set({ olderChatError: wordsFor(error, 'match') });
    } finally {
      set({ chatLoading: false });
    }
  }

  /** The key of an intent: the open one's when the person asks for the same again, a new one otherwise. */
  const keyFor = (open: OpenIntent | null, what: string): OpenIntent =>
    open?.what === what ? open : { what, key: newKey() };

  const outOfMessages = (error: unknown) => isApiError(error) && error.status === 402;

  /**
   * Reads the match again after a reply until its memory's summary is newer than `since`, at the times of
   * MEMORY_READS_AFTER_REPLY_MS; stops at the first change, on another load, another reply or dispose. The reply
   * stands whatever these reads give.
   */
  async function followMemory(since: string | null) {
    stopFollowingMemory();
    const follow = memoryFollow;
    let waited = 0;
    for (const at of MEMORY_READS_AFTER_REPLY_MS) {
      await sleep(at - waited);
      waited = at;
      if (follow !== memoryFollow) return;
      try {
        const { memory } = await matches.getMatch(id);
        if (follow !== memoryFollow) return;
        if (memory.summary_updated_at !== since) {
          setMatch((match) => ({ ...match, memory }));
          return;
        }
      } catch {
        // A failed read is one of the tries; the memory panel keeps what it had until the next load.
      }
    }
  }

  /**
   * The newest page of the coaching chat again, merged into what is shown; the replies stand if this read fails.
   * Only newer messages were added, so whether older ones wait on the server stays as it was.
   */
  async function mergeNewestChat() {
    try {
      const newest = await matches.getMatchChat(id, { page: 1 });
      set(({ chat }) => ({ chat: mergeById(chat, newest.results) }));
    } catch {
      // The chat shows the message kept of the replies at the next load.
    }
  }

  async function send(body: string) {
    if (store.getState().sending || !body.trim()) return false;
    openSend = keyFor(openSend, body);
    set({ sending: true, sendError: null, paywall: false, unsent: null });
    try {
      const answer = await matches.sendMatchChatMessage(id, { body }, { idempotencyKey: openSend.key });
      openSend = null;
      const mine: MatchChatMessage = {
        id: answer.id,
        role: 'user',
        body: answer.body,
        used: null,
        created_at: answer.reply.created_at,
      };
      set(({ chat, offered }) => ({
        chat: mergeById(chat, [mine, answer.reply]),
        offered: answer.suggestions?.length ? { ...offered, [answer.reply.id]: answer.suggestions } : offered,
        remainingMessages: answer.remaining_messages,
      }));
      void followMemory(store.getState().match?.memory.summary_updated_at ?? null);
      return true;
    } catch (error) {
      set({ unsent: body, sendError: wordsFor(error, 'chat'), paywall: outOfMessages(error) });
      return false;
    } finally {
      set({ sending: false });
    }
  }

  async function suggestReplies() {
    if (store.getState().suggesting) return null;
    openReplies = keyFor(openReplies, 'replies');
    set({ suggesting: true, repliesError: null, paywall: false });
    try {
      const replies = await matches.suggestMatchReplies(id, { idempotencyKey: openReplies.key });
      openReplies = null;
      set({ replies, remainingMessages: replies.remaining_messages });
      // The server keeps the three replies as one message of the wingmate in the coaching chat.
      await mergeNewestChat();
      return replies;
    } catch (error) {
      set({ repliesError: wordsFor(error, 'match'), paywall: outOfMessages(error) });
      return null;
    } finally {
      set({ suggesting: false });
    }
  }

  return {
    ...readSide(store),
    load,
    update,
    setStatus: (status) => update({ status }),
    addPhoto,
    removePhoto,
    reloadLines,
    addLine,
    flipLine,
    editLine,
    removeLine,
    addFact,
    editFact,
    pinFact: (factId, pinned) => saveFact(factId, { pinned }),
    removeFact,
    loadOlderChat,
    send,
    retry: async () => {
      const { unsent } = store.getState();
      return unsent === null ? false : send(unsent);
    },
    suggestReplies,
    dispose: stopFollowingMemory,
  };
}
