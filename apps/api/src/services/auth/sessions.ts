import type { AuthTokens, TokenPair } from '@wingmate/api-contract';
import { eq, sql } from 'drizzle-orm';
import type { AppDatabase } from '../../db/database';
import { users, type UserRow } from '../../db/schema';
import { InvalidAccessTokenError, type AccessTokens } from './access-tokens';
import { userJson } from '../account/accounts';
import { tokenNotValid } from './auth-problems';
import type { LoginTokens } from './login-tokens';
import type { RefreshTokens } from './refresh-tokens';

/**
 * Sign-in results and their renewal: an access JWT with a refresh token of a new session, the access token naming
 * the session (`sid`) so that it ends with it (docs/decisions.md#sessions-in-the-browser).
 */
export class Sessions {
  constructor(
    private readonly db: AppDatabase,
    private readonly accessTokens: AccessTokens,
    private readonly refreshTokens: RefreshTokens,
    private readonly loginTokens: LoginTokens,
    private readonly systemNumber: string,
  ) {}

  /** Signs the user in; `db` may be the caller's transaction, so a failed sign-up leaves no token behind. */
  async start(db: AppDatabase, user: UserRow): Promise<AuthTokens> {
    const { refresh, sessionId } = await this.refreshTokens.start(db, user.id);
    const access = await this.accessTokens.issue(user.id, user.sessionGeneration, sessionId);
    return { access, refresh, user: userJson(user, this.systemNumber) };
  }

  /** A new pair; the same token again within 10 s answers the same pair (see `RefreshTokens.rotate`). */
  async refresh(token: string): Promise<TokenPair> {
    const result = await this.refreshTokens.rotate(token, (userId, generation, sessionId) =>
      this.accessTokens.issue(userId, generation, sessionId),
    );
    if (!result.ok) throw tokenNotValid();
    return { access: result.pair.access, refresh: result.pair.refresh };
  }

  /**
   * Ends the session named by a refresh token, by an access token (`Bearer` credential; expired is fine, forged
   * ends nothing), or both. Unknown tokens end nothing and are no error.
   */
  async logout(held: { refresh?: string; access?: string }): Promise<void> {
    if (held.refresh) await this.refreshTokens.revokeFamilyOf(held.refresh);
    const sessionId = held.access ? this.sessionNamedBy(held.access) : undefined;
    if (sessionId) await this.refreshTokens.revokeSession(sessionId);
  }

  /** "Sign out everywhere" (`/auth/logout/all/`): every session of the user ends, in one transaction. */
  async logoutAll(userId: number): Promise<void> {
    await this.db.transaction((tx) => this.endAll(tx, userId));
  }

  /**
   * Ends every session of the user in the caller's transaction: the session generation goes up (access tokens
   * issued before stop working at once), and every session, refresh token and login link is revoked. Answers the
   * user with the new generation, for a caller that signs this device in again (a password change).
   */
  async endAll(tx: AppDatabase, userId: number): Promise<UserRow> {
    // The user's row first: a concurrent rotation holds it shared until its new token is written.
    const [user] = await tx
      .update(users)
      .set({ sessionGeneration: sql`${users.sessionGeneration} + 1` })
      .where(eq(users.id, userId))
      .returning();
    if (!user) throw tokenNotValid();
    await this.refreshTokens.revokeAllOf(tx, userId);
    await this.loginTokens.revokeAllOf(tx, userId);
    return user;
  }

  private sessionNamedBy(access: string): string | undefined {
    try {
      return this.accessTokens.sessionOf(access);
    } catch (error) {
      if (error instanceof InvalidAccessTokenError) return undefined;
      throw error;
    }
  }
}
