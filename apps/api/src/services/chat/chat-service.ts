import type { ChatReply, ImageVariant } from '@wingmate/api-contract';
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
import type { Owner } from '../owner/owner';
import { userProfileOf } from '../profile/user-profile';
import { imageVariantsOf, recentTurns, type ChatMessageRow } from './history';
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
    const { request, sentAt } = await this.prepare(input);
    const debit = await this.spend(input);
    let answer: { body: string; model: ModelInfo };
    try {
      answer = await this.deps.ai.reply(request);
    } catch (error) {
      await this.deps.metering.refundMessage(debit);
      throw isAiError(error) ? aiProblem(error) : error;
    }
    return this.store(input, debit, sentAt, answer.body, answer.model);
  }

  /** Starts a streamed reply; everything that can fail before the first piece throws as for `send`. */
  async stream(input: ChatMessageInput): Promise<ChatStreamSession> {
    const { request, sentAt } = await this.prepare(input);
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
      chunks = this.deps.ai.streamReply(request)[Symbol.asyncIterator]();
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
        return this.store(input, debit, sentAt, body, model);
      },
      abandon: refund,
    };
  }

  private async prepare(input: ChatMessageInput): Promise<{ request: ChatRequest; sentAt: Date }> {
    const body = input.body.trim();
    if (!body) throw Problem.field(input.bodyField ?? 'body', 'This field may not be blank.');
    const sentAt = new Date();
    const [profile, history] = await Promise.all([
      userProfileOf(this.deps.db, input.owner),
      recentTurns(this.deps.db, input.owner),
    ]);
    const image = input.image && {
      bytes: input.image.bytes,
      width: input.image.width,
      height: input.image.height,
    };
    return {
      sentAt,
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

  private spend(input: ChatMessageInput): Promise<MessageDebit> {
    const { owner, ip } = input;
    return this.deps.metering.spendMessage(
      owner.kind === 'account' ? { userId: owner.userId, ip } : { uid: owner.uid, ip },
    );
  }

  /** Stores the photo, then both messages in one transaction; if either fails the message is given back. */
  private async store(
    input: ChatMessageInput,
    debit: MessageDebit,
    sentAt: Date,
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

/** The photo's columns on the user's message: the original, and every width with the original last. */
function photoColumns(photo: StoredImage | undefined) {
  if (!photo) return { imageKey: null, imageUrl: null, imageWidths: [] };
  const original = { key: photo.key, url: photo.url, width: photo.width, height: photo.height };
  return { imageKey: photo.key, imageUrl: photo.url, imageWidths: [...photo.widths, original] };
}

function ownerKey(owner: Owner): string {
  return owner.kind === 'account' ? `user:${owner.userId}` : `uid:${owner.uid}`;
}
