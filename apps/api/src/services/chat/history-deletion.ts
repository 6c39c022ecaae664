import { operations, type OperationResponse } from '@wingmate/api-contract';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { UploadStorage } from '../../adapters/storage/ports';
import type { AppDatabase } from '../../db/database';
import { chatMessages, idempotencyKeys } from '../../db/schema';
import { chatOf, type ChatMessageRow } from './history';
import { storedKeysOf } from '../images/image-pipeline';
import type { Owner } from '../owner/owner';

export type ChatHistoryDeleted = OperationResponse<typeof operations.deleteChatHistory>;

/** The chat sends whose stored answers hold the conversation's text. */
const CHAT_SENDS = [
  operations.sendChatMessage.id,
  operations.streamChatMessage.id,
  operations.sendMobileChatMessage.id,
];

/**
 * Deletes the owner's whole chat (docs/decisions.md#calls): every message (matches' coaching chats stay: they go with
 * their match), the stored answers of completed sends (they
 * hold the same text), then the photos. Rows go in one transaction; photos after it, since storage cannot roll back and
 * a photo left behind is only space, never readable without its row's URL being shown.
 */
export async function deleteChatHistory(
  db: AppDatabase,
  storage: UploadStorage,
  owner: Owner,
  log: Pick<FastifyBaseLogger, 'error'>,
): Promise<ChatHistoryDeleted> {
  const caller = owner.kind === 'account' ? `user:${owner.userId}` : `uid:${owner.uid}`;
  const deleted = await db.transaction(async (tx) => {
    const rows = await tx
      .delete(chatMessages)
      .where(chatOf(owner))
      .returning({ imageKey: chatMessages.imageKey, imageWidths: chatMessages.imageWidths });
    await tx
      .delete(idempotencyKeys)
      .where(
        and(
          eq(idempotencyKeys.caller, caller),
          eq(idempotencyKeys.state, 'done'),
          inArray(idempotencyKeys.operation, CHAT_SENDS),
          isNotNull(idempotencyKeys.responseBody),
        ),
      );
    return rows;
  });
  const photos = deleted.filter((row) => row.imageKey);
  for (const key of photos.flatMap(chatPhotoKeys)) {
    await storage.delete(key).catch((error: unknown) => {
      log.error({ err: error }, 'a photo of a deleted chat could not be deleted');
    });
  }
  return { deleted_messages: deleted.length, deleted_photos: photos.length };
}

/** Every stored file of a message's photo: the original and each width (the widths list the original too). */
export function chatPhotoKeys(row: Pick<ChatMessageRow, 'imageKey' | 'imageWidths'>): string[] {
  if (!row.imageKey) return [];
  return [...new Set(storedKeysOf(row.imageKey, row.imageWidths))];
}
