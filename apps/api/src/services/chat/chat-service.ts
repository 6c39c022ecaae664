import type { ChatReply, ImageVariant } from '@wingmate/api-contract';
import { and, inArray } from 'drizzle-orm';
import type { Clock } from '@wingmate/core-sdk';
import { aiProblem, isAiError } from '../../adapters/ai/errors';
import type { AiModel, ChatRequest, ModelInfo, ReplyChunk, ReplyHelper } from '../../adapters/ai/ports';
import type { UploadStorage } from '../../adapters/storage/ports';
import type { MeteringConfig } from '../../config';
import type { AppDatabase } from '../../db/database';
import { chatMessages } from '../../db/schema';
import { Problem } from '../../problem';
import {
  deleteStoredKeys,
  putImage,
  storedKeysOf,
  type ProcessedImage,
  type StoredImage,
} from '../images/image-pipeline';
import type { MessageDebit, Metering } from '../metering/metering';
import { ownedBy, type Owner } from '../owner/owner';
import { userProfileOf } from '../profile/user-profile';
import { imageVariantsOf, newestMessages, recentTurns, type ChatMessageRow } from './history';
import { remainingMessages } from './remaining-messages';

export interface ChatDependencies {
  readonly db: AppDatabase;
  readonly ai: AiModel;
  readonly metering: Metering;
  readonly storage: UploadStorage;
  readonly limits: MeteringConfig;
  readonly clock: Clock;
}

export interface ChatMessageInput {
  readonly owner: Owner;
  /** The caller's address: visitors' free replies are also counted per IP (decisions.md, "Chat metering"). */
  readonly ip: string;
  readonly body: string;
  /** Already checked and re-encoded by the image pipeline; stored only once the reply succeeds. */
  readonly image?: ProcessedImage;
  /** Which field carries the text, for the 400 on a blank message. */
  readonly bodyField?: string;
  /** The reply helper's mode and tone (issue 20), put in the prompt. */
  readonly helper?: ReplyHelper;
  /** Regenerate: the id of the caller's newest reply, replaced with the message it answered by this exchange. */
  readonly replaces?: number;
}

/** The exchange a regenerate replaces: the person's message and the reply to it. */
interface ReplacedExchange {
  readonly messageId: number;
  readonly replyId: number;
}

interface PreparedSend {
  readonly request: ChatRequest;
  readonly sentAt: Date;
  readonly replaced?: ReplacedExchange;
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
  /** Stores the exchange and keeps the charge; `model` defaults to the configured model (a partial reply). */
  finish(body: string, model?: ModelInfo): Promise<ChatExchange>;
  /** Gives the message back: the reply failed, or the client left, before its first piece was sent. */
  abandon(): Promise<void>;
}

/**
 * Chat with the companion. Every reply is metered: one message is spent before the model is asked and given
 * back when the model fails, so a failure costs nothing and 402 stores nothing. The user's message and the AI's
 * reply are stored together, in one transaction, only once the reply exists.
 */
export class ChatService {
  constructor(private readonly deps: ChatDependencies) {}

  async send(input: ChatMessageInput): Promise<ChatExchange> {
    const prepared = await this.prepare(input);
    const debit = await this.spend(input);
    let answer: { body: string; model: ModelInfo };
    try {
      answer = await this.deps.ai.reply(prepared.request);
    } catch (error) {
      await this.deps.metering.refundMessage(debit);
      throw isAiError(error) ? aiProblem(error) : error;
    }
    return this.store(input, prepared, debit, answer.body, answer.model);
  }

  /** Starts a streamed reply; everything that can fail before the first piece throws as for `send`. */
  async stream(input: ChatMessageInput): Promise<ChatStreamSession> {
    const prepared = await this.prepare(input);
    const debit = await this.spend(input);
    let settled = false;
    const refund = async () => {
      if (settled) return;
      settled = true;
      await this.deps.metering.refundMessage(debit);
    };
    let chunks: AsyncIterator<ReplyChunk>;
    let first: IteratorResult<ReplyChunk>;
    try {
      chunks = this.deps.ai.streamReply(prepared.request)[Symbol.asyncIterator]();
      first = await chunks.next();
    } catch (error) {
      await refund();
      throw isAiError(error) ? aiProblem(error) : error;
    }
    return {
      chunks,
      first,
      finish: async (body, model = this.deps.ai.info) => {
        settled = true;
        return this.store(input, prepared, debit, body, model);
      },
      abandon: refund,
    };
  }

  private async prepare(input: ChatMessageInput): Promise<PreparedSend> {
    const body = input.body.trim();
    if (!body) throw Problem.field(input.bodyField ?? 'body', 'This field may not be blank.');
    const sentAt = new Date();
    const replaced = input.replaces === undefined ? undefined : await this.replacedExchange(input);
    const [profile, history] = await Promise.all([
      userProfileOf(this.deps.db, input.owner),
      recentTurns(this.deps.db, input.owner, { before: replaced?.messageId }),
    ]);
    const image = input.image && {
      bytes: input.image.bytes,
      width: input.image.width,
      height: input.image.height,
    };
    return {
      sentAt,
      replaced,
      request: {
        persona: 'companion',
        profile,
        history,
        message: { body, image },
        seed: `${ownerKey(input.owner)}:${history.length}`,
        ...(input.helper && { helper: input.helper }),
      },
    };
  }

  /** Only the newest exchange can be replaced, and not one about a photo (the photo would have to be sent again). */
  private async replacedExchange(input: ChatMessageInput): Promise<ReplacedExchange> {
    const [reply, message] = await newestMessages(this.deps.db, input.owner);
    if (reply?.role !== 'ai' || reply.id !== input.replaces || message?.role !== 'user') {
      throw Problem.field('replaces', 'Only the newest reply can be regenerated; reload the chat.');
    }
    if (message.imageKey) {
      throw Problem.field('replaces', 'A reply to a photo cannot be regenerated; send the photo again.');
    }
    return { messageId: message.id, replyId: reply.id };
  }

  private spend(input: ChatMessageInput): Promise<MessageDebit> {
    const { owner, ip } = input;
    return this.deps.metering.spendMessage(
      owner.kind === 'account' ? { userId: owner.userId, ip } : { uid: owner.uid, ip },
    );
  }

  /** Stores the photo, then both messages in one transaction; if either fails the message is given back. */
  private async store(
    input: ChatMessageInput,
    { sentAt, replaced }: PreparedSend,
    debit: MessageDebit,
    replyBody: string,
    model: ModelInfo,
  ): Promise<ChatExchange> {
    const { db, storage } = this.deps;
    const owner =
      input.owner.kind === 'account'
        ? { userId: input.owner.userId, uid: input.owner.uid }
        : { userId: null, uid: input.owner.uid };
    let photo: StoredImage | undefined;
    let stored: readonly [ChatMessageRow, ChatMessageRow];
    try {
      if (input.image) photo = await putImage(storage, input.image, 'chat');
      stored = await db.transaction(async (tx) => {
        if (replaced) await removeReplaced(tx, input.owner, replaced);
        const [user] = await tx
          .insert(chatMessages)
          .values({
            ...owner,
            role: 'user',
            body: input.body.trim(),
            ...photoColumns(photo),
            createdAt: sentAt,
          })
          .returning();
        const [ai] = await tx
          .insert(chatMessages)
          .values({ ...owner, role: 'ai', body: replyBody, model: model.name, createdAt: new Date() })
          .returning();
        return [user!, ai!] as const;
      });
    } catch (error) {
      await this.deps.metering.refundMessage(debit);
      if (photo)
        await deleteStoredKeys(storage, storedKeysOf(photo.key, photo.widths)).catch(() => undefined);
      throw error;
    }
    const [sent, reply] = stored;
    return {
      id: sent.id,
      body: sent.body,
      image: sent.imageUrl,
      image_variants: imageVariantsOf(sent),
      reply: { id: reply.id, body: reply.body, created_at: reply.createdAt.toISOString() },
      remaining_messages: await remainingMessages(
        db,
        this.deps.limits,
        this.deps.clock,
        input.owner,
        input.ip,
      ),
      model: { name: model.name, offline: model.offline },
    };
  }
}

/**
 * Deletes the exchange a regenerate replaces, in the transaction that stores the new one. Two regenerates of the
 * same reply race here: the second finds it gone, fails, and its message is given back.
 */
async function removeReplaced(tx: AppDatabase, owner: Owner, replaced: ReplacedExchange): Promise<void> {
  const removed = await tx
    .delete(chatMessages)
    .where(
      and(ownedBy(owner, chatMessages), inArray(chatMessages.id, [replaced.messageId, replaced.replyId])),
    )
    .returning({ id: chatMessages.id });
  if (removed.length !== 2) {
    throw Problem.field('replaces', 'This reply was already regenerated; reload the chat.');
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
