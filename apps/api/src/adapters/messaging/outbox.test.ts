import type { FastifyBaseLogger } from 'fastify';
import { openDatabase, type Database } from '../../db/database';
import { migratedPgliteTemplate } from '../../testing/pglite-template';
import { consoleEmailSender, consoleSmsSender, MessageOutbox } from './outbox';

describe('console senders (the PIN is printed in development, logs never hold it in production: docs/decisions.md#input-headers-and-logs)', () => {
  let database: Database;
  let lines: string[];
  /** What reaches the log: every field and the message of each line. */
  const log = () =>
    ({
      info: (fields: object, message: string) => void lines.push(JSON.stringify({ ...fields, msg: message })),
    }) as unknown as FastifyBaseLogger;

  beforeAll(async () => {
    database = await openDatabase({ pgliteTemplate: await migratedPgliteTemplate() });
  });
  afterAll(() => database.close());
  beforeEach(() => {
    lines = [];
  });

  it('prints the SMS text in development, where the console is how a developer gets the PIN', async () => {
    await consoleSmsSender(database.db, log(), { printText: true }).send(
      '+12015550101',
      'Your code is 482913',
    );
    expect(lines.join('')).toContain('Your code is 482913');
  });

  it('keeps SMS and e-mail text out of the log in production, and in the outbox for whoever runs it', async () => {
    const options = { printText: false };
    await consoleSmsSender(database.db, log(), options).send('+12015550102', 'Your code is 551208');
    await consoleEmailSender(database.db, log(), options).send({
      to: 'ann@example.com',
      subject: 'Your reset code',
      text: 'Your code is 730114',
    });
    expect(lines).toHaveLength(2);
    expect(lines.join('')).not.toMatch(/551208|730114|reset code/);
    expect(lines.join('')).toContain('outbox_messages');
    const outbox = new MessageOutbox(database.db);
    expect((await outbox.latest('+12015550102', 'sms'))?.body).toBe('Your code is 551208');
    expect((await outbox.latest('ann@example.com', 'email'))?.body).toBe('Your code is 730114');
  });
});
