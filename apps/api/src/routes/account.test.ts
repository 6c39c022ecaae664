import type {
  Answer,
  AnswerPage,
  Notice,
  OfferPage,
  QuestionPage,
  QuestionnairePage,
  Roast,
  SmsStatus,
  UserInfo,
} from '@wingmate/api-contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { AiProviderError } from '../adapters/ai/errors';
import { offlineModel } from '../adapters/ai/offline/offline-model';
import { ROAST_MATERIAL } from '../adapters/ai/offline/roasts';
import type { AiModel } from '../adapters/ai/ports';
import { bioImages, imageReviews, roasts, userPlans } from '../db/schema';
import { giveMessages, spendFreeMessages, temporaryStorage } from '../testing/chat';
import { bearer, signUpByEmail, signUpByPhone, type BodyModeTokens } from '../testing/sign-in';
import { optOutOfSms } from '../testing/sms';
import { describeEachDatabase } from '../testing/test-app';

type Headers = { authorization: string };

/** The offline model, whose roasts fail while `failRoasts` is set (as a provider that keeps failing does). */
let failRoasts = false;
const offline = offlineModel();
const ai: AiModel = {
  ...offline,
  roast: (request) =>
    failRoasts ? Promise.reject(new AiProviderError('the provider is down', 500)) : offline.roast(request),
};

/** A member who wrote a bio, has spent the free messages and holds a plan with `messages` left. */
async function roastable(app: FastifyInstance, messages: number) {
  const tokens: BodyModeTokens = await signUpByEmail(app);
  const headers = bearer(tokens);
  await app.inject({
    method: 'POST',
    url: '/api/v1/accounts/dating_bio/',
    headers,
    payload: { uid: crypto.randomUUID(), text: 'I love travel, pizza and Netflix.' },
  });
  await spendFreeMessages(app, tokens.user.pk);
  if (messages) await giveMessages(app, tokens.user.pk, messages);
  const left = async () => {
    const [plan] = await app.database.db
      .select({ left: userPlans.remainingMessages })
      .from(userPlans)
      .where(eq(userPlans.userId, tokens.user.pk));
    return plan?.left ?? 0;
  };
  const generate = (intensity: string, key?: string) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/accounts/roasts/generate/',
      headers: { ...headers, ...(key && { 'idempotency-key': key }) },
      payload: { intensity },
    });
  return { userId: tokens.user.pk, headers, left, generate };
}

async function signedIn(app: FastifyInstance): Promise<Headers> {
  return bearer(await signUpByEmail(app));
}

async function questions(app: FastifyInstance, headers: Headers) {
  return (
    await app.inject({ method: 'GET', url: '/api/v1/accounts/questions/', headers })
  ).json<QuestionPage>().results;
}

describeEachDatabase(
  'account calls (docs/product.md#account-calls; docs/decisions.md#chat-bio-and-profile-appsapi)',
  (getApp) => {
    it('lists the seeded profile questions in order, to signed-in users only (401 without a token: docs/product.md#roles-and-permissions)', async () => {
      const app = getApp();
      const list = await questions(app, await signedIn(app));
      expect(list.length).toBeGreaterThan(3);
      expect(list.map((question) => question.order)).toEqual([...list.keys()]);
      expect(list.find((question) => question.kind === 'choice')?.choices.length).toBeGreaterThan(1);
      expect((await app.inject({ method: 'GET', url: '/api/v1/accounts/questions/' })).statusCode).toBe(401);
    });

    it('keeps one answer a question: answering again replaces the text', async () => {
      const app = getApp();
      const headers = await signedIn(app);
      const [question] = await questions(app, headers);
      const post = (text: string) =>
        app.inject({
          method: 'POST',
          url: '/api/v1/accounts/answers/',
          headers,
          payload: { answers: [{ question: question!.id, text }] },
        });
      const first = (await post('Nurse')).json<Answer[]>();
      const second = await post('Night-shift nurse');
      expect(second.statusCode).toBe(201);
      expect(second.json<Answer[]>()).toEqual([
        expect.objectContaining({ id: first[0]!.id, question: question!.id, text: 'Night-shift nurse' }),
      ]);
      const list = await app.inject({ method: 'GET', url: '/api/v1/accounts/answers/', headers });
      expect(list.json<AnswerPage>().count).toBe(1);
    });

    it('updates answers in a batch, and puts a 400 message under text (docs/product.md#error-catalogue)', async () => {
      const app = getApp();
      const headers = await signedIn(app);
      const [question] = await questions(app, headers);
      const [answer] = (
        await app.inject({
          method: 'POST',
          url: '/api/v1/accounts/answers/',
          headers,
          payload: { answers: [{ question: question!.id, text: 'Teacher' }] },
        })
      ).json<Answer[]>();
      const update = (payload: object) =>
        app.inject({ method: 'PUT', url: '/api/v1/accounts/answers/update/', headers, payload });
      const updated = await update({ answers: [{ id: answer!.id, text: 'Science teacher' }] });
      expect(updated.statusCode).toBe(200);
      expect(updated.json<Answer[]>()[0]!.text).toBe('Science teacher');
      const blank = await update({ answers: [{ id: answer!.id, text: '' }] });
      expect(blank.statusCode).toBe(400);
      expect(blank.json<{ text: string }>().text).toEqual([expect.any(String)]);
      const unknown = await update({ answers: [{ id: 999_999, text: 'x' }] });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json()).toEqual({ text: ['Answer 999999 was not found.'] });
    });

    it("deletes an answer (204), answers 404 for an unknown one or another user's", async () => {
      const app = getApp();
      const headers = await signedIn(app);
      const [question] = await questions(app, headers);
      const [answer] = (
        await app.inject({
          method: 'POST',
          url: '/api/v1/accounts/answers/',
          headers,
          payload: { answers: [{ question: question!.id, text: 'Pilot' }] },
        })
      ).json<Answer[]>();
      const url = `/api/v1/accounts/answers/${answer!.id}/delete/`;
      expect((await app.inject({ method: 'DELETE', url, headers: await signedIn(app) })).statusCode).toBe(
        404,
      );
      expect((await app.inject({ method: 'DELETE', url, headers })).statusCode).toBe(204);
      expect((await app.inject({ method: 'DELETE', url, headers })).statusCode).toBe(404);
    });

    it("saves, lists (newest first) and changes roasts; another user's roast is 404", async () => {
      const app = getApp();
      const headers = await signedIn(app);
      const create = (text: string) =>
        app.inject({ method: 'POST', url: '/api/v1/accounts/roasts/', headers, payload: { text } });
      const first = (await create('Your bio says "love to travel". So does everyone.')).json<Roast>();
      const second = await create('Three photos with sunglasses: are you in witness protection?');
      expect(second.statusCode).toBe(201);
      const list = await app.inject({ method: 'GET', url: '/api/v1/accounts/roasts/', headers });
      expect(list.json<{ results: Roast[] }>().results.map((roast) => roast.id)).toEqual([
        second.json<Roast>().id,
        first.id,
      ]);
      const changed = await app.inject({
        method: 'PUT',
        url: `/api/v1/accounts/roasts/${first.id}/`,
        headers,
        payload: { text: 'Edited roast' },
      });
      expect(changed.json<Roast>()).toMatchObject({ id: first.id, text: 'Edited roast' });
      const foreign = await app.inject({
        method: 'PUT',
        url: `/api/v1/accounts/roasts/${first.id}/`,
        headers: await signedIn(app),
        payload: { text: 'mine now' },
      });
      expect(foreign.statusCode).toBe(404);
    });

    describe('generated roasts (docs/product.md#roasts)', () => {
      afterEach(() => {
        failRoasts = false;
      });

      it('roasts the bio and photo review at each intensity, one message each; a keyed repeat charges nothing more', async () => {
        const app = getApp();
        const member = await roastable(app, 5);
        await app.database.db.insert(bioImages).values({
          userId: member.userId,
          uid: crypto.randomUUID(),
          storageKey: 'roast-test.jpg',
          url: '/uploads/roast-test.jpg',
          width: 1200,
          height: 1500,
        });
        await app.database.db.insert(imageReviews).values({
          userId: member.userId,
          uid: crypto.randomUUID(),
          imageSet: `roast-test-${member.userId}`,
          imageIds: [],
          score: 40,
          summary: 'These photos need work.',
          tips: ['Add 2 more photos.'],
          photos: [{ image: 1, score: 40, tips: ['Your photo is dark (mean brightness 37/255).'] }],
          model: { name: 'wingmate-offline-1', offline: true },
        });
        const made: Roast[] = [];
        for (const intensity of ['gentle', 'honest', 'brutal'] as const) {
          const response = await member.generate(intensity);
          expect(response.statusCode).toBe(201);
          made.push(response.json<Roast>());
        }
        expect(made.map((roast) => roast.intensity)).toEqual(['gentle', 'honest', 'brutal']);
        expect(made[2]!.text).toContain(ROAST_MATERIAL.brutal.photo.dark);
        expect(made[2]!.text).toContain(ROAST_MATERIAL.brutal.fewPhotos(1));
        expect(await member.left()).toBe(2);

        const first = await member.generate('brutal', 'roast-key-1');
        const repeat = await member.generate('brutal', 'roast-key-1');
        expect(repeat.headers['idempotent-replayed']).toBe('true');
        expect(repeat.json<Roast>()).toEqual(first.json<Roast>());
        expect(await member.left()).toBe(1);

        const list = await app.inject({
          method: 'GET',
          url: '/api/v1/accounts/roasts/',
          headers: member.headers,
        });
        expect(list.json<{ results: Roast[] }>().results.map((roast) => roast.intensity)).toEqual([
          'brutal',
          'brutal',
          'honest',
          'gentle',
        ]);
        const other = await app.inject({
          method: 'GET',
          url: '/api/v1/accounts/roasts/',
          headers: await signedIn(app),
        });
        expect(other.json<{ count: number }>().count).toBe(0);
      });

      it('saves and charges nothing when out of messages (402), when the model fails (502) or with nothing to roast (400)', async () => {
        const app = getApp();
        const broke = await roastable(app, 0);
        const refused = await broke.generate('honest');
        expect(refused.statusCode).toBe(402);
        expect(refused.json()).toMatchObject({ code: 'no_messages' });

        const member = await roastable(app, 1);
        failRoasts = true;
        expect((await member.generate('gentle')).statusCode).toBe(502);
        expect(await member.left()).toBe(1);

        const empty = await signUpByEmail(app);
        await giveMessages(app, empty.user.pk, 1);
        const nothing = await app.inject({
          method: 'POST',
          url: '/api/v1/accounts/roasts/generate/',
          headers: bearer(empty),
          payload: { intensity: 'brutal' },
        });
        expect(nothing.statusCode).toBe(400);
        expect(nothing.json()).toEqual({ intensity: [expect.stringMatching(/dating bio or photos/)] });

        for (const user of [broke.userId, member.userId, empty.user.pk]) {
          expect(await app.database.db.select().from(roasts).where(eq(roasts.userId, user))).toEqual([]);
        }
      });
    });

    it('lists the current offers with their plan', async () => {
      const app = getApp();
      const offers = await app.inject({
        method: 'GET',
        url: '/api/v1/offers/',
        headers: await signedIn(app),
      });
      const page = offers.json<OfferPage>();
      expect(page.count).toBeGreaterThan(0);
      expect(page.results[0]).toEqual({
        id: expect.any(Number),
        title: expect.any(String),
        description: expect.any(String),
        plan_id: expect.any(Number),
        discount: expect.any(Number),
        expires_at: null,
      });
    });

    it('lists notices newest first, the newest unread banner being the rebrand text', async () => {
      const app = getApp();
      const response = await app.inject({
        method: 'GET',
        url: '/api/v1/accounts/messages/',
        headers: await signedIn(app),
      });
      const notices = response.json<{ results: Notice[] }>().results;
      const banner = notices.find((notice) => notice.kind === 'banner' && !notice.read);
      expect(banner).toBe(notices[0]);
      expect(banner!.body).toMatch(/new name/);
    });

    it('takes feedback (201)', async () => {
      const app = getApp();
      const response = await app.inject({
        method: 'POST',
        url: '/api/v1/accounts/user/feedback/create/',
        headers: await signedIn(app),
        payload: { text: 'Love the photo reviews!' },
      });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({
        id: expect.any(Number),
        text: 'Love the photo reviews!',
        created_at: expect.any(String),
      });
    });

    it('tells a member whether texts from their verified phone reach the wingmate, to signed-in users only', async () => {
      const app = getApp();
      const url = '/api/v1/accounts/sms/';
      const status = async (headers: Headers) =>
        (await app.inject({ method: 'GET', url, headers })).json<SmsStatus>();
      const byEmail = await signedIn(app);
      const { system_number } = (
        await app.inject({ method: 'GET', url: '/api/v1/user/info/', headers: byEmail })
      ).json<UserInfo>();
      expect(await status(byEmail)).toEqual({
        system_number,
        phone_number: null,
        can_text: false,
        opted_out: false,
      });

      const byPhone = await signUpByPhone(app);
      const phone = byPhone.user.phone_number!;
      expect(await status(bearer(byPhone))).toEqual({
        system_number,
        phone_number: phone,
        can_text: true,
        opted_out: false,
      });
      await optOutOfSms(app, phone);
      expect(await status(bearer(byPhone))).toEqual({
        system_number,
        phone_number: phone,
        can_text: false,
        opted_out: true,
      });

      expect((await app.inject({ method: 'GET', url })).statusCode).toBe(401);
    });

    describe('questionnaires (by token or by uid)', () => {
      async function firstQuestionnaire(app: FastifyInstance) {
        const page = (
          await app.inject({ method: 'GET', url: '/api/v1/accounts/questionnaires/' })
        ).json<QuestionnairePage>();
        return page.results[0]!;
      }

      it('lists questionnaires with their questions to visitors too', async () => {
        const questionnaire = await firstQuestionnaire(getApp());
        expect(questionnaire.questions.length).toBeGreaterThan(0);
      });

      it('answers by uid, reads back by uid, updates; 404 before answering', async () => {
        const app = getApp();
        const uid = crypto.randomUUID();
        const questionnaire = await firstQuestionnaire(app);
        const question = questionnaire.questions.find((item) => item.kind === 'text')!;
        const read = () =>
          app.inject({
            method: 'GET',
            url: `/api/v1/accounts/questionnaires/answers/${questionnaire.id}/?uid=${uid}`,
          });
        expect((await read()).statusCode).toBe(404);
        const created = await app.inject({
          method: 'POST',
          url: `/api/v1/accounts/questionnaires/${questionnaire.id}/answer/create/`,
          payload: { uid, answers: [{ question: question.id, text: 'Small talk' }] },
        });
        expect(created.statusCode).toBe(201);
        const answer = created.json<{ id: number }>();
        expect((await read()).json()).toMatchObject({
          id: answer.id,
          answers: [{ question: question.id, text: 'Small talk' }],
        });
        const updated = await app.inject({
          method: 'PUT',
          url: `/api/v1/accounts/questionnaires/${questionnaire.id}/answer/${answer.id}/update/`,
          payload: { uid, answers: [{ question: question.id, text: 'Ending dates politely' }] },
        });
        expect(updated.statusCode).toBe(200);
        expect((await read()).json()).toMatchObject({ answers: [{ text: 'Ending dates politely' }] });
        const otherVisitor = await app.inject({
          method: 'PUT',
          url: `/api/v1/accounts/questionnaires/${questionnaire.id}/answer/${answer.id}/update/`,
          payload: { uid: crypto.randomUUID(), answers: [{ question: question.id, text: 'hijack' }] },
        });
        expect(otherVisitor.statusCode).toBe(404);
      });

      it('refuses a choice outside its options and a question of another questionnaire (400 on answers)', async () => {
        const app = getApp();
        const questionnaire = await firstQuestionnaire(app);
        const choice = questionnaire.questions.find((item) => item.kind === 'choice')!;
        const response = await app.inject({
          method: 'POST',
          url: `/api/v1/accounts/questionnaires/${questionnaire.id}/answer/create/`,
          payload: {
            uid: crypto.randomUUID(),
            answers: [{ question: choice.id, text: 'By carrier pigeon' }],
          },
        });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ answers: [expect.stringMatching(/not one of the choices/)] });
      });

      it('answers by token for a signed-in user', async () => {
        const app = getApp();
        const headers = await signedIn(app);
        const questionnaire = await firstQuestionnaire(app);
        const question = questionnaire.questions.find((item) => item.kind === 'text')!;
        await app.inject({
          method: 'POST',
          url: `/api/v1/accounts/questionnaires/${questionnaire.id}/answer/create/`,
          headers,
          payload: { answers: [{ question: question.id, text: 'Openers' }] },
        });
        const read = await app.inject({
          method: 'GET',
          url: `/api/v1/accounts/questionnaires/answers/${questionnaire.id}/`,
          headers,
        });
        expect(read.json()).toMatchObject({ answers: [{ text: 'Openers' }] });
      });
    });
  },
  {},
  { uploadStorage: temporaryStorage(), ai },
);
