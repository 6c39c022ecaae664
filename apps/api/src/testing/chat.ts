import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import type { AiModel } from '../adapters/ai/ports';
import { localDiskStorage } from '../adapters/storage/local-disk';
import type { UploadStorage } from '../adapters/storage/ports';
import { messageCounters, plans, userPlans } from '../db/schema';
import { ACCOUNT_FREE_PERIOD, accountFreeKey } from '../services/metering/free-messages';

/** Local-disk storage in a fresh temporary folder, so tests never write into the project's data folder. */
export function temporaryStorage(): UploadStorage {
  return localDiskStorage(mkdtempSync(path.join(tmpdir(), 'wingmate-uploads-')));
}

/** A multipart form as a browser sends it, ready for `app.inject`. */
export async function multipartPayload(
  fields: Record<string, string>,
  files: Record<string, { bytes: Uint8Array; name: string; type?: string }> = {},
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const [name, file] of Object.entries(files)) {
    form.append(name, new Blob([file.bytes], { type: file.type ?? 'image/jpeg' }), file.name);
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
  };
}

/** Spends an account's free messages, so what it sends next is paid by the plans a test gives it, or refused. */
export async function spendFreeMessages(app: FastifyInstance, userId: number): Promise<void> {
  const used = app.auth.config.metering.freeMessages;
  await app.database.db
    .insert(messageCounters)
    .values({ key: accountFreeKey(userId), period: ACCOUNT_FREE_PERIOD, used })
    .onConflictDoUpdate({ target: [messageCounters.key, messageCounters.period], set: { used } });
}

/** Gives a signed-up user an active metered plan with `messages` left. */
export async function giveMessages(app: FastifyInstance, userId: number, messages: number): Promise<void> {
  const [plan] = await app.database.db.select().from(plans).where(eq(plans.planType, 'metered')).limit(1);
  await app.database.db.insert(userPlans).values({
    userId,
    planId: plan!.id,
    provider: 'local',
    status: 'active',
    isActive: true,
    complete: true,
    remainingMessages: messages,
    amountCents: plan!.priceCents,
    currency: 'usd',
  });
}

/** An AI model built later (once a fake server it talks to is listening), for `describeEachDatabase`. */
export function lateModel(build: () => AiModel): AiModel {
  return {
    get info() {
      return build().info;
    },
    reply: (request) => build().reply(request),
    streamReply: (request) => build().streamReply(request),
    generateBio: (request) => build().generateBio(request),
    roast: (request) => build().roast(request),
    reviewPhotos: (photos) => build().reviewPhotos(photos),
    followUp: (request) => build().followUp(request),
    suggestReplies: (request) => build().suggestReplies(request),
    summariseMatch: (request) => build().summariseMatch(request),
  };
}
