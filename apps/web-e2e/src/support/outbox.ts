import { codeFromOutbox } from '@wingmate/api/testing';
import type { FastifyInstance } from 'fastify';

/**
 * The newest 6-digit code the API's console sender wrote to its outbox table for `recipient` (E.164 number or
 * e-mail address), once it differs from `previous`. Some codes go out after the answer (a reset PIN is sent as
 * pending work), so this waits for the row to appear, up to `timeoutMs`.
 */
export async function waitForCode(
  app: FastifyInstance,
  recipient: string,
  { previous, timeoutMs = 5000 }: { previous?: string; timeoutMs?: number } = {},
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const code = await codeFromOutbox(app, recipient).catch(() => undefined);
    if (code && code !== previous) return code;
    if (Date.now() > deadline) throw new Error(`No new code reached the outbox for ${recipient}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
