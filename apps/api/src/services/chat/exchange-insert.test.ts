import { randomUUID } from 'node:crypto';
import type { Suggestion } from '@wingmate/api-contract';
import { eq } from 'drizzle-orm';
import { chatMessages, suggestions } from '../../db/schema';
import { signUpByEmail } from '../../testing/sign-in';
import { describeEachDatabase } from '../../testing/test-app';
import type { Owner } from '../owner/owner';
import { insertExchange, type ExchangeMessage } from './exchange-insert';

const offer = (tone: Suggestion['tone'], text: string): Suggestion => ({
  id: randomUUID(),
  kind: 'opener',
  tone,
  text,
  sounds_like_you: 70,
});

describeEachDatabase('the exchange insert', (getApp) => {
  const at = new Date('2030-01-15T12:00:00.000Z');
  const pair = (owner: { userId: number | null; uid: string | null }): [ExchangeMessage, ExchangeMessage] => [
    {
      ...owner,
      role: 'user',
      body: 'An opener, please',
      imageKey: 'chat/a.jpg',
      imageUrl: '/media/chat/a.jpg',
      imageWidths: [{ key: 'chat/a.jpg', url: '/media/chat/a.jpg', width: 640, height: 480 }],
      createdAt: at,
    },
    { ...owner, role: 'ai', body: 'Try this', model: 'offline', createdAt: at },
  ];

  it('stores both messages as given, the defaults of what a message leaves out, and answers them in order', async () => {
    const uid = randomUUID();
    const owner: Owner = { kind: 'visitor', uid };
    const [sent, reply] = await insertExchange(getApp().database.db, pair({ userId: null, uid }), {
      owner,
      suggestions: [],
      at: { matchId: null, createdAt: at },
    });
    expect(sent).toMatchObject({ role: 'user', uid, userId: null, imageKey: 'chat/a.jpg', model: null });
    expect(sent.imageWidths).toEqual([
      { key: 'chat/a.jpg', url: '/media/chat/a.jpg', width: 640, height: 480 },
    ]);
    expect(sent.createdAt.toISOString()).toBe(at.toISOString());
    expect(reply).toMatchObject({
      role: 'ai',
      body: 'Try this',
      model: 'offline',
      imageWidths: [],
      used: null,
    });
    expect(reply.id).toBeGreaterThan(sent.id);
  });

  it('stores the suggestions offered with the exchange, for each count of them', async () => {
    const { db } = getApp().database;
    const userId = (await signUpByEmail(getApp())).user.pk;
    const owner: Owner = { kind: 'account', userId, uid: null };
    for (const offered of [[offer('witty', 'One')], [offer('confident', 'Two'), offer('sincere', 'Three')]]) {
      await insertExchange(db, pair({ userId, uid: null }), {
        owner,
        suggestions: offered,
        at: { matchId: null, createdAt: at },
      });
    }
    const kept = await db.select().from(suggestions).where(eq(suggestions.userId, userId));
    expect(kept.map((row) => [row.tone, row.text, row.score, row.kind]).sort()).toEqual([
      ['confident', 'Two', 70, 'opener'],
      ['sincere', 'Three', 70, 'opener'],
      ['witty', 'One', 70, 'opener'],
    ]);
    expect(await db.select().from(chatMessages).where(eq(chatMessages.userId, userId))).toHaveLength(4);
  });

  it('stores nothing when a suggestion cannot be stored', async () => {
    const { db } = getApp().database;
    const userId = (await signUpByEmail(getApp())).user.pk;
    const owner: Owner = { kind: 'account', userId, uid: null };
    const twice = offer('witty', 'Same id');
    await expect(
      insertExchange(db, pair({ userId, uid: null }), {
        owner,
        suggestions: [twice, twice],
        at: { matchId: null, createdAt: at },
      }),
    ).rejects.toThrow();
    expect(await db.select().from(chatMessages).where(eq(chatMessages.userId, userId))).toEqual([]);
  });
});
