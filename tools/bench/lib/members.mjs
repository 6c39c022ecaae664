// Accounts for a benchmark, made through the API as people make them: signed up by e-mail, verified with the code
// the outbox holds (only a member may pay), messages bought with the local payment provider's test card.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { root } from './production-server.mjs';

/** The local payment provider's card that always succeeds (apps/api/src/adapters/payments/test-cards.ts). */
const SUCCEEDING_CARD = 'pm_local_4242424242424242_1230';
export const PASSWORD = 'Bench-pass-2026!';

/** One API call with JSON in and out; a status other than 2xx throws with the answer. */
export async function call(base, method, url, { body, access } = {}) {
  const response = await fetch(base + url, {
    method,
    headers: {
      ...(body && { 'content-type': 'application/json' }),
      ...(access && { authorization: `Bearer ${access}` }),
    },
    body: body && JSON.stringify(body),
  });
  const json = await response.json().catch(() => undefined);
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${JSON.stringify(json)}`);
  return json;
}

/** `count` calls of `work(i)`, `width` at a time, as the side-by-side benchmark sets its accounts up. */
export async function inParallel(count, width, work) {
  const results = new Array(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, count) }, async () => {
      while (next < count) {
        const i = next++;
        results[i] = await work(i);
      }
    }),
  );
  return results;
}

/** `count` new accounts, signed up by e-mail (the sign-up answers with tokens), 20 at a time. */
export async function signUps(base, count) {
  const tag = randomBytes(4).toString('hex');
  return inParallel(count, 20, async (i) => {
    const email = `bench-${tag}-${i}@example.com`;
    const { access, refresh } = await call(base, 'POST', '/register/email/', {
      body: { email, password: PASSWORD },
    });
    return { email, access, refresh };
  });
}

/**
 * The newest verification code mailed to each address, read from the outbox through the API's db module: with the
 * server stopped, since PGlite takes one process.
 */
export function verificationCodes(dataDir, databaseUrl) {
  const out = path.join(dataDir, 'verification-codes.json');
  const read = spawnSync(
    path.join(root, 'node_modules', '.bin', 'tsx'),
    [path.join(root, 'tools', 'bench', 'lib', 'verification-codes.ts'), '--data-dir', dataDir, '--out', out],
    { cwd: root, env: { ...process.env, DATABASE_URL: databaseUrl ?? '' }, stdio: 'inherit' },
  );
  if (read.status !== 0) throw new Error('reading the verification codes failed');
  return JSON.parse(readFileSync(out, 'utf8'));
}

/**
 * Makes the accounts members (their e-mail verified with its code) and gives each at least `messagesEach` messages:
 * the cheapest message pack, bought as often as that takes, through the payment calls with the test card.
 */
export async function makeMembersWithMessages(base, accounts, codes, messagesEach) {
  const plans = await call(base, 'GET', '/api/v1/memberships/plans/', { access: accounts[0].access });
  const pack = plans.results
    .filter((plan) => plan.plan_type === 'metered')
    .sort((a, b) => a.price - b.price)[0];
  const packs = Math.max(1, Math.ceil(messagesEach / pack.messages));
  await inParallel(accounts.length, 20, async (i) => {
    const { email, access } = accounts[i];
    const code = codes[email];
    if (!code) throw new Error(`no verification code was mailed to ${email}`);
    await call(base, 'POST', '/register/email/verify/', { access, body: { code } });
    await call(base, 'POST', '/api/v1/memberships/user_plans/payment-method/update/', {
      access,
      body: { payment_method_id: SUCCEEDING_CARD },
    });
    for (let n = 0; n < packs; n++) {
      const intent = await call(base, 'POST', '/api/v1/memberships/user_plans/payment_intent/create/', {
        access,
        body: { plan_id: pack.id },
      });
      await call(base, 'POST', '/api/v1/memberships/user_plans/payment_intent/confirm/', {
        access,
        body: { payment_intent_id: intent.payment_intent_id },
      });
    }
  });
  return `${accounts.length} members, ${packs} x ${pack.messages}-message pack each`;
}
