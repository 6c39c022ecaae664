import type { FastifyInstance } from 'fastify';
import { chatMessages } from '../db/schema';

/**
 * Writes a long conversation of the member straight into the history: `count` messages, the person's and the
 * AI's in turn, of varied lengths (one to several lines), a second apart, the newest now. Answers the newest
 * message's text, which a screen that opens at the bottom shows.
 */
export async function seedConversation(app: FastifyInstance, userId: number, count: number): Promise<string> {
  const now = Date.now();
  const rows = Array.from({ length: count }, (_, index) => {
    const role = index % 2 === 0 ? ('user' as const) : ('ai' as const);
    const sentence = role === 'user' ? 'What should I say to her next?' : 'Ask about the trip she mentioned.';
    const body = `Message ${index + 1}: ${Array.from({ length: 1 + (index % 5) }, () => sentence).join(' ')}`;
    return { userId, role, body, createdAt: new Date(now - (count - index) * 1000) };
  });
  await app.database.db.insert(chatMessages).values(rows);
  return rows[rows.length - 1]!.body;
}
