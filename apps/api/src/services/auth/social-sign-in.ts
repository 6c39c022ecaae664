import type { SignInOrUpTokens } from '@wingmate/api-contract';
import type { Clock } from '@wingmate/runtime';
import { and, eq } from 'drizzle-orm';
import type { VerifiedIdentity } from '../../adapters/identity/ports';
import type { AppDatabase } from '../../db/database';
import { socialIdentities, users, type UserRow } from '../../db/schema';
import { Problem } from '../../problem';
import { linkVisitor, userByEmail } from '../account/accounts';
import { isUniqueViolation } from '../../db/postgres-errors';
import type { Sessions } from './sessions';

export interface SocialExtras {
  readonly uid?: string;
  /** Apple gives the name only to the app, only the first time: the client passes it on. */
  readonly firstName?: string;
  readonly lastName?: string;
  /** The sign-up form's "I am 18 or older and accept the terms": a new account keeps the time. */
  readonly termsAccepted?: boolean;
}

/**
 * Google and Apple sign in or create (`created` says which: docs/decisions.md#contract-packagesapi-contract). A
 * provider account joins an existing e-mail account only when both e-mails are verified; otherwise signing in must go
 * through that account first.
 */
export class SocialSignIn {
  constructor(
    private readonly db: AppDatabase,
    private readonly clock: Clock,
    private readonly sessions: Sessions,
  ) {}

  async signIn(identity: VerifiedIdentity, extras: SocialExtras): Promise<SignInOrUpTokens> {
    try {
      return await this.attempt(identity, extras);
    } catch (error) {
      // A first sign-in raced with another one of the same person: the second now finds the account.
      if (isUniqueViolation(error)) return this.attempt(identity, extras);
      throw error;
    }
  }

  private attempt(identity: VerifiedIdentity, extras: SocialExtras): Promise<SignInOrUpTokens> {
    return this.db.transaction(async (tx) => {
      const { user, created } = await this.accountOf(tx, identity, extras);
      await linkVisitor(tx, extras.uid, user.id);
      return { ...(await this.sessions.start(tx, user)), created };
    });
  }

  private async accountOf(
    tx: AppDatabase,
    identity: VerifiedIdentity,
    extras: SocialExtras,
  ): Promise<{ user: UserRow; created: boolean }> {
    const [known] = await tx
      .select({ user: users })
      .from(socialIdentities)
      .innerJoin(users, eq(users.id, socialIdentities.userId))
      .where(
        and(eq(socialIdentities.provider, identity.provider), eq(socialIdentities.subject, identity.subject)),
      );
    if (known) return { user: known.user, created: false };

    const email = identity.emailVerified ? identity.email : null;
    const holder = email ? await userByEmail(tx, email) : undefined;
    if (holder) {
      if (!holder.emailVerifiedAt) throw accountExists(identity.provider);
      await this.link(tx, holder.id, identity);
      return { user: holder, created: false };
    }
    const now = new Date(this.clock.now());
    const [user] = await tx
      .insert(users)
      .values({
        email,
        emailVerifiedAt: email ? now : null,
        firstName: extras.firstName || identity.firstName || '',
        lastName: extras.lastName || identity.lastName || '',
        dateJoined: now,
        termsAcceptedAt: extras.termsAccepted ? now : null,
      })
      .returning();
    if (!user) throw new Error('The new user was not returned');
    await this.link(tx, user.id, identity);
    return { user, created: true };
  }

  private async link(tx: AppDatabase, userId: number, identity: VerifiedIdentity): Promise<void> {
    await tx.insert(socialIdentities).values({
      userId,
      provider: identity.provider,
      subject: identity.subject,
      email: identity.email,
      createdAt: new Date(this.clock.now()),
    });
  }
}

function accountExists(provider: VerifiedIdentity['provider']): Problem {
  const name = provider === 'google' ? 'Google' : 'Apple';
  return Problem.detail(
    409,
    `An account with this e-mail address already exists. Sign in with your password and verify your e-mail first; then ${name} sign-in joins it.`,
    'account_exists',
  );
}
