import { randomUUID } from 'node:crypto';
import { chatMessages, matches } from '../../db/schema';
import { signUpByEmail } from '../../testing/sign-in';
import { describeEachDatabase } from '../../testing/test-app';
import type { Owner } from '../owner/owner';
import { pageRequest } from '../shared/pages';
import { chatHistory } from './history';

describeEachDatabase('a chat history page', (getApp) => {
  const url = 'http://localhost/api/v1/mobile/new_ai_history/';
  const messages = (owner: { userId: number | null; uid: string | null }, count: number, matchId?: number) =>
    Array.from({ length: count }, (_, index) => ({
      ...owner,
      role: index % 2 === 0 ? 'user' : 'ai',
      body: `message ${index}`,
      matchId: matchId ?? null,
    }));

  it("counts the owner's main chat only, whatever page is read", async () => {
    const { db } = getApp().database;
    const [me, other] = await Promise.all([signUpByEmail(getApp()), signUpByEmail(getApp())]);
    const userId = me.user.pk;
    const [match] = await db.insert(matches).values({ userId, name: 'Sam' }).returning();
    await db
      .insert(chatMessages)
      .values([
        ...messages({ userId, uid: null }, 45),
        ...messages({ userId, uid: null }, 7, match!.id),
        ...messages({ userId: other.user.pk, uid: null }, 30),
      ] as (typeof chatMessages.$inferInsert)[]);
    const owner: Owner = { kind: 'account', userId, uid: null };
    for (const number of [1, 2, 3]) {
      const page = await chatHistory(db, owner, pageRequest(number, url));
      expect(page.count).toBe(45);
      expect(page.results).toHaveLength(number < 3 ? 20 : 5);
    }
    const first = await chatHistory(db, owner, pageRequest(1, url));
    expect(first.results[0]!.body).toBe('message 44');
  });

  it("counts a visitor's own messages, not those of its uid that an account owns", async () => {
    const { db } = getApp().database;
    const uid = randomUUID();
    const account = await signUpByEmail(getApp());
    await db
      .insert(chatMessages)
      .values([
        ...messages({ userId: null, uid }, 3),
        ...messages({ userId: account.user.pk, uid }, 4),
      ] as (typeof chatMessages.$inferInsert)[]);
    const page = await chatHistory(db, { kind: 'visitor', uid }, pageRequest(1, url));
    expect(page.count).toBe(3);
    expect(page.results.map((message) => message.body)).toEqual(['message 2', 'message 1', 'message 0']);
  });
});
