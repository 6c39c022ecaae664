import type { Clock } from '@wingmate/core-sdk';
import { and, eq, isNull } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { AppDatabase } from '../db/database';
import { refreshTokens } from '../db/schema';
import { randomToken, tokenDigest } from './secrets';

/** Refresh tokens live 30 days and are rotated on every use (decisions.md, "Auth"). */
export const REFRESH_TOKEN_DAYS = 30;
const REFRESH_TOKEN_MS = REFRESH_TOKEN_DAYS * 24 * 60 * 60 * 1000;

export type RotationResult =
  | { readonly ok: true; readonly userId: number; readonly refresh: string }
  | { readonly ok: false; readonly reason: 'unknown' | 'expired' | 'revoked' | 'reused' };

/**
 * Opaque refresh tokens, stored as SHA-256. A token is spent by rotation; presenting a spent one again means two
 * holders of one token (theft, or a bug), so the whole family, the newest token included, is revoked.
 */
export class RefreshTokens {
  constructor(
    private readonly db: AppDatabase,
    private readonly clock: Clock,
  ) {}

  /** Starts a new family (a sign-in). */
  async start(db: AppDatabase, userId: number): Promise<string> {
    return this.insert(db, userId, randomUUID());
  }

  async rotate(token: string): Promise<RotationResult> {
    const now = new Date(this.clock.now());
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, tokenDigest(token)))
        .for('update');
      if (!row) return { ok: false, reason: 'unknown' } as const;
      if (row.revokedAt) return { ok: false, reason: 'revoked' } as const;
      if (row.rotatedAt) {
        await this.revokeFamilyIn(tx, row.familyId, now);
        return { ok: false, reason: 'reused' } as const;
      }
      if (row.expiresAt <= now) return { ok: false, reason: 'expired' } as const;
      await tx.update(refreshTokens).set({ rotatedAt: now }).where(eq(refreshTokens.id, row.id));
      const refresh = await this.insert(tx, row.userId, row.familyId);
      return { ok: true, userId: row.userId, refresh } as const;
    });
  }

  /** Logout: revokes the token's family. An unknown token is no error (it signs out nothing). */
  async revokeFamilyOf(token: string): Promise<void> {
    const [row] = await this.db
      .select({ familyId: refreshTokens.familyId })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, tokenDigest(token)));
    if (row) await this.revokeFamilyIn(this.db, row.familyId, new Date(this.clock.now()));
  }

  /** Every session of the user ends (after a password reset). */
  async revokeAllOf(db: AppDatabase, userId: number): Promise<void> {
    await db
      .update(refreshTokens)
      .set({ revokedAt: new Date(this.clock.now()) })
      .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
  }

  private async revokeFamilyIn(db: AppDatabase, familyId: string, now: Date): Promise<void> {
    await db
      .update(refreshTokens)
      .set({ revokedAt: now })
      .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
  }

  private async insert(db: AppDatabase, userId: number, familyId: string): Promise<string> {
    const token = randomToken();
    const now = this.clock.now();
    await db.insert(refreshTokens).values({
      userId,
      familyId,
      tokenHash: tokenDigest(token),
      createdAt: new Date(now),
      expiresAt: new Date(now + REFRESH_TOKEN_MS),
    });
    return token;
  }
}
