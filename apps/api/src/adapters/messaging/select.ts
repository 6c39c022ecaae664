import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { AppDatabase } from '../../db/database';
import { consoleEmailSender, consoleSmsSender } from './outbox';
import type { EmailSender, SmsSender } from './ports';
import { smtpEmailSender } from './smtp';
import { twilioSmsSender } from './twilio';

/** Twilio when its keys are set, else the console sender (docs/architecture.md#runtime-pieces). */
export function smsSenderFromConfig(config: Config, db: AppDatabase, log: FastifyBaseLogger): SmsSender {
  return config.twilio ? twilioSmsSender(config.twilio) : consoleSmsSender(db, log, consoleOptions(config));
}

/** SMTP when `SMTP_URL` is set, else the console sender. */
export function emailSenderFromConfig(config: Config, db: AppDatabase, log: FastifyBaseLogger): EmailSender {
  return config.smtpUrl
    ? smtpEmailSender(config.smtpUrl, config.emailFrom)
    : consoleEmailSender(db, log, consoleOptions(config));
}

/** Only a development console shows the text (PINs, codes): a production log never holds them. */
function consoleOptions(config: Config) {
  return { printText: config.env !== 'production' };
}
