import { errorCodes } from '@wingmate/api-contract';
import type { Clock } from '@wingmate/runtime';
import { and, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import type { PaymentProvider } from '../../adapters/payments/ports';
import type { UploadStorage } from '../../adapters/storage/ports';
import type { AppDatabase } from '../../db/database';
import {
  abtestAssignments,
  billingProfiles,
  bioImages,
  chatMessages,
  conversionEvents,
  datingBios,
  idempotencyKeys,
  imageReviews,
  matches,
  messageCounters,
  outboxMessages,
  phonePins,
  plans,
  questionnaireAnswers,
  retainedPayments,
  signInFailures,
  styleProfiles,
  suggestions,
  userPlans,
  users,
  utmParams,
  visitorAccounts,
  visitors,
  type UserRow,
} from '../../db/schema';
import { Problem } from '../../problem';
import type { Executor } from '../memberships/payments';
import { hasChargeUnderWay, lockMember } from '../memberships/spending-reservations';
import { chatPhotoKeys } from '../chat/history-deletion';
import { storedKeysOf } from '../images/image-pipeline';
import { matchPhotoKeys } from '../matches/match-photos';
import type { AccountOwnerProof, OwnerProof } from './account-owner-proof';

/** Plans whose renewal is still to come: their subscription is cancelled at the provider first. */
const RENEWING = ['active', 'trialing', 'past_due'] as const;

export interface AccountDeletionDependencies {
  readonly db: AppDatabase;
  readonly ownerProof: AccountOwnerProof;
  readonly clock: Clock;
  readonly payments: PaymentProvider;
  readonly uploads: UploadStorage;
  readonly log: FastifyBaseLogger;
}

/**
 * Deletes an account (docs/decisions.md#sign-in-and-account-security): renewals are cancelled at the
 * provider first (a failure there deletes nothing), then one transaction keeps what payment law needs of its
 * payments (amounts, dates, provider ids) with nothing that points to the person, deletes every row of the user
 * and of the visitor ids it signed in from, and so every session; the uploaded files go after the commit.
 */
export class AccountDeletion {
  constructor(private readonly deps: AccountDeletionDependencies) {}

  /**
   * The proof is the password; an account without one sends the code of `accounts/user/confirm/ {purpose:
   * "delete"}` instead. Wrong passwords slow the address like a sign-in's.
   */
  async delete(user: UserRow, proof: OwnerProof, ip: string): Promise<void> {
    await this.deps.ownerProof.prove(user, proof, ip, {
      purpose: 'delete',
      askPassword: 'Enter your password to delete your account.',
      askCode: 'Enter the code we sent to confirm the deletion.',
    });
    // Checked first so a refusal cancels nothing, and again with the member locked
    // (docs/decisions.md#spending-reservations).
    await this.refuseDuringCharge(this.deps.db, user.id);
    await this.cancelRenewals(user.id);
    await this.erase(user);
  }

  /** A charge under way finishes first: its payment is recorded before the account can go. */
  private async refuseDuringCharge(db: Executor, userId: number): Promise<void> {
    if (!(await hasChargeUnderWay(db, userId, new Date(this.deps.clock.now())))) return;
    throw Problem.detail(
      409,
      'A payment of yours is being made right now, so nothing was deleted. Please try again in a minute.',
      errorCodes.paymentInProgress,
    );
  }

  private async erase(user: UserRow): Promise<void> {
    const { db, clock } = this.deps;
    const now = new Date(clock.now());
    const uploads = await db.transaction(async (tx) => {
      // Serialised with charges on the member's row: a charge that starts now waits, then finds no account.
      await lockMember(tx, user.id);
      await this.refuseDuringCharge(tx, user.id);
      const uids = (
        await tx
          .select({ uid: visitorAccounts.uid })
          .from(visitorAccounts)
          .where(eq(visitorAccounts.userId, user.id))
      ).map((row) => row.uid);
      const byUserOrUid = (table: { userId: AnyPgColumn; uid: AnyPgColumn }) =>
        uids.length === 0
          ? eq(table.userId, user.id)
          : or(eq(table.userId, user.id), and(isNull(table.userId), inArray(table.uid, uids)));

      const images = await tx
        .select({ key: bioImages.storageKey, widths: bioImages.widths })
        .from(bioImages)
        .where(byUserOrUid(bioImages));
      const photos = await tx
        .select({ imageKey: chatMessages.imageKey, imageWidths: chatMessages.imageWidths })
        .from(chatMessages)
        .where(and(byUserOrUid(chatMessages), isNotNull(chatMessages.imageKey)));
      const matchPhotos = await matchPhotoKeys(tx, byUserOrUid(matches));

      await this.retainPayments(tx, user.id, now);
      // Rows that name the visitor or the person without a cascade from `users`.
      await tx.delete(conversionEvents).where(byUserOrUid(conversionEvents));
      for (const table of [
        chatMessages,
        datingBios,
        bioImages,
        imageReviews,
        questionnaireAnswers,
        utmParams,
        styleProfiles,
        suggestions,
        // A match takes its photos, transcript, memory and imports with it (foreign keys cascade).
        matches,
      ]) {
        await tx.delete(table).where(byUserOrUid(table));
      }
      if (uids.length > 0) {
        await tx
          .delete(abtestAssignments)
          .where(and(isNull(abtestAssignments.userId), inArray(abtestAssignments.uid, uids)));
        await tx.delete(visitors).where(inArray(sql`${visitors.uid}::text`, uids));
        await tx.delete(messageCounters).where(
          inArray(
            messageCounters.key,
            uids.map((uid) => `uid:${uid}`),
          ),
        );
      }
      const callers = [`user:${user.id}`, ...uids.map((uid) => `uid:${uid}`)];
      await tx.delete(idempotencyKeys).where(inArray(idempotencyKeys.caller, callers));
      await tx.delete(messageCounters).where(eq(messageCounters.key, `user:${user.id}`));
      const contacts = [user.phoneNumber, user.email].filter((contact): contact is string =>
        Boolean(contact),
      );
      if (contacts.length > 0)
        await tx.delete(outboxMessages).where(inArray(outboxMessages.recipient, contacts));
      if (user.phoneNumber) await tx.delete(phonePins).where(eq(phonePins.phoneNumber, user.phoneNumber));
      const accounts = [`user:${user.id}`, user.phoneNumber, user.email?.toLowerCase()].filter(Boolean);
      for (const account of accounts) {
        await tx.delete(signInFailures).where(sql`${signInFailures.key} like ${`%:${account}:%`}`);
      }
      // Everything else of the user goes with it (foreign keys cascade): identities, codes, refresh tokens and
      // login keys (every session ends), answers, roasts, notices, feedback, plans, card, visitor links, inbound
      // texts. The number's SMS opt-out stays: it belongs to the number, which must stay opted out
      // (docs/product.md#a-wingmate-by-text-message).
      await tx.delete(users).where(eq(users.id, user.id));
      // Every stored width of every photo (docs/decisions.md#screens), not only the originals.
      return [
        ...images.flatMap((row) => storedKeysOf(row.key, row.widths)),
        ...photos.flatMap(chatPhotoKeys),
        ...matchPhotos,
      ];
    });
    for (const key of uploads) {
      await this.deps.uploads.delete(key).catch((error: unknown) => {
        this.deps.log.error({ err: error }, 'an upload of a deleted account could not be deleted');
      });
    }
  }

  private async cancelRenewals(userId: number): Promise<void> {
    const renewing = await this.deps.db
      .select({ subscriptionId: userPlans.subscriptionId })
      .from(userPlans)
      .where(
        and(
          eq(userPlans.userId, userId),
          eq(userPlans.complete, true),
          eq(userPlans.cancelAtPeriodEnd, false),
          isNotNull(userPlans.subscriptionId),
          inArray(userPlans.status, [...RENEWING]),
        ),
      );
    for (const { subscriptionId } of renewing) {
      try {
        await this.deps.payments.cancelAtPeriodEnd(subscriptionId!);
      } catch (error) {
        this.deps.log.error({ err: error }, 'a renewal of an account being deleted could not be cancelled');
        throw Problem.detail(
          503,
          'We could not cancel your subscription right now, so nothing was deleted. Please try again in a moment.',
        );
      }
    }
  }

  /** Paid plans, as payment law keeps them: amounts, dates and the provider's ids, with no user. */
  private async retainPayments(tx: AppDatabase, userId: number, now: Date): Promise<void> {
    const [billing] = await tx
      .select({ customerId: billingProfiles.customerId })
      .from(billingProfiles)
      .where(eq(billingProfiles.userId, userId));
    const paid = await tx
      .select({ userPlan: userPlans, planName: plans.name })
      .from(userPlans)
      .innerJoin(plans, eq(plans.id, userPlans.planId))
      .where(and(eq(userPlans.userId, userId), eq(userPlans.complete, true)));
    if (paid.length === 0) return;
    await tx.insert(retainedPayments).values(
      paid.map(({ userPlan, planName }) => ({
        provider: userPlan.provider,
        customerId: billing?.customerId ?? null,
        paymentRef: userPlan.paymentRef,
        subscriptionId: userPlan.subscriptionId,
        planName,
        status: userPlan.status,
        amountCents: userPlan.amountCents,
        currency: userPlan.currency,
        paidAt: userPlan.createdAt,
        retainedAt: now,
      })),
    );
  }
}
