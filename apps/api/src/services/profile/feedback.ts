import type { Feedback } from '@wingmate/api-contract';
import type { AppDatabase } from '../../db/database';
import { feedback } from '../../db/schema';
import { Problem } from '../../problem';

export async function createFeedback(db: AppDatabase, userId: number, text: string): Promise<Feedback> {
  const trimmed = text.trim();
  if (!trimmed) throw Problem.field('text', 'This field may not be blank.');
  const [row] = await db.insert(feedback).values({ userId, text: trimmed }).returning();
  return { id: row!.id, text: row!.text, created_at: row!.createdAt.toISOString() };
}
