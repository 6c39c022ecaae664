import type { Clock } from '@wingmate/runtime';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AccountDeletion } from '../../services/account/account-deletion';

declare module 'fastify' {
  interface FastifyInstance {
    /** Deletes an account and its data (docs/decisions.md#sign-in-and-account-security). */
    accountDeletion: AccountDeletion;
  }
}

/**
 * The account's services that need more than sign-in: deletion cancels renewals at the payment provider and
 * removes uploads, so it is built after memberships and uploads. The rest of the account's services (confirm,
 * e-mail change, passwords) are sign-in's, in `app.auth`.
 */
export const accountPlugin = fp(
  // eslint-disable-next-line @typescript-eslint/require-await -- Fastify plugin: only a returned promise carries a throw to register()
  async (app: FastifyInstance, options: { clock: Clock }) => {
    app.decorate(
      'accountDeletion',
      new AccountDeletion({
        db: app.database.db,
        clock: options.clock,
        ownerProof: app.auth.ownerProof,
        payments: app.paymentProvider,
        uploads: app.uploadStorage,
        log: app.log,
      }),
    );
  },
  { name: 'account', dependencies: ['database', 'auth-services', 'memberships', 'uploads'] },
);
