import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { conversionEvents } from '../db/schema';
import { signUpByPhone, uniqueEmail, uniqueIp } from '../testing/sign-in';
import { describeOnOneDatabase } from '../testing/test-app';

const registrations = (app: FastifyInstance, userId: number) =>
  app.database.db
    .select()
    .from(conversionEvents)
    .where(and(eq(conversionEvents.userId, userId), eq(conversionEvents.eventName, 'CompleteRegistration')));

/** A visitor who arrived from a Meta and a TikTok ad. */
async function visitorFromAds(app: FastifyInstance): Promise<string> {
  const uid = randomUUID();
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/analytics/utm-params/create/',
    payload: { uid, ctime: new Date().toISOString(), fbclid: 'IwAR-abc', ttclid: 'E.C.P.xyz' },
  });
  expect(response.statusCode).toBe(201);
  return uid;
}

describeOnOneDatabase(
  'CompleteRegistration when an account is created (docs/decisions.md#cross-cutting-appsapi)',
  (getApp) => {
    it('is recorded for each platform the visitor came from, with one event id made from the account', async () => {
      const uid = await visitorFromAds(getApp());
      const response = await getApp().inject({
        method: 'POST',
        url: '/register/email/',
        payload: { email: uniqueEmail(), password: 'correct horse battery staple', uid },
        remoteAddress: uniqueIp(),
      });
      expect(response.statusCode).toBe(201);
      const userId = response.json<{ user: { pk: number } }>().user.pk;
      const rows = await registrations(getApp(), userId);
      expect(rows.map((row) => [row.platform, row.eventId, row.source]).sort()).toEqual([
        ['facebook', `srv-registration-${userId}`, 'server'],
        ['tiktok', `srv-registration-${userId}`, 'server'],
      ]);
    });

    it("keeps the real CompleteRegistration when a client posted the server's id first (docs/decisions.md#money-chat-uploads-and-ai-limits)", async () => {
      const uid = await visitorFromAds(getApp());
      const before = await signUpByPhone(getApp());
      const nextUserId = before.user.pk + 1;
      const squat = await getApp().inject({
        method: 'POST',
        url: '/api/v1/analytics/facebook-event/create/',
        payload: {
          uid,
          event_id: `registration-${nextUserId}`,
          event_name: 'CompleteRegistration',
          event_time: Math.floor(Date.now() / 1000),
          action_source: 'website',
          client_user_agent: 'jest',
          event_source_url: 'http://localhost/',
        },
      });
      expect(squat.statusCode).toBe(400);
      expect(squat.json()).toEqual({ event_id: [expect.any(String)] });
      const account = await signUpByPhone(getApp(), undefined, { uid });
      expect(account.user.pk).toBe(nextUserId);
      const rows = await registrations(getApp(), account.user.pk);
      expect(rows.map((row) => [row.platform, row.eventId, row.source]).sort()).toEqual([
        ['facebook', `srv-registration-${nextUserId}`, 'server'],
        ['tiktok', `srv-registration-${nextUserId}`, 'server'],
      ]);
    });

    it('is recorded for a new phone account, and not for a visitor with no ad click', async () => {
      const fromAds = await signUpByPhone(getApp(), undefined, { uid: await visitorFromAds(getApp()) });
      expect(fromAds.created).toBe(true);
      expect(await registrations(getApp(), fromAds.user.pk)).toHaveLength(2);
      const direct = await signUpByPhone(getApp());
      expect(await registrations(getApp(), direct.user.pk)).toHaveLength(0);
    });
  },
);
