import type { AuthTokens, TokenPair } from '@wingmate/api-contract';
import { eq, sql } from 'drizzle-orm';
import type { AppDatabase } from '../../db/database';
import { users, type UserRow } from '../../db/schema';
import type { AccessTokens } from './access-tokens';
import { userJson } from '../account/accounts';
import { tokenNotValid } from './auth-problems';
import type { LoginTokens } from './login-tokens';
import type { RefreshTokens } from './refresh-tokens';

/** Sign-in results and their renewal: an access JWT with a refresh token of a new family. */
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
    const refresh = await this.refreshTokens.start(db, user.id);
    const access = await this.accessTokens.issue(user.id, user.sessionGeneration);
    return { access, refresh, user: userJson(user, this.systemNumber) };
  }

  /** A new pair; the same token again within 10 s answers the same pair (see `RefreshTokens.rotate`). */
  async refresh(token: string): Promise<TokenPair> {
    const result = await this.refreshTokens.rotate(token, (userId, generation) =>
      this.accessTokens.issue(userId, generation),
    );
    if (!result.ok) throw tokenNotValid();
    return { access: result.pair.access, refresh: result.pair.refresh };
  }

  logout(token: string): Promise<void> {
    return this.refreshTokens.revokeFamilyOf(token);
  }

  /** "Sign out everywhere" (`/auth/logout/all/`): every session of the user ends, in one transaction. */
  async logoutAll(userId: number): Promise<void> {
    await this.db.transaction((tx) => this.endAll(tx, userId));
  }

  /**
   * Ends every session of the user in the caller's transaction: the session generation goes up (access tokens
   * issued before stop working at once), and every refresh token and login link is revoked. Answers the user
   * with the new generation, for a caller that signs this device in again (a password change).
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
}
