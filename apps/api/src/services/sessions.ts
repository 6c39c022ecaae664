import type { AuthTokens, TokenPair } from '@wingmate/api-contract';
import type { AppDatabase } from '../db/database';
import type { UserRow } from '../db/schema';
import type { AccessTokens } from './access-tokens';
import { userJson } from './accounts';
import { tokenNotValid } from './auth-problems';
import type { RefreshTokens } from './refresh-tokens';

/** Sign-in results and their renewal: an access JWT with a refresh token of a new family. */
export class Sessions {
  constructor(
    private readonly accessTokens: AccessTokens,
    private readonly refreshTokens: RefreshTokens,
    private readonly systemNumber: string,
  ) {}

  /** Signs the user in; `db` may be the caller's transaction, so a failed sign-up leaves no token behind. */
  async start(db: AppDatabase, user: UserRow): Promise<AuthTokens> {
    const refresh = await this.refreshTokens.start(db, user.id);
    const access = await this.accessTokens.issue(user.id);
    return { access, refresh, user: userJson(user, this.systemNumber) };
  }

  /** A new pair; the same token again within 10 s answers the same pair (see `RefreshTokens.rotate`). */
  async refresh(token: string): Promise<TokenPair> {
    const result = await this.refreshTokens.rotate(token, (userId) => this.accessTokens.issue(userId));
    if (!result.ok) throw tokenNotValid();
    return { access: result.pair.access, refresh: result.pair.refresh };
  }

  logout(token: string): Promise<void> {
    return this.refreshTokens.revokeFamilyOf(token);
  }
}
