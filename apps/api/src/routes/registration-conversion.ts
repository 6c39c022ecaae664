import type { AuthTokens } from '@wingmate/api-contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';

interface NewAccountAnswer extends Pick<AuthTokens, 'user'> {
  readonly created?: boolean;
}

/**
 * Reports `CompleteRegistration` to the ad platforms when a sign-in call created the account
 * (docs/decisions.md#cross-cutting-appsapi). The account's id makes the event id, so a retried request cannot count
 * twice; a failure to record is logged and never fails the sign-up.
 */
export async function reportRegistration(
  app: FastifyInstance,
  request: FastifyRequest,
  answer: NewAccountAnswer,
  uid: string | undefined,
): Promise<void> {
  if (answer.created === false) return;
  try {
    await app.conversions.recordServerConversion({
      userId: answer.user.pk,
      uid: uid ?? null,
      name: 'CompleteRegistration',
      eventId: `registration-${answer.user.pk}`,
      userAgent: request.headers['user-agent'],
      sourceUrl: request.headers.referer,
      ip: request.ip,
    });
  } catch (error) {
    request.log.error({ err: error }, 'could not record the CompleteRegistration conversion');
  }
}
