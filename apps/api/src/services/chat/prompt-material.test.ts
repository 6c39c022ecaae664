import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { AppDatabase } from '../../db/database';
import {
  chatMessages,
  matches,
  profileAnswers,
  profileQuestions,
  questionnaireAnswers,
  questionnaireQuestions,
  questionnaires,
  styleProfiles,
  users,
} from '../../db/schema';
import { signUpByEmail } from '../../testing/sign-in';
import { describeEachDatabase } from '../../testing/test-app';
import type { Owner } from '../owner/owner';
import { ownerColumns } from '../owner/owner';
import { userProfileOf } from '../profile/user-profile';
import { styleProfileJson } from '../style/style-json';
import { styleProfileOf } from '../style/style-profile';
import { personalStyleOf } from '../style/styles';
import { readAlone } from '../../db/read-along';
import { promptMaterialAlong } from './prompt-material';

/** Two questionnaires: the first answered twice (the newer answer counts), with a question since removed. */
async function answerQuestionnaires(db: AppDatabase, owner: Owner): Promise<void> {
  const [first, second] = await db
    .insert(questionnaires)
    .values([
      { title: 'First dates', position: 90 },
      { title: 'Weekends', position: 91 },
    ])
    .returning();
  const [where, when, weekend] = await db
    .insert(questionnaireQuestions)
    .values([
      { questionnaireId: first!.id, text: 'Where would you go?', kind: 'text', position: 1 },
      { questionnaireId: first!.id, text: 'When?', kind: 'text', position: 2 },
      { questionnaireId: second!.id, text: 'A perfect weekend?', kind: 'text', position: 1 },
    ])
    .returning();
  const answer = (questionnaireId: number, answers: { question: number; text: string }[]) => ({
    ...ownerColumns(owner),
    questionnaireId,
    answers,
  });
  await db
    .insert(questionnaireAnswers)
    .values(answer(first!.id, [{ question: where!.id, text: 'A museum' }]));
  await db
    .insert(questionnaireAnswers)
    .values(answer(second!.id, [{ question: weekend!.id, text: 'Hiking' }]));
  await db.insert(questionnaireAnswers).values(
    answer(first!.id, [
      { question: when!.id, text: 'Friday' },
      { question: 999_999, text: 'A question since removed' },
      { question: where!.id, text: 'A jazz bar' },
    ]),
  );
}

/** Main-chat messages 1..count, and one in a match, which the main chat never reads. */
async function chatLines(db: AppDatabase, owner: Owner, count: number): Promise<number[]> {
  const ids: number[] = [];
  for (let n = 1; n <= count; n += 1) {
    const [row] = await db
      .insert(chatMessages)
      .values({
        ...ownerColumns(owner),
        role: n % 2 ? 'user' : 'ai',
        body: `line ${n}`,
        ...(n === 3 && { imageUrl: '/media/chat/photo.jpg' }),
      })
      .returning();
    ids.push(row!.id);
  }
  const [match] = await db
    .insert(matches)
    .values({ ...ownerColumns(owner), name: 'Sam' })
    .returning();
  await db
    .insert(chatMessages)
    .values({ ...ownerColumns(owner), role: 'user', body: 'about Sam', matchId: match!.id });
  return ids;
}

describeEachDatabase('what a chat reply is written from, in one statement', (getApp) => {
  it("reads an account's profile, current questionnaire answers, newest turns and style as the separate reads do", async () => {
    const app = getApp();
    const db = app.database.db;
    const { user } = await signUpByEmail(app);
    const owner: Owner = { kind: 'account', userId: user.pk, uid: null };
    await db.update(users).set({ firstName: 'Ada' }).where(eq(users.id, user.pk));
    const [later, earlier] = await db
      .insert(profileQuestions)
      .values([
        { text: 'What do you love?', kind: 'text', position: 902 },
        { text: 'Who are you?', kind: 'text', position: 901 },
      ])
      .returning();
    await db.insert(profileAnswers).values([
      { userId: user.pk, questionId: later!.id, text: 'Climbing' },
      { userId: user.pk, questionId: earlier!.id, text: 'A cook' },
    ]);
    await answerQuestionnaires(db, owner);
    const ids = await chatLines(db, owner, 15);
    const samples = ['lol same', 'omg no way'];
    await db
      .insert(styleProfiles)
      .values({ ...ownerColumns(owner), samples, profile: styleProfileJson(styleProfileOf(samples)) });

    const read = (who: Owner, before?: number) => readAlone(db, promptMaterialAlong(who, before));
    const material = await read(owner);
    expect(material.profile).toEqual(await userProfileOf(db, owner));
    expect(material.profile.answers.map((answer) => answer.text)).toEqual(['A cook', 'Climbing']);
    expect(material.profile.questionnaire).toEqual([
      { question: 'When?', text: 'Friday' },
      { question: 'Where would you go?', text: 'A jazz bar' },
      { question: 'A perfect weekend?', text: 'Hiking' },
    ]);
    expect(material.history.map((turn) => turn.body)).toEqual(
      Array.from({ length: 12 }, (_, n) => `line ${n + 4}`),
    );
    expect(material.history[0]).toEqual({ role: 'ai', body: 'line 4', image: null });
    expect(material.style).toEqual(await personalStyleOf(db, owner));

    // Before a message (a regenerate): the turns before it, the photo's URL kept.
    const before = await read(owner, ids[4]);
    expect(before.history).toEqual([
      { role: 'user', body: 'line 1', image: null },
      { role: 'ai', body: 'line 2', image: null },
      { role: 'user', body: 'line 3', image: '/media/chat/photo.jpg' },
      { role: 'ai', body: 'line 4', image: null },
    ]);
  });

  it("reads a visitor's own rows only, and nothing for a visitor who has none", async () => {
    const db = getApp().database.db;
    const visitor: Owner = { kind: 'visitor', uid: randomUUID() };
    await answerQuestionnaires(db, visitor);
    await chatLines(db, visitor, 2);
    const read = (who: Owner, before?: number) => readAlone(db, promptMaterialAlong(who, before));
    const material = await read(visitor);
    expect(material.profile).toEqual(await userProfileOf(db, visitor));
    expect(material.profile.firstName).toBeUndefined();
    expect(material.history.map((turn) => turn.body)).toEqual(['line 1', 'line 2']);
    expect(material.style).toBeUndefined();
    expect(await read({ kind: 'visitor', uid: randomUUID() })).toEqual({
      profile: { firstName: undefined, answers: [], questionnaire: [] },
      history: [],
    });
  });
});
