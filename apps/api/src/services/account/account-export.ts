import type { StyleProfile, UserExport } from '@wingmate/api-contract';
import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { AppDatabase } from '../../db/database';
import {
  abtestAssignments,
  billingProfiles,
  bioImages,
  chatMessages,
  conversionEvents,
  datingBios,
  datingBioVersions,
  feedback,
  imageReviewFollowUps,
  imageReviews,
  matches,
  payments,
  plans,
  profileAnswers,
  profileQuestions,
  questionnaireAnswers,
  questionnaireQuestions,
  questionnaires,
  roasts,
  socialIdentities,
  styleProfiles,
  suggestions,
  userPlans,
  utmParams,
  type UserRow,
} from '../../db/schema';
import { userJson } from './accounts';
import { centsToDollars } from '../memberships/money';
import { paymentJson } from '../memberships/payments';
import { spendingCapJson } from '../memberships/spending-cap';
import { exportMatches } from '../matches/match-export';
import { isOptedOut } from '../sms/opt-outs';

const iso = (date: Date) => date.toISOString();
const isoOrNull = (date: Date | null) => (date ? date.toISOString() : null);

/** Tracking columns by their names in the API (docs/product.md#tracking-parameters). */
const UTM_FIELDS = {
  ctime: 'ctime',
  deviceId: 'device_id',
  utmSource: 'utm_source',
  utmCampaign: 'utm_campaign',
  utmContent: 'utm_content',
  utmTerm: 'utm_term',
  utmMedium: 'utm_medium',
  fbclid: 'fbclid',
  gclid: 'gclid',
  blogsource: 'blogsource',
  irclickid: 'irclickid',
  ttclid: 'ttclid',
  sccid: 'sccid',
  gbraid: 'gbraid',
  wbraid: 'wbraid',
  pinterestid: 'pinterestid',
  rdtCid: 'rdt_cid',
} as const;

/**
 * Everything kept about the user, in one document (docs/product.md#accounts-and-signing-in): profile, sign-in
 * methods without secrets, plans, card, billing history and spending cap, answers, bios, photos (their URLs),
 * chat history, matches (with their coaching chats), texting style and suggestions offered, roasts, feedback and
 * attribution. Read in one transaction, so
 * the parts agree with each other.
 */
export function exportUser(
  db: AppDatabase,
  user: UserRow,
  systemNumber: string,
  now: Date,
): Promise<UserExport> {
  return db.transaction(async (tx) => {
    const social = await tx.select().from(socialIdentities).where(eq(socialIdentities.userId, user.id));
    const planRows = await tx
      .select({ userPlan: userPlans, planName: plans.name })
      .from(userPlans)
      .innerJoin(plans, eq(plans.id, userPlans.planId))
      .where(eq(userPlans.userId, user.id))
      .orderBy(asc(userPlans.id));
    const [billing] = await tx.select().from(billingProfiles).where(eq(billingProfiles.userId, user.id));
    const paymentRows = await tx
      .select()
      .from(payments)
      .where(eq(payments.userId, user.id))
      .orderBy(desc(payments.createdAt), desc(payments.id));
    const spendingCap = await spendingCapJson(tx, user.id, now);
    const answers = await tx
      .select({
        question: profileQuestions.text,
        text: profileAnswers.text,
        updatedAt: profileAnswers.updatedAt,
      })
      .from(profileAnswers)
      .innerJoin(profileQuestions, eq(profileQuestions.id, profileAnswers.questionId))
      .where(eq(profileAnswers.userId, user.id))
      .orderBy(asc(profileQuestions.position));
    const filled = await tx
      .select({ answer: questionnaireAnswers, title: questionnaires.title })
      .from(questionnaireAnswers)
      .innerJoin(questionnaires, eq(questionnaires.id, questionnaireAnswers.questionnaireId))
      .where(eq(questionnaireAnswers.userId, user.id))
      .orderBy(asc(questionnaireAnswers.id));
    const questionIds = filled.flatMap((row) => row.answer.answers.map((item) => item.question));
    const questionTexts = new Map(
      questionIds.length === 0
        ? []
        : (
            await tx
              .select({ id: questionnaireQuestions.id, text: questionnaireQuestions.text })
              .from(questionnaireQuestions)
              .where(inArray(questionnaireQuestions.id, questionIds))
          ).map((row) => [row.id, row.text]),
    );
    const bios = await tx
      .select()
      .from(datingBios)
      .where(eq(datingBios.userId, user.id))
      .orderBy(asc(datingBios.id));
    const versions =
      bios.length === 0
        ? []
        : await tx
            .select()
            .from(datingBioVersions)
            .where(
              inArray(
                datingBioVersions.bioId,
                bios.map((bio) => bio.id),
              ),
            )
            .orderBy(asc(datingBioVersions.id));
    const images = await tx
      .select()
      .from(bioImages)
      .where(eq(bioImages.userId, user.id))
      .orderBy(asc(bioImages.id));
    const reviews = await tx
      .select()
      .from(imageReviews)
      .where(eq(imageReviews.userId, user.id))
      .orderBy(asc(imageReviews.id));
    const followUps =
      reviews.length === 0
        ? []
        : await tx
            .select()
            .from(imageReviewFollowUps)
            .where(
              inArray(
                imageReviewFollowUps.reviewId,
                reviews.map((review) => review.id),
              ),
            )
            .orderBy(asc(imageReviewFollowUps.id));
    const messages = await tx
      .select()
      .from(chatMessages)
      // A match's coaching chat is exported under that match.
      .where(and(eq(chatMessages.userId, user.id), isNull(chatMessages.matchId)))
      .orderBy(asc(chatMessages.id));
    const matchList = await exportMatches(tx, user.id);
    const [style] = await tx.select().from(styleProfiles).where(eq(styleProfiles.userId, user.id));
    const offered = await tx
      .select({ suggestion: suggestions, match: matches.name })
      .from(suggestions)
      .leftJoin(matches, eq(matches.id, suggestions.matchId))
      .where(eq(suggestions.userId, user.id))
      .orderBy(asc(suggestions.createdAt), asc(suggestions.id));
    const roastRows = await tx
      .select()
      .from(roasts)
      .where(eq(roasts.userId, user.id))
      .orderBy(asc(roasts.id));
    const smsOptedOut = user.phoneNumber ? await isOptedOut(tx, user.phoneNumber) : false;
    const feedbackRows = await tx
      .select()
      .from(feedback)
      .where(eq(feedback.userId, user.id))
      .orderBy(asc(feedback.id));
    const utm = await tx
      .select()
      .from(utmParams)
      .where(eq(utmParams.userId, user.id))
      .orderBy(asc(utmParams.id));
    const conversions = await tx
      .select()
      .from(conversionEvents)
      .where(eq(conversionEvents.userId, user.id))
      .orderBy(asc(conversionEvents.id));
    const abtests = await tx
      .select()
      .from(abtestAssignments)
      .where(eq(abtestAssignments.userId, user.id))
      .orderBy(asc(abtestAssignments.id));

    return {
      exported_at: iso(now),
      user: userJson(user, systemNumber),
      sign_in_methods: {
        password: user.passwordHash !== null,
        phone_number: user.phoneNumber,
        phone_verified: user.phoneVerifiedAt !== null,
        email: user.email,
        email_verified: user.emailVerifiedAt !== null,
        social: social.map((identity) => ({
          provider: identity.provider,
          email: identity.email,
          created_at: iso(identity.createdAt),
        })),
      },
      plans: planRows.map(({ userPlan, planName }) => ({
        id: userPlan.id,
        plan: { id: userPlan.planId, name: planName },
        provider: userPlan.provider,
        status: userPlan.status,
        is_active: userPlan.isActive,
        amount: centsToDollars(userPlan.amountCents),
        currency: userPlan.currency,
        remaining_messages: userPlan.remainingMessages,
        current_period_end: isoOrNull(userPlan.currentPeriodEnd),
        cancel_at_period_end: userPlan.cancelAtPeriodEnd,
        created_at: iso(userPlan.createdAt),
      })),
      payment_method: billing
        ? { provider: billing.provider, card_brand: billing.cardBrand, card_last4: billing.cardLast4 }
        : null,
      payments: paymentRows.map(paymentJson),
      spending_cap: spendingCap,
      answers: answers.map((row) => ({
        question: row.question,
        text: row.text,
        updated_at: iso(row.updatedAt),
      })),
      questionnaire_answers: filled.map(({ answer, title }) => ({
        questionnaire: title,
        answers: answer.answers.map((item) => ({
          question: questionTexts.get(item.question) ?? String(item.question),
          text: item.text,
        })),
        updated_at: iso(answer.updatedAt),
      })),
      dating_bios: bios.map((bio) => ({
        id: bio.id,
        text: bio.text,
        created_at: iso(bio.createdAt),
        versions: versions
          .filter((version) => version.bioId === bio.id)
          .map((version) => ({
            text: version.text,
            tone: version.tone,
            instruction: version.instruction,
            created_at: iso(version.createdAt),
          })),
      })),
      images: images.map((image) => ({
        id: image.id,
        url: image.url,
        width: image.width,
        height: image.height,
        created_at: iso(image.createdAt),
      })),
      image_reviews: reviews.map((review) => ({
        id: review.id,
        images: review.imageIds,
        score: review.score,
        summary: review.summary,
        tips: review.tips,
        follow_ups: followUps
          .filter((followUp) => followUp.reviewId === review.id)
          .map((followUp) => ({
            question: followUp.question,
            answer: followUp.answer,
            created_at: iso(followUp.createdAt),
          })),
        created_at: iso(review.createdAt),
      })),
      chat_messages: messages.map((message) => ({
        id: message.id,
        role: message.role,
        body: message.body,
        image: message.imageUrl,
        created_at: iso(message.createdAt),
      })),
      matches: matchList,
      style: style
        ? {
            samples: style.samples,
            profile: style.profile as StyleProfile,
            edited: style.edited,
            updated_at: iso(style.updatedAt),
          }
        : null,
      suggestions: offered.map(({ suggestion, match }) => ({
        kind: suggestion.kind,
        tone: suggestion.tone as UserExport['suggestions'][number]['tone'],
        text: suggestion.text,
        sounds_like_you: suggestion.score,
        match,
        sent: suggestion.sentAt !== null,
        outcome: suggestion.outcome,
        created_at: iso(suggestion.createdAt),
      })),
      roasts: roastRows.map((roast) => ({
        text: roast.text,
        intensity: roast.intensity,
        created_at: iso(roast.createdAt),
        updated_at: iso(roast.updatedAt),
      })),
      feedback: feedbackRows.map((row) => ({ text: row.text, created_at: iso(row.createdAt) })),
      sms: { opted_out: smsOptedOut },
      attribution: {
        utm_params: utm.map((row) => {
          const present: Record<string, string> = {};
          for (const [column, name] of Object.entries(UTM_FIELDS)) {
            const value = row[column as keyof typeof UTM_FIELDS];
            if (value instanceof Date) present[name] = value.toISOString();
            else if (value) present[name] = value;
          }
          return present;
        }),
        conversions: conversions.map((row) => ({
          platform: row.platform,
          event_name: row.eventName,
          event_time: iso(row.eventTime),
          value: row.valueCents === null ? null : centsToDollars(row.valueCents),
          currency: row.currency,
        })),
        abtests: abtests.map((row) => ({ name: row.name, value: row.value })),
      },
    };
  });
}
