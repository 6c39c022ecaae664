import { startFakeMeta, type FakeMeta } from '@wingmate/testing';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Pool } from 'pg';
import { createScratchDatabase, testDatabaseKinds, type ScratchDatabase } from '../testing/test-database';

// docs/decisions.md#production-start-and-throughput: on Postgres the production start runs one worker per core
// through node:cluster. What one worker counts or stores, every worker must see.
const onPostgres = testDatabaseKinds().includes('postgres');
const FREE_MESSAGES = 2;

interface Answer {
  readonly status: number;
  readonly worker: string;
  readonly body: Record<string, unknown>;
}

let nextAddress = 1;
/** A client address of its own (the server trusts X-Forwarded-For here), so only the limits a step means count. */
const newAddress = () => `198.51.100.${nextAddress++}`;

/** One request on a new connection (no keep-alive), so the cluster may hand it to either worker. */
function call(
  base: string,
  method: string,
  url: string,
  body?: unknown,
  address = newAddress(),
): Promise<Answer> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      `${base}${url}`,
      {
        method,
        agent: false,
        headers: {
          connection: 'close',
          'x-forwarded-for': address,
          ...(payload ? { 'content-type': 'application/json' } : {}),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({
            status: response.statusCode ?? 0,
            worker: String(response.headers['x-worker'] ?? ''),
            body: text.startsWith('{') ? (JSON.parse(text) as Record<string, unknown>) : {},
          });
        });
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

/** Calls until both workers have answered (each answer goes to `check`); the cluster spreads new connections. */
async function onBothWorkers(make: () => Promise<Answer>, check: (answer: Answer) => void): Promise<void> {
  const workers = new Set<string>();
  for (let calls = 0; workers.size < 2 && calls < 50; calls++) {
    const answer = await make();
    check(answer);
    workers.add(answer.worker);
  }
  expect(workers.size).toBe(2);
}

interface Started {
  readonly child: ChildProcess;
  readonly base: string;
}

async function startProduction(databaseUrl: string, dataDir: string, meta: FakeMeta): Promise<Started> {
  const apiDir = path.resolve(__dirname, '..', '..');
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: apiDir,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      JWT_SECRET: 'cluster-test-secret-0123456789abcdef0123456789',
      ALLOW_EMBEDDED_SERVICES: 'true',
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: '0',
      WEB_CONCURRENCY: '2',
      LOG_LEVEL: 'info',
      TRUST_PROXY: 'true',
      RATE_LIMIT_MULTIPLIER: '0.05',
      FREE_MESSAGES: String(FREE_MESSAGES),
      META_PIXEL_ID: meta.pixelId,
      META_ACCESS_TOKEN: meta.accessToken,
      META_API_VERSION: meta.apiVersion,
      META_BASE_URL: meta.url,
      CONVERSIONS_WORKER_INTERVAL_MS: '50',
    },
  });
  const base = await new Promise<string>((resolve, reject) => {
    let pending = '';
    child.stdout.on('data', (chunk: Buffer) => {
      pending += chunk.toString();
      const found = /Wingmate API on (http:\/\/[\d.]+:\d+) \(2 workers/.exec(pending);
      if (found) resolve(found[1]!);
    });
    child.once('exit', (code) => reject(new Error(`the production start exited (${code}) before listening`)));
  });
  return { child, base };
}

async function signUp(base: string): Promise<{ access: string; refresh: string }> {
  const email = `cluster-${randomUUID()}@example.com`;
  const password = 'Cluster-pass-2026!';
  const registered = await call(base, 'POST', '/register/email/', { email, password, first_name: 'Cluster' });
  expect(registered.status).toBeLessThan(300);
  const login = await call(base, 'POST', '/register/login/', { email, password });
  expect(login.status).toBe(200);
  return login.body as { access: string; refresh: string };
}

(onPostgres ? describe : describe.skip)('the production start with two workers on Postgres', () => {
  jest.setTimeout(180_000);
  let scratch: ScratchDatabase;
  let dataDir: string;
  let meta: FakeMeta;
  let started: Started;
  const seenWorkers = new Set<string>();
  const call_ = async (method: string, url: string, body?: unknown, address?: string) => {
    const answer = await call(started.base, method, url, body, address);
    seenWorkers.add(answer.worker);
    return answer;
  };

  beforeAll(async () => {
    scratch = await createScratchDatabase();
    dataDir = await mkdtemp(path.join(tmpdir(), 'wingmate-cluster-'));
    meta = await startFakeMeta();
    started = await startProduction(scratch.url, dataDir, meta);
  });
  afterAll(async () => {
    if (started?.child.exitCode === null) started.child.kill('SIGKILL');
    await meta?.close();
    await rm(dataDir, { recursive: true, force: true });
    await scratch?.drop();
  });

  it('answers from both worker processes', async () => {
    await onBothWorkers(
      () => call_('GET', '/readyz'),
      (answer) => expect(answer.status).toBe(200),
    );
  });

  it('counts a rate limit across workers (refreshes per IP)', async () => {
    const address = newAddress();
    const answers: Answer[] = [];
    // RATE_LIMIT_MULTIPLIER 0.05: 6 refreshes a minute per address, wherever they land.
    for (let i = 0; i < 12; i++) {
      answers.push(await call_('POST', '/auth/token/refresh/', { refresh: 'not-a-token' }, address));
    }
    expect(new Set(answers.map((answer) => answer.worker)).size).toBe(2);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(6);
  });

  it('counts client conversion posts per uid across workers', async () => {
    const uid = randomUUID();
    const answers: Answer[] = [];
    // RATE_LIMIT_MULTIPLIER 0.05: 3 posts an hour per uid, each post here from its own address.
    for (let i = 0; i < 8; i++) {
      answers.push(
        await call_('POST', '/api/v1/analytics/facebook-event/create/', {
          event_id: randomUUID(),
          event_name: 'PageView',
          event_time: 1_760_000_000,
          action_source: 'website',
          client_user_agent: 'Mozilla/5.0',
          event_source_url: 'https://wingmate.example/',
          uid,
        }),
      );
    }
    expect(new Set(answers.map((answer) => answer.worker)).size).toBe(2);
    expect(answers.map((answer) => answer.status).filter((status) => status === 201)).toHaveLength(3);
  });

  it("spends a visitor's free messages once across workers (metering)", async () => {
    const uid = randomUUID();
    const answers: Answer[] = [];
    for (let i = 0; i < FREE_MESSAGES + 4; i++) {
      answers.push(await call_('POST', '/api/v1/chat/', { uid, body: `Hello ${i}` }));
    }
    expect(new Set(answers.map((answer) => answer.worker)).size).toBe(2);
    expect(answers.filter((answer) => answer.status < 300)).toHaveLength(FREE_MESSAGES);
  });

  it('keeps a refresh family across workers: each rotates a token the other issued, a logout revokes it on both', async () => {
    let { refresh: latest } = await signUp(started.base);
    // Each worker spends a token the family got from the other (or from the sign-in).
    await onBothWorkers(
      () => call_('POST', '/auth/token/refresh/', { refresh: latest }),
      (answer) => {
        expect(answer.status).toBe(200);
        latest = String(answer.body.refresh);
      },
    );
    expect((await call_('POST', '/auth/logout/', { refresh: latest })).status).toBe(200);
    await onBothWorkers(
      () => call_('POST', '/auth/token/refresh/', { refresh: latest }),
      (answer) => expect(answer.status).toBe(401),
    );
  });

  it('forwards each queued conversion exactly once while both workers run the outbox', async () => {
    const eventIds: string[] = [];
    for (let i = 0; i < 6; i++) {
      const eventId = randomUUID();
      eventIds.push(eventId);
      const posted = await call_('POST', '/api/v1/analytics/facebook-event/create/', {
        event_id: eventId,
        event_name: 'InitiateCheckout',
        event_time: 1_760_000_000,
        action_source: 'website',
        client_user_agent: 'Mozilla/5.0',
        event_source_url: 'https://wingmate.example/checkout',
        uid: randomUUID(),
        value: 9.99,
        currency: 'USD',
      });
      expect(posted.status).toBeLessThan(300);
    }
    const pool = new Pool({ connectionString: scratch.url, max: 1 });
    try {
      // Until every row is sent and none is claimed (no timing: the loop ends when the workers are done).
      for (;;) {
        const { rows } = await pool.query<{ open: string }>(
          `select count(*) as open from conversion_events
            where event_id = any($1) and (status <> 'sent' or locked_until > now())`,
          [eventIds],
        );
        if (Number(rows[0]!.open) === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    } finally {
      await pool.end();
    }
    const sent = meta.received.map((received) => String(received.event.event_id));
    expect(sent.filter((id) => eventIds.includes(id)).sort()).toEqual([...eventIds].sort());
  });

  it('drains and stops every worker on SIGTERM', async () => {
    expect(seenWorkers.size).toBe(2);
    const exited = new Promise<number | null>((resolve) =>
      started.child.once('exit', (code) => resolve(code)),
    );
    started.child.kill('SIGTERM');
    expect(await exited).toBe(0);
    for (const pid of seenWorkers) expect(() => process.kill(Number(pid), 0)).toThrow();
  });
});
