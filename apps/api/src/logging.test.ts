import { hash } from '@node-rs/argon2';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { testConfig } from './config';
import { openDatabase } from './db/database';
import { migratedPgliteTemplate } from './testing/pglite-template';
import { bearer, signUpByEmail, uniqueIp } from './testing/sign-in';

// docs/decisions.md#input-headers-and-logs: logs never hold SQL parameters, passwords, hashes,
// PINs, codes or tokens. The server's own logger is read line by line, at the `info` level.
describe('what the logs hold', () => {
  let app: FastifyInstance;
  const lines: string[] = [];

  beforeAll(async () => {
    app = await buildApp(testConfig({ logLevel: 'info' }), {
      database: await openDatabase({ pgliteTemplate: await migratedPgliteTemplate() }),
      logStream: { write: (line: string) => void lines.push(line) },
    });
    // A query that fails with a person's data as its parameters, as a bug in any service could make one.
    app.get('/failing-query', async () => {
      const passwordHash = await hash('correct horse battery staple');
      await app.database.db.execute(
        sql`select ${'someone@example.com'}::text, ${passwordHash}::text, ${'not a number'}::integer`,
      );
      return {};
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
  });

  const logged = () => lines.join('');

  it('keeps the parameters of a failed query out of the error log', async () => {
    lines.length = 0;
    const response = await app.inject({ method: 'GET', url: '/failing-query' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ detail: 'A server error occurred.' });
    expect(logged()).toContain('request failed');
    expect(logged()).not.toContain('someone@example.com');
    expect(logged()).not.toContain('$argon2id$');
    expect(logged()).not.toContain('not a number');
  });

  it('keeps tokens of query strings, Authorization headers and bodies out of the request log', async () => {
    const tokens = await signUpByEmail(app, `logs.${Date.now()}@example.com`, 'a password nobody logs');
    lines.length = 0;
    const response = await app.inject({
      method: 'POST',
      url: '/auth/token/refresh/?token=query-string-secret&page=2',
      headers: bearer(tokens),
      payload: { refresh: tokens.refresh },
      remoteAddress: uniqueIp(),
    });
    expect(response.statusCode).toBe(200);
    expect(logged()).toContain('/auth/token/refresh/?token=[redacted]&page=2');
    for (const secret of [
      'query-string-secret',
      tokens.access,
      tokens.refresh,
      response.json<{ refresh: string }>().refresh,
    ]) {
      expect(logged()).not.toContain(secret);
    }
  });

  it('keeps the password and its hash of a sign-up out of every log line', async () => {
    lines.length = 0;
    await signUpByEmail(app, `quiet.${Date.now()}@example.com`, 'another password nobody logs');
    expect(logged()).toContain('incoming request');
    expect(logged()).not.toContain('another password nobody logs');
    expect(logged()).not.toContain('$argon2id$');
  });
});
