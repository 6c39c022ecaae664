import type {
  ChatReply,
  ImageVariant,
  MatchChatReply,
  MatchReplies,
  MemoryUsed,
  Suggestion,
} from '@wingmate/api-contract';
import type { Clock } from '@wingmate/runtime';
import { aiProblem, isAiError } from '../../adapters/ai/errors';
import type {
  AiModel,
  ChatAnswer,
  ChatRequest,
  ModelInfo,
  ReplyChunk,
  ReplyHelper,
  ReplyMode,
  SuggestedMessage,
} from '../../adapters/ai/ports';
import type { UploadStorage } from '../../adapters/storage/ports';
import type { AppDatabase } from '../../db/database';
import { newestLineOfTheirs } from '../../adapters/ai/offline/match-coaching';
import { chatMessages } from '../../db/schema';
import { Problem } from '../../problem';
import {
  deleteStoredKeys,
  putImage,
  storedKeysOf,
  type ProcessedImage,
  type StoredImage,
} from '../images/image-pipeline';
import {
  coachingTurns,
  matchChatMessageJson,
  matchContextOf,
  memoryUsed,
  replyContextOf,
} from '../matches/coaching-context';
import { touchMatch, type MatchRow } from '../matches/owned-match';
import type { MessageSender, Metering, SpentMessage } from '../metering/metering';
import { ownerColumns, type Owner } from '../owner/owner';
import { userProfileOf } from '../profile/user-profile';
import { chatStyleOf } from '../style/chat-style';
import type { StyleProfile } from '../style/style-profile';
import { personalStyleOf } from '../style/styles';
import { offeredSuggestions, storeOfferedSuggestions } from '../suggestions/offered-suggestions';
import { insertExchange, type ExchangeMessage } from './exchange-insert';
import { tonesToOffer } from '../suggestions/tones-to-offer';
import { imageVariantsOf, type ChatMessageRow } from './history';
import { promptMaterialAlong, type PromptMaterial } from './prompt-material';
import {
  claimReplacedExchange,
  releaseReplacedExchange,
  removeReplacedExchange,
  replacedExchange,
  type ClaimedExchange,
  type ReplacedExchange,
} from './replaced-exchange';

export interface ChatDependencies {
  readonly db: AppDatabase;
  readonly ai: AiModel;
  readonly metering: Metering;
  readonly storage: UploadStorage;
  readonly clock: Clock;
}

export interface ChatMessageInput {
  readonly owner: Owner;
  /** The caller's address: visitors' free replies are also counted per IP (docs/decisions.md#memberships-appsapi). */
  readonly ip: string;
  readonly body: string;
  /** Already checked and re-encoded by the image pipeline; stored only once the reply succeeds. */
  readonly image?: ProcessedImage;
  /** Which field carries the text, for the 400 on a blank message. */
  readonly bodyField?: string;
  /** The reply helper's mode and tone (docs/decisions.md#calls), put in the prompt. */
  readonly helper?: ReplyHelper;
  /** Regenerate: the id of the caller's newest reply, replaced with the message it answered by this exchange. */
  readonly replaces?: number;
  /**
   * Runs in the transaction that stores the exchange, with the stored reply: what it writes commits with the
   * exchange or not at all (a text's idempotency key, docs/decisions.md#a-wingmate-by-text-message).
   */
  readonly onStored?: (tx: AppDatabase, reply: ChatMessageRow) => Promise<void>;
  /** Runs just before the message is spent: a limit that throws 429 (the hourly AI limit of a match's chat). */
  readonly beforeSpend?: () => Promise<void>;
}

/** A send in a match's coaching chat: the caller's match, found by `ownedMatch`. */
export interface MatchMessageInput extends Pick<ChatMessageInput, 'owner' | 'ip' | 'body' | 'beforeSpend'> {
  readonly match: MatchRow;
}

/** "What do I answer?" about the caller's match: one reply in each tone. */
export interface MatchRepliesInput extends Pick<ChatMessageInput, 'owner' | 'ip' | 'beforeSpend'> {
  readonly match: MatchRow;
}

/** "What do I answer?" offers this many replies, each in a different tone. */
const MATCH_REPLY_COUNT = 3;

/**
 * What the reply helper's modes offer (docs/product.md#what-works-for-you): openers as openers, answers and asking
 * out as replies, in this many tones of the person's order when they chose none.
 */
const HELPER_OFFERS: Record<ReplyMode, { readonly kind: 'opener' | 'reply'; readonly count: number }> = {
  opener: { kind: 'opener', count: 3 },
  reply: { kind: 'reply', count: 2 },
  ask_for_date: { kind: 'reply', count: 2 },
};

interface PreparedSend {
  readonly request: ChatRequest;
  readonly sentAt: Date;
  /** The person's style profile, which scores the suggested messages; absent until they give messages. */
  readonly styleProfile?: StyleProfile;
  readonly replaced?: ReplacedExchange;
  /** In a match's coaching chat: the match, and what the reply reads of it. */
  readonly match?: { readonly id: number; readonly used: MemoryUsed };
}

/** A stored exchange: the person's message and the reply, with the model that wrote it and what it offers. */
interface StoredExchange {
  readonly rows: readonly [ChatMessageRow, ChatMessageRow];
  readonly model: ModelInfo;
  readonly suggestions: readonly Suggestion[];
  /** What the spend left the sender (null while a subscription runs): storing the exchange changes none of it. */
  readonly messagesLeft: number | null;
}

/** A message spent for a reply, with the exchange it replaces when it regenerates one. */
interface Spent extends SpentMessage {
  readonly claim?: ClaimedExchange;
}

export interface ChatExchange extends ChatReply {
  readonly image: string | null;
  readonly image_variants: ImageVariant[];
}

/**
 * A reply being streamed: its pieces, then `finish()` stores the exchange (the whole reply, or the part that was
 * sent when the client left or the AI broke off), or `abandon()` refunds it (nothing reached the client).
 */
export interface ChatStreamSession {
  readonly chunks: AsyncIterator<ReplyChunk>;
  /** The first piece, already received: a failure before it answers a JSON error, not a broken stream. */
  readonly first: IteratorResult<ReplyChunk>;
  /**
   * Stores the exchange with the messages the whole reply offers (a partial reply offers none); `model` defaults to
   * the configured model (a partial reply). The charge stays even when storing fails, since words may have left;
   * `abandon()` after a failed `finish()` gives it back.
   */
  finish(body: string, model?: ModelInfo, offered?: readonly SuggestedMessage[]): Promise<ChatExchange>;
  /** Gives the message back: the reply failed, or the client left, before its first piece was sent. */
  abandon(): Promise<void>;
}

/**
 * Chat with the companion. Every reply is metered: one message is spent before the model is asked and given
 * back when the model fails before any word was sent, so such a failure costs nothing and 402 stores nothing.
 * The user's message and the AI's reply are stored together, in one transaction, only once the reply exists. A
 * regenerate claims the exchange it replaces with the spend, so only one regenerate of a reply runs.
 */
export class ChatService {
  constructor(private readonly deps: ChatDependencies) {}

  /** Nothing reaches the client before the exchange is stored, so a failure until then gives the message back. */
  async send(input: ChatMessageInput): Promise<ChatExchange> {
    const { prepared, spent } = await this.spendAndPrepare(input);
    const { rows, model, suggestions, messagesLeft } = await this.exchange(input, prepared, spent);
    return this.exchangeOf(rows, model, suggestions, messagesLeft);
  }

  /**
   * A message in a match's coaching chat, metered as any chat send (docs/product.md#how-a-matchs-memory-works): the
   * reply reads the person's profile answers and this match only, and stores what it read as `used`.
   */
  async sendInMatch(input: MatchMessageInput): Promise<MatchChatReply> {
    const prepared = await this.prepareInMatch(input);
    const spent = await this.spend(input, prepared);
    const { rows, model, suggestions, messagesLeft } = await this.exchange(input, prepared, spent);
    const [sent, reply] = rows;
    return {
      id: sent.id,
      body: sent.body,
      reply: matchChatMessageJson(reply),
      remaining_messages: messagesLeft,
      model: { name: model.name, offline: model.offline },
      suggestions: [...suggestions],
    };
  }

  /**
   * "What do I answer?": one reply in each tone to the match's newest line of theirs, for one message, kept in the
   * match's coaching chat as one reply (docs/product.md#how-a-matchs-memory-works). 400 on `lines` while the
   * transcript has no line of theirs.
   */
  async suggestInMatch(input: MatchRepliesInput): Promise<MatchReplies> {
    const { owner, match } = input;
    const [profile, context, history, style] = await Promise.all([
      userProfileOf(this.deps.db, owner),
      replyContextOf(this.deps.db, match),
      coachingTurns(this.deps.db, match.id),
      personalStyleOf(this.deps.db, owner),
    ]);
    const line = context && newestLineOfTheirs(context);
    if (!context || line === undefined) {
      throw Problem.field(
        'lines',
        'Add a message of theirs to the conversation first, so there is one to answer.',
      );
    }
    const seed = `${ownerKey(owner)}:match:${match.id}:${history.length}`;
    // The first three of the person's tone order (docs/product.md#what-works-for-you).
    const tones = await tonesToOffer(this.deps.db, owner, 'reply', { seed, count: MATCH_REPLY_COUNT });
    const chatStyle = chatStyleOf(style);
    const spent = await this.spend(input, {});
    let replies;
    try {
      replies = await this.deps.ai.suggestReplies({
        profile,
        match: context,
        history,
        tones,
        seed,
        ...(chatStyle && { style: { words: chatStyle.words, samples: chatStyle.samples } }),
      });
    } catch (error) {
      await this.giveBack(spent);
      throw isAiError(error) ? aiProblem(error) : error;
    }
    // Each text in the person's style, scored against it (docs/product.md#sounds-like-me).
    const suggestions = offeredSuggestions(
      replies.replies.map((reply) => ({
        kind: 'reply' as const,
        tone: reply.tone,
        text: chatStyle ? chatStyle.adapt(reply.text, `${seed}:${reply.tone}`) : reply.text,
      })),
      style?.profile,
    );
    const used = memoryUsed(profile, context, history);
    const body = [
      `What do I answer? ${suggestions.length} replies to "${line}":`,
      ...suggestions.map((suggestion) => `• ${suggestion.tone}: ${suggestion.text}`),
    ].join('\n');
    const createdAt = new Date(this.deps.clock.now());
    try {
      await this.deps.db.transaction(async (tx) => {
        await tx.insert(chatMessages).values({
          ...ownerColumns(owner),
          role: 'ai',
          body,
          model: replies.model.name,
          matchId: match.id,
          used: { ...used },
          createdAt,
        });
        await storeOfferedSuggestions(tx, owner, suggestions, { matchId: match.id, createdAt });
        await touchMatch(tx, match.id, createdAt);
      });
    } catch (error) {
      await this.giveBack(spent);
      throw error;
    }
    return {
      suggestions,
      used,
      remaining_messages: spent.messagesLeft,
      model: { name: replies.model.name, offline: replies.model.offline },
      created_at: createdAt.toISOString(),
    };
  }

  /** Asks the model and stores; a failure before the exchange is stored gives the spent message back. */
  private async exchange(
    input: Pick<ChatMessageInput, 'owner' | 'body' | 'image' | 'onStored'>,
    prepared: PreparedSend,
    spent: Spent,
  ): Promise<StoredExchange> {
    let answer: ChatAnswer;
    try {
      answer = await this.deps.ai.reply(prepared.request);
    } catch (error) {
      await this.giveBack(spent);
      throw isAiError(error) ? aiProblem(error) : error;
    }
    const suggestions = offeredSuggestions(answer.suggestions, prepared.styleProfile);
    const rows = await this.store(input, prepared, spent, answer.body, answer.model, suggestions).catch(
      async (error: unknown) => {
        await this.giveBack(spent);
        throw error;
      },
    );
    return { rows, model: answer.model, suggestions, messagesLeft: spent.messagesLeft };
  }

  /** Starts a streamed reply; everything that can fail before the first piece throws as for `send`. */
  async stream(input: ChatMessageInput): Promise<ChatStreamSession> {
    const { prepared, spent } = await this.spendAndPrepare(input);
    /** Stored, or given back: the charge is decided. */
    let settled = false;
    const abandon = async () => {
      if (settled) return;
      settled = true;
      await this.giveBack(spent);
    };
    let chunks: AsyncIterator<ReplyChunk>;
    let first: IteratorResult<ReplyChunk>;
    try {
      chunks = this.deps.ai.streamReply(prepared.request)[Symbol.asyncIterator]();
      first = await chunks.next();
    } catch (error) {
      await abandon();
      throw isAiError(error) ? aiProblem(error) : error;
    }
    return {
      chunks,
      first,
      finish: async (body, model = this.deps.ai.info, offered = []) => {
        const suggestions = offeredSuggestions(offered, prepared.styleProfile);
        const stored = await this.store(input, prepared, spent, body, model, suggestions).catch(
          async (error: unknown) => {
            // Nothing replaced it: the old exchange can be regenerated again.
            if (spent.claim) await releaseReplacedExchange(this.deps.db, spent.claim);
            throw error;
          },
        );
        settled = true;
        return this.exchangeOf(stored, model, suggestions, spent.messagesLeft);
      },
      abandon,
    };
  }

  /**
   * Spends the message and reads what the reply is written from in the same statement
   * (docs/performance.md#the-prompt-read-with-the-spend), then prepares the request; a failure after the spend
   * gives the message back. A blank message, or a regenerate of no exchange of the caller's, spends nothing.
   */
  private async spendAndPrepare(input: ChatMessageInput): Promise<{ prepared: PreparedSend; spent: Spent }> {
    const body = input.body.trim();
    if (!body) throw Problem.field(input.bodyField ?? 'body', 'This field may not be blank.');
    const sentAt = new Date();
    const replaced =
      input.replaces === undefined
        ? undefined
        : await replacedExchange(this.deps.db, input.owner, input.replaces);
    const along = promptMaterialAlong(input.owner, replaced?.messageId);
    const { read: material, ...spent } = await this.spendBy(input, replaced, (sender, alongside) =>
      this.deps.metering.spendMessageReading(sender, along, alongside),
    );
    try {
      const prepared = await this.prepare(input, { body, sentAt, replaced, material });
      return { prepared, spent };
    } catch (error) {
      await this.giveBack(spent);
      throw error;
    }
  }

  private async prepare(
    input: ChatMessageInput,
    {
      body,
      sentAt,
      replaced,
      material: { profile, history, style },
    }: { body: string; sentAt: Date; replaced?: ReplacedExchange; material: PromptMaterial },
  ): Promise<PreparedSend> {
    const image = input.image && {
      bytes: input.image.bytes,
      width: input.image.width,
      height: input.image.height,
    };
    const seed = `${ownerKey(input.owner)}:${history.length}`;
    const helper = await this.helperWithTones(input.owner, input.helper, seed);
    const chatStyle = chatStyleOf(style);
    return {
      sentAt,
      replaced,
      styleProfile: style?.profile,
      request: {
        persona: 'companion',
        profile,
        history,
        message: { body, image },
        seed,
        ...(helper && { helper }),
        ...(chatStyle && { style: chatStyle }),
      },
    };
  }

  /**
   * A mode chosen without a tone: the suggested messages come in the first tones of the person's order
   * (docs/product.md#what-works-for-you), drawn from their outcomes and everyone's.
   */
  private async helperWithTones(
    owner: Owner,
    helper: ReplyHelper | undefined,
    seed: string,
  ): Promise<ReplyHelper | undefined> {
    if (!helper?.mode || helper.tone) return helper;
    const { kind, count } = HELPER_OFFERS[helper.mode];
    return { ...helper, tones: await tonesToOffer(this.deps.db, owner, kind, { seed, count }) };
  }

  /** The coach reads this match only: its fields, memory, newest lines and its own coaching chat. */
  private async prepareInMatch(input: MatchMessageInput): Promise<PreparedSend> {
    const body = input.body.trim();
    if (!body) throw Problem.field('body', 'This field may not be blank.');
    const sentAt = new Date();
    const { db } = this.deps;
    const [profile, match, history, style] = await Promise.all([
      userProfileOf(db, input.owner),
      matchContextOf(db, input.match),
      coachingTurns(db, input.match.id),
      personalStyleOf(db, input.owner),
    ]);
    const chatStyle = chatStyleOf(style);
    return {
      sentAt,
      match: { id: input.match.id, used: memoryUsed(profile, match, history) },
      styleProfile: style?.profile,
      request: {
        persona: 'coach',
        profile,
        history,
        match,
        message: { body },
        seed: `${ownerKey(input.owner)}:match:${input.match.id}:${history.length}`,
        ...(chatStyle && { style: chatStyle }),
      },
    };
  }

  /** Spends the message, and claims the exchange a regenerate replaces in the same transaction. */
  private spend(
    input: Pick<ChatMessageInput, 'owner' | 'ip' | 'beforeSpend'>,
    { replaced }: Pick<PreparedSend, 'replaced'>,
  ): Promise<Spent> {
    return this.spendBy(input, replaced, (sender, alongside) =>
      this.deps.metering.spendMessage(sender, alongside),
    );
  }

  /**
   * Pays for a send through `pay` (a spend, or a spend with a read along), after the send's own check, with the claim
   * of the exchange a regenerate replaces in the spend's transaction.
   */
  private async spendBy<S extends SpentMessage>(
    input: Pick<ChatMessageInput, 'owner' | 'ip' | 'beforeSpend'>,
    replaced: ReplacedExchange | undefined,
    pay: (sender: MessageSender, alongside?: (tx: AppDatabase) => Promise<void>) => Promise<S>,
  ): Promise<S & { readonly claim?: ClaimedExchange }> {
    await input.beforeSpend?.();
    let claim: ClaimedExchange | undefined;
    const claimReplaced =
      replaced &&
      (async (tx: AppDatabase) => {
        claim = await claimReplacedExchange(tx, input.owner, replaced, new Date(this.deps.clock.now()));
      });
    const spent = await pay(senderOf(input), claimReplaced);
    return { ...spent, claim };
  }

  /** The reply failed before any word of it was sent: the message, and the replaced exchange, are given back. */
  private async giveBack({ debit, claim }: Spent): Promise<void> {
    await this.deps.metering.refundMessage(debit);
    if (claim) await releaseReplacedExchange(this.deps.db, claim);
  }

  /**
   * Stores the photo, then both messages in one transaction (removing the exchange a regenerate replaces). A
   * failure deletes the stored photo; the caller decides about the charge.
   */
  private async store(
    input: Pick<ChatMessageInput, 'owner' | 'body' | 'image' | 'onStored'>,
    { sentAt, match }: PreparedSend,
    { claim }: Spent,
    replyBody: string,
    model: ModelInfo,
    suggestions: readonly Suggestion[] = [],
  ): Promise<readonly [ChatMessageRow, ChatMessageRow]> {
    const { db, storage } = this.deps;
    const owner = { ...ownerColumns(input.owner), matchId: match?.id ?? null };
    let photo: StoredImage | undefined;
    try {
      if (input.image) photo = await putImage(storage, input.image, 'chat');
      const repliedAt = new Date();
      const rows: [ExchangeMessage, ExchangeMessage] = [
        {
          ...owner,
          role: 'user' as const,
          body: input.body.trim(),
          ...photoColumns(photo),
          createdAt: sentAt,
        },
        {
          ...owner,
          role: 'ai' as const,
          body: replyBody,
          model: model.name,
          used: match ? { ...match.used } : null,
          createdAt: repliedAt,
        },
      ];
      const offered = {
        owner: input.owner,
        suggestions,
        at: { matchId: match?.id ?? null, createdAt: repliedAt },
      };
      // Both messages and the suggestions they offer in one statement, which alone needs no transaction: every
      // statement of a send counts (docs/performance.md#after-the-spend-in-one-statement).
      if (!claim && !match && !input.onStored) return await insertExchange(db, rows, offered);
      return await db.transaction(async (tx) => {
        if (claim) await removeReplacedExchange(tx, input.owner, claim);
        const [user, ai] = await insertExchange(tx, rows, offered);
        if (match) await touchMatch(tx, match.id, sentAt);
        await input.onStored?.(tx, ai);
        return [user, ai] as const;
      });
    } catch (error) {
      if (photo)
        await deleteStoredKeys(storage, storedKeysOf(photo.key, photo.widths)).catch(() => undefined);
      throw error;
    }
  }

  /** The stored exchange as `chat/` answers it, with the messages left after it. */
  private exchangeOf(
    [sent, reply]: readonly [ChatMessageRow, ChatMessageRow],
    model: ModelInfo,
    suggestions: readonly Suggestion[],
    messagesLeft: number | null,
  ): ChatExchange {
    return {
      id: sent.id,
      body: sent.body,
      image: sent.imageUrl,
      image_variants: imageVariantsOf(sent),
      reply: { id: reply.id, body: reply.body, created_at: reply.createdAt.toISOString() },
      remaining_messages: messagesLeft,
      model: { name: model.name, offline: model.offline },
      suggestions: [...suggestions],
    };
  }
}

/** The photo's columns on the user's message: the original, and every width with the original last. */
function photoColumns(photo: StoredImage | undefined) {
  if (!photo) return { imageKey: null, imageUrl: null, imageWidths: [] };
  const original = { key: photo.key, url: photo.url, width: photo.width, height: photo.height };
  return { imageKey: photo.key, imageUrl: photo.url, imageWidths: [...photo.widths, original] };
}

function ownerKey(owner: Owner): string {
  return owner.kind === 'account' ? `user:${owner.userId}` : `uid:${owner.uid}`;
}

/** Who pays for a send: the account, or the visitor's uid; from the address it came from. */
function senderOf({ owner, ip }: Pick<ChatMessageInput, 'owner' | 'ip'>): MessageSender {
  return owner.kind === 'account' ? { userId: owner.userId, ip } : { uid: owner.uid, ip };
}
