import { errorCodes } from '@wingmate/api-contract';
import { and, eq, inArray, isNull, lte, or } from 'drizzle-orm';
import type { AppDatabase } from '../../db/database';
import { chatMessages } from '../../db/schema';
import { Problem } from '../../problem';
import { ownedBy, type Owner } from '../owner/owner';
import { newestMessages } from './history';

/**
 * A regenerate holds the reply it replaces for longer than any reply takes (`LLM_TIMEOUT_MS` bounds the model's
 * call, streaming included); a server that dies mid-reply frees it when this ends.
 */
export const REGENERATION_CLAIM_MS = 15 * 60 * 1000;

/** The exchange a regenerate replaces: the person's message and the reply to it. */
export interface ReplacedExchange {
  readonly messageId: number;
  readonly replyId: number;
}

/** A replaced exchange this regenerate holds, until `claimedUntil`. */
export interface ClaimedExchange extends ReplacedExchange {
  readonly claimedUntil: Date;
}

/** Only the newest exchange can be replaced, and not one about a photo (the photo would have to be sent again). */
export async function replacedExchange(
  db: AppDatabase,
  owner: Owner,
  replyId: number,
): Promise<ReplacedExchange> {
  const [reply, message] = await newestMessages(db, owner);
  if (reply?.role !== 'ai' || reply.id !== replyId || message?.role !== 'user') {
    throw Problem.field('replaces', 'Only the newest reply can be regenerated; reload the chat.');
  }
  if (message.imageKey) {
    throw Problem.field('replaces', 'A reply to a photo cannot be regenerated; send the photo again.');
  }
  return { messageId: message.id, replyId: reply.id };
}

/**
 * Takes the reply for this regenerate, in the transaction that spends its message and before the model is
 * asked: of several regenerates of one reply, one gets it and the others answer 409 `already_replaced` having
 * spent and sent nothing (docs/decisions.md#chat-bio-and-profile-appsapi).
 */
export async function claimReplacedExchange(
  tx: AppDatabase,
  owner: Owner,
  exchange: ReplacedExchange,
  now: Date,
): Promise<ClaimedExchange> {
  const claimedUntil = new Date(now.getTime() + REGENERATION_CLAIM_MS);
  const [claimed] = await tx
    .update(chatMessages)
    .set({ regenerationClaimedUntil: claimedUntil })
    .where(
      and(
        ownedBy(owner, chatMessages),
        eq(chatMessages.id, exchange.replyId),
        or(isNull(chatMessages.regenerationClaimedUntil), lte(chatMessages.regenerationClaimedUntil, now)),
      ),
    )
    .returning({ id: chatMessages.id });
  if (!claimed) throw alreadyReplaced();
  return { ...exchange, claimedUntil };
}

/** Gives the reply back when its regenerate stored nothing, so it can be regenerated again. */
export async function releaseReplacedExchange(db: AppDatabase, claim: ClaimedExchange): Promise<void> {
  await db
    .update(chatMessages)
    .set({ regenerationClaimedUntil: null })
    .where(
      and(eq(chatMessages.id, claim.replyId), eq(chatMessages.regenerationClaimedUntil, claim.claimedUntil)),
    );
}

/**
 * Deletes the claimed exchange, in the transaction that stores the new one. What is gone already (the history
 * was deleted meanwhile) is not missed: the new reply may have reached the client, so it is stored anyway.
 */
export async function removeReplacedExchange(
  tx: AppDatabase,
  owner: Owner,
  claim: ClaimedExchange,
): Promise<void> {
  await tx
    .delete(chatMessages)
    .where(and(ownedBy(owner, chatMessages), inArray(chatMessages.id, [claim.messageId, claim.replyId])));
}

function alreadyReplaced(): Problem {
  return Problem.detail(
    409,
    'This reply is already being regenerated, or was; reload the chat.',
    errorCodes.alreadyReplaced,
  );
}
