import { operations } from '@wingmate/api-contract';
import type { Clock } from '@wingmate/runtime';
import type { AiModel } from '../adapters/ai/ports';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { signedInUser } from '../plugins/auth';
import { exportUser } from '../services/account/account-export';
import {
  createAnswers,
  deleteAnswer,
  listAnswers,
  listQuestions,
  updateAnswers,
} from '../services/profile/answers';
import { createFeedback } from '../services/profile/feedback';
import { listPage } from './list-page';
import { updateNames, userJson } from '../services/account/accounts';
import { listNotices, markNoticeRead } from '../services/profile/notices';
import { listOffers } from '../services/profile/offers';
import { resolveOwner } from '../services/owner/owner';
import {
  createQuestionnaireAnswer,
  getQuestionnaireAnswer,
  listQuestionnaires,
  updateQuestionnaireAnswer,
} from '../services/profile/questionnaires';
import { createRoast, generateRoast, listRoasts, updateRoast } from '../services/profile/roasts';
import { answerIdempotently } from '../services/shared/idempotency-keys';
import { smsStatus } from '../services/sms/sms-status';
import { registerOperation } from './operation-route';
import { clearRefreshCookie } from './refresh-cookie';

/**
 * docs/product.md#account-calls: profile questions and answers, roasts, offers, questionnaires, notices, feedback, the
 * account itself and texting the wingmate.
 */
export async function accountRoutes(
  app: FastifyInstance,
  options: { clock: Clock; ai: AiModel },
): Promise<void> {
  const db = app.database.db;
  const userIdOf = (request: FastifyRequest): number | null => request.auth?.user.id ?? null;

  registerOperation(app, operations.listQuestions, async (request) =>
    listQuestions(db, listPage(request, request.query.page)),
  );
  registerOperation(app, operations.listAnswers, async (request) =>
    listAnswers(db, signedInUser(request).id, listPage(request, request.query.page)),
  );
  registerOperation(app, operations.createAnswers, async (request, reply) =>
    reply.code(201).send(await createAnswers(db, signedInUser(request).id, request.body.answers)),
  );
  await app.register(answersUpdateRoute);
  registerOperation(app, operations.deleteAnswer, async (request, reply) => {
    await deleteAnswer(db, signedInUser(request).id, request.params.id);
    return reply.code(204).send();
  });

  registerOperation(app, operations.listRoasts, async (request) =>
    listRoasts(db, signedInUser(request).id, listPage(request, request.query.page)),
  );
  registerOperation(app, operations.createRoast, async (request, reply) =>
    reply.code(201).send(await createRoast(db, signedInUser(request).id, request.body.text)),
  );
  registerOperation(app, operations.updateRoast, async (request) =>
    updateRoast(db, signedInUser(request).id, request.params.id, request.body.text),
  );
  // Metered and keyed as a chat send (docs/product.md#roasts); the hourly AI limit counts only calls that reach
  // the model.
  registerOperation(app, operations.generateRoast, async (request, reply) => {
    const user = signedInUser(request);
    const call = { caller: `user:${user.id}`, operation: operations.generateRoast.id, request: request.body };
    const owner = { kind: 'account', userId: user.id, uid: null } as const;
    return answerIdempotently(app.chatKeys, request, reply, call, async () => {
      const roast = await generateRoast(
        { db, ai: options.ai, metering: app.metering },
        {
          userId: user.id,
          ip: request.ip,
          intensity: request.body.intensity,
          beforeAi: () => app.usageLimits.ai(owner, request.ip),
        },
      );
      return { status: 201, body: roast };
    });
  });

  registerOperation(app, operations.listOffers, async (request) =>
    listOffers(db, new Date(options.clock.now()), listPage(request, request.query.page)),
  );
  // Optional-auth: a visitor (by uid) gets the notices for everyone, so the rebrand banner shows to all.
  registerOperation(app, operations.listMessages, async (request) => {
    const owner = await resolveOwner(db, userIdOf(request), request.query.uid);
    const reader = owner.kind === 'account' ? owner.userId : null;
    return listNotices(db, reader, listPage(request, request.query.page));
  });
  registerOperation(app, operations.markMessageRead, async (request) =>
    markNoticeRead(db, signedInUser(request).id, request.params.id, new Date(options.clock.now())),
  );
  registerOperation(app, operations.createFeedback, async (request, reply) =>
    reply.code(201).send(await createFeedback(db, signedInUser(request).id, request.body.text)),
  );

  // The account itself (docs/product.md#accounts-and-signing-in).
  registerOperation(app, operations.confirmUser, (request) =>
    app.auth.confirmations.send(signedInUser(request), request.body.purpose),
  );
  registerOperation(app, operations.updateUser, async (request) =>
    userJson(await updateNames(db, signedInUser(request), request.body), app.auth.config.systemNumber),
  );
  registerOperation(app, operations.requestEmailChange, (request) =>
    app.auth.emailChange.request(signedInUser(request), request.body, request.ip),
  );
  registerOperation(app, operations.confirmEmailChange, (request) =>
    app.auth.emailChange.confirm(signedInUser(request), request.body),
  );
  registerOperation(app, operations.getSmsStatus, (request) =>
    smsStatus(db, signedInUser(request), app.auth.config.systemNumber),
  );
  registerOperation(app, operations.exportUser, (request) =>
    exportUser(db, signedInUser(request), app.auth.config.systemNumber, new Date(options.clock.now())),
  );
  registerOperation(app, operations.deleteUser, async (request, reply) => {
    await app.accountDeletion.delete(signedInUser(request), request.body, request.ip);
    clearRefreshCookie(request, reply);
    return { detail: 'Your account and its data were deleted.' };
  });

  registerOperation(app, operations.listQuestionnaires, async (request) =>
    listQuestionnaires(db, listPage(request, request.query.page)),
  );
  registerOperation(app, operations.getQuestionnaireAnswers, async (request) => {
    const owner = await resolveOwner(db, userIdOf(request), request.query.uid);
    return getQuestionnaireAnswer(db, owner, request.params.id);
  });
  registerOperation(app, operations.createQuestionnaireAnswer, async (request, reply) => {
    const owner = await resolveOwner(db, userIdOf(request), request.body.uid);
    return reply
      .code(201)
      .send(await createQuestionnaireAnswer(db, owner, request.params.id, request.body.answers));
  });
  registerOperation(app, operations.updateQuestionnaireAnswer, async (request) => {
    const owner = await resolveOwner(db, userIdOf(request), request.body.uid);
    return updateQuestionnaireAnswer(
      db,
      owner,
      request.params.id,
      request.params.answerId,
      request.body.answers,
    );
  });
}

/**
 * `answers/update/` in its own scope: the client reads a 400's message of "Answers update" from `text`
 * (docs/product.md#error-catalogue), so every 400 of this call, validation errors of nested fields included, also
 * lists its messages there.
 */
// eslint-disable-next-line @typescript-eslint/require-await -- Fastify plugin: only a returned promise carries a throw to register()
async function answersUpdateRoute(app: FastifyInstance): Promise<void> {
  const db = app.database.db;
  app.addHook('preSerialization', async (_request, reply, payload) => {
    if (reply.statusCode !== 400 || !payload || typeof payload !== 'object' || 'text' in payload)
      return payload;
    const messages = Object.values(payload as Record<string, unknown>).flatMap((value) =>
      Array.isArray(value) ? value.map(String) : typeof value === 'string' ? [value] : [],
    );
    return { ...payload, text: messages };
  });
  registerOperation(app, operations.updateAnswers, async (request) =>
    updateAnswers(db, signedInUser(request).id, request.body.answers),
  );
}
