import { and, desc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDatabase } from '../../db/database';
import { outboxMessages } from '../../db/schema';
import type { EmailMessage, EmailSender, SmsSender } from './ports';

export interface OutboxMessage {
  readonly id: number;
  readonly channel: 'sms' | 'email';
  readonly recipient: string;
  readonly subject: string | null;
  readonly body: string;
  readonly createdAt: Date;
}

/** Reads what the console senders "sent" (newest first), e.g. the PIN a test or a developer needs. */
export class MessageOutbox {
  constructor(private readonly db: AppDatabase) {}

  async latest(recipient: string, channel?: 'sms' | 'email'): Promise<OutboxMessage | undefined> {
    const [message] = await this.list(recipient, channel, 1);
    return message;
  }

  async list(recipient: string, channel?: 'sms' | 'email', limit = 50): Promise<OutboxMessage[]> {
    const where = channel
      ? and(eq(outboxMessages.recipient, recipient), eq(outboxMessages.channel, channel))
      : eq(outboxMessages.recipient, recipient);
    return this.db.select().from(outboxMessages).where(where).orderBy(desc(outboxMessages.id)).limit(limit);
  }
}

/**
 * How the console senders treat a message's text. In development the console is the delivery channel (the person
 * reads the PIN there), so the text is printed; in production (`ALLOW_EMBEDDED_SERVICES=true`) the console is a
 * log, and logs never hold PINs or codes (docs/decisions.md#input-headers-and-logs), so only the channel and the
 * recipient are written and the text stays in the outbox table.
 */
export interface ConsoleSenderOptions {
  readonly printText: boolean;
}

/** The embedded SMS sender: keeps the message in the outbox table and prints it. */
export function consoleSmsSender(
  db: AppDatabase,
  log: FastifyBaseLogger,
  options: ConsoleSenderOptions,
): SmsSender {
  return {
    name: 'console',
    send: async (to, body) => {
      await db.insert(outboxMessages).values({ channel: 'sms', recipient: to, body });
      const text = options.printText ? `: ${body}` : ' (text kept in outbox_messages)';
      log.info({ to, channel: 'sms' }, `SMS to ${to}${text}`);
    },
  };
}

/** The embedded e-mail sender: keeps the message in the outbox table and prints it. */
export function consoleEmailSender(
  db: AppDatabase,
  log: FastifyBaseLogger,
  options: ConsoleSenderOptions,
): EmailSender {
  return {
    name: 'console',
    send: async (message: EmailMessage) => {
      await db
        .insert(outboxMessages)
        .values({ channel: 'email', recipient: message.to, subject: message.subject, body: message.text });
      const text = options.printText
        ? `: ${message.subject}\n${message.text}`
        : ' (text kept in outbox_messages)';
      log.info({ to: message.to, channel: 'email' }, `E-mail to ${message.to}${text}`);
    },
  };
}
