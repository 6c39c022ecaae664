import type { Clock } from '@wingmate/runtime';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { AppDatabase } from '../../db/database';
import { loginTokens, users, type UserRow } from '../../db/schema';
import { randomToken, tokenDigest } from './secrets';

const LOGIN_TOKEN_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * Login-link keys: the `?token=` of docs/product.md#sessions-and-tokens, which the web app sends back as
 * `Authorization: Token <key>`. Later work (links in SMS and e-mails) issues them; they are stored hashed and can be
 * revoked.
 */
export class LoginTokens {
  constructor(
    private readonly db: AppDatabase,
    private readonly clock: Clock,
  ) {}

  async issue(userId: number): Promise<string> {
    const key = randomToken();
    const now = this.clock.now();
    await this.db.insert(loginTokens).values({
      userId,
      keyHash: tokenDigest(key),
      createdAt: new Date(now),
      expiresAt: new Date(now + LOGIN_TOKEN_MS),
    });
    return key;
  }

  /** The user of a live key, or undefined. */
  async userOf(key: string): Promise<UserRow | undefined> {
    const [row] = await this.db
      .select({ user: users })
      .from(loginTokens)
      .innerJoin(users, eq(users.id, loginTokens.userId))
      .where(
        and(
          eq(loginTokens.keyHash, tokenDigest(key)),
          isNull(loginTokens.revokedAt),
          gt(loginTokens.expiresAt, new Date(this.clock.now())),
        ),
      );
    return row?.user;
  }

  /** Every live key of the user (sign out everywhere, a password change), in the caller's transaction. */
  async revokeAllOf(db: AppDatabase, userId: number): Promise<void> {
    await db
      .update(loginTokens)
      .set({ revokedAt: new Date(this.clock.now()) })
      .where(and(eq(loginTokens.userId, userId), isNull(loginTokens.revokedAt)));
  }

  async revoke(key: string): Promise<void> {
    await this.db
      .update(loginTokens)
      .set({ revokedAt: new Date(this.clock.now()) })
      .where(eq(loginTokens.keyHash, tokenDigest(key)));
  }
}
