import type { FastifyInstance } from 'fastify';
import { smsOptOuts } from '../db/schema';
import { smsPhoneHash } from '../services/sms/opt-outs';

/** Keeps a number (E.164) as having texted STOP, the opt-out a test starts from. */
export async function optOutOfSms(app: FastifyInstance, e164: string): Promise<void> {
  await app.database.db.insert(smsOptOuts).values({ phoneHash: smsPhoneHash(e164) });
}
