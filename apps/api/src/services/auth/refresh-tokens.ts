import type { Clock } from '@wingmate/runtime';
import { and, eq, isNull } from 'drizzle-orm';
import { createCipheriv, createDecipheriv, createHmac, randomBytes, randomUUID } from 'node:crypto';
import type { AppDatabase } from '../../db/database';
import { refreshTokens, sessions, users } from '../../db/schema';
import { randomToken, tokenDigest } from './secrets';

/** Refresh tokens live 30 days and are rotated on every use (docs/decisions.md#auth-appsapi). */
export const REFRESH_TOKEN_DAYS = 30;
const REFRESH_TOKEN_MS = REFRESH_TOKEN_DAYS * 24 * 60 * 60 * 1000;

/**
 * A token rotated this recently, presented again, answers the pair it was rotated into (two tabs, or an answer
 * lost on the way): docs/decisions.md#sign-in-and-account-security. Later, a repeat is reuse and revokes the family.
 */
export const ROTATION_GRACE_MS = 10 * 1000;

export interface TokenPair {
  readonly access: string;
  readonly refresh: string;
}

/** A new session's first refresh token, and the session's id (the `sid` of its access tokens). */
export interface StartedSession {
  readonly refresh: string;
  readonly sessionId: string;
}

/** Makes the access token of a rotated pair (`Sessions` holds the signing key). */
export type IssueAccess = (userId: number, sessionGeneration: number, sessionId: string) => Promise<string>;

export type RotationResult =
  | { readonly ok: true; readonly userId: number; readonly pair: TokenPair }
  | { readonly ok: false; readonly reason: 'unknown' | 'expired' | 'revoked' | 'reused' };

/**
 * Opaque refresh tokens, stored as SHA-256. A token is spent by rotation; presenting a spent one again means two
 * holders of one token (theft, or a bug), so the whole family, the newest token included, is revoked. A family
 * renews one session (`sessions`, whose id is the family's): revoking the family revokes the session, which stops
 * its access tokens too (docs/decisions.md#sessions-in-the-browser).
 */
export class RefreshTokens {
  constructor(
    private readonly db: AppDatabase,
    private readonly clock: Clock,
  ) {}

  /** Starts a new session and its family (a sign-in). */
  async start(db: AppDatabase, userId: number): Promise<StartedSession> {
    const sessionId = randomUUID();
    await db.insert(sessions).values({ id: sessionId, userId, createdAt: new Date(this.clock.now()) });
    return { refresh: await this.insert(db, userId, sessionId), sessionId };
  }

  /**
   * Spends `token` for a new pair (`issueAccess` makes its access token). The new pair is kept sealed with a key
   * derived from `token` itself, which the database never holds: within the grace period the same token gets
   * the same pair back, and nobody who reads the database can open it.
   */
  async rotate(token: string, issueAccess: IssueAccess): Promise<RotationResult> {
    const now = new Date(this.clock.now());
    const tokenHash = tokenDigest(token);
    return this.db.transaction(async (tx) => {
      // The user's row first, shared: "sign out everywhere" takes it before revoking, so a rotation either
      // ends first (and its new token is revoked with the rest) or waits and finds its token revoked.
      const [owner] = await tx
        .select({ userId: refreshTokens.userId })
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, tokenHash));
      if (!owner) return { ok: false, reason: 'unknown' } as const;
      const [user] = await tx
        .select({ sessionGeneration: users.sessionGeneration })
        .from(users)
        .where(eq(users.id, owner.userId))
        .for('share');
      if (!user) return { ok: false, reason: 'unknown' } as const;
      const [row] = await tx
        .select()
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, tokenHash))
        .for('update');
      if (!row) return { ok: false, reason: 'unknown' } as const;
      if (row.revokedAt) return { ok: false, reason: 'revoked' } as const;
      if (row.rotatedAt) {
        const repeat = now.getTime() - row.rotatedAt.getTime() <= ROTATION_GRACE_MS;
        const pair = repeat && row.successorSealed ? unseal(token, row.successorSealed) : undefined;
        if (pair) return { ok: true, userId: row.userId, pair } as const;
        await this.revokeFamilyIn(tx, row.familyId, now);
        return { ok: false, reason: 'reused' } as const;
      }
      if (row.expiresAt <= now) return { ok: false, reason: 'expired' } as const;
      const refresh = await this.insert(tx, row.userId, row.familyId);
      const access = await issueAccess(row.userId, user.sessionGeneration, row.familyId);
      const pair = { access, refresh };
      await tx
        .update(refreshTokens)
        .set({ rotatedAt: now, successorSealed: seal(token, pair) })
        .where(eq(refreshTokens.id, row.id));
      return { ok: true, userId: row.userId, pair } as const;
    });
  }

  /** Logout: revokes the token's session. An unknown token is no error (it signs out nothing). */
  async revokeFamilyOf(token: string): Promise<void> {
    const [row] = await this.db
      .select({ familyId: refreshTokens.familyId })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, tokenDigest(token)));
    if (row) await this.revokeSession(row.familyId);
  }

  /** Logout by an access token's `sid`: the session and its refresh tokens. An unknown id ends nothing. */
  async revokeSession(sessionId: string): Promise<void> {
    const now = new Date(this.clock.now());
    await this.db.transaction((tx) => this.revokeFamilyIn(tx, sessionId, now));
  }

  /** Every session and refresh token of the user (see `Sessions.endAll`, which also ends the login links). */
  async revokeAllOf(db: AppDatabase, userId: number): Promise<void> {
    const now = new Date(this.clock.now());
    await db
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
    await db
      .update(refreshTokens)
      .set({ revokedAt: now })
      .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
  }

  private async revokeFamilyIn(db: AppDatabase, familyId: string, now: Date): Promise<void> {
    await db
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.id, familyId), isNull(sessions.revokedAt)));
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

/** AES-256-GCM under a key that only the holder of `token` can derive (the database keeps its SHA-256). */
function sealingKey(token: string): Buffer {
  return createHmac('sha256', token).update('wingmate refresh successor').digest();
}

function seal(token: string, pair: TokenPair): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealingKey(token), iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(pair), 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((part) => part.toString('base64url')).join('.');
}

function unseal(token: string, sealed: string): TokenPair | undefined {
  try {
    const [iv, tag, body] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
    if (!iv || !tag || !body) return undefined;
    const decipher = createDecipheriv('aes-256-gcm', sealingKey(token), iv);
    decipher.setAuthTag(tag);
    const text = Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
    const pair = JSON.parse(text) as TokenPair;
    return typeof pair.access === 'string' && typeof pair.refresh === 'string' ? pair : undefined;
  } catch {
    return undefined;
  }
}
