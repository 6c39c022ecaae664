import {
  attemptSingleUseCode,
  CODE_MESSAGES,
  codeRefusal,
  issueSingleUseCode,
  SINGLE_USE_CODE_MAX_ATTEMPTS,
  SINGLE_USE_CODE_MAX_TOTAL_ATTEMPTS,
  SINGLE_USE_CODE_TTL_MS,
  type StoredCode,
} from './single-use-codes';

// docs/product.md#accounts-and-signing-in: 6 digits, 10 minutes, 5 tries, stored hashed, single use.
const SECRET = 'a-test-secret-of-at-least-32-characters';
const SCOPE = 'email:reset';
const ISSUED_AT = Date.UTC(2026, 0, 1);

interface Row extends StoredCode {
  attempts: number;
  consumedAt: Date | null;
  addressAttempts?: Record<string, number>;
}

/** A code kept the way the services keep one: its columns in a row that the attempt updates. */
function issued(): { code: string; row: Row } {
  const { code, ...columns } = issueSingleUseCode(SECRET, SCOPE, ISSUED_AT);
  return { code, row: { ...columns } };
}

function attempt(row: Row | undefined, code: string, options: { at?: number; scope?: string } = {}) {
  return attemptSingleUseCode({
    stored: row,
    secret: SECRET,
    scope: options.scope ?? SCOPE,
    code,
    now: options.at ?? ISSUED_AT + 1000,
    save: (stored, change) => Promise.resolve(Object.assign(stored, change)),
  });
}

const wrongCodeOf = (code: string) => (code === '000000' ? '000001' : '000000');

describe('issuing a single-use code', () => {
  it('makes six digits, keeps only their keyed hash, and lives 10 minutes', () => {
    const { code, row } = issued();
    expect(code).toMatch(/^\d{6}$/);
    expect(row.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.codeHash).not.toContain(code);
    expect(row.expiresAt.getTime()).toBe(ISSUED_AT + SINGLE_USE_CODE_TTL_MS);
    expect(row).toMatchObject({ attempts: 0, consumedAt: null });
  });
});

describe('attempting a single-use code', () => {
  it('spends the right code, so a second use finds none', async () => {
    const { code, row } = issued();
    expect(await attempt(row, code)).toEqual({ kind: 'right', stored: row });
    expect(row.consumedAt).toEqual(new Date(ISSUED_AT + 1000));
    expect(await attempt(row, code)).toEqual({ kind: 'none' });
  });

  it('answers none when no code was issued', async () => {
    expect(await attempt(undefined, '123456')).toEqual({ kind: 'none' });
  });

  it('refuses the right code under another scope (a code proves one thing)', async () => {
    const { code, row } = issued();
    expect(await attempt(row, code, { scope: 'email:verify' })).toEqual({ kind: 'wrong', usedUp: false });
    expect(row.consumedAt).toBeNull();
  });

  it('counts each wrong try, and says when it was the last one', async () => {
    const { code, row } = issued();
    for (let tries = 1; tries < SINGLE_USE_CODE_MAX_ATTEMPTS; tries++)
      expect(await attempt(row, wrongCodeOf(code))).toEqual({ kind: 'wrong', usedUp: false });
    expect(await attempt(row, wrongCodeOf(code))).toEqual({ kind: 'wrong', usedUp: true });
    expect(row.attempts).toBe(SINGLE_USE_CODE_MAX_ATTEMPTS);
  });

  it('no longer compares a code whose tries are used up, not even the right one', async () => {
    const { code, row } = issued();
    row.attempts = SINGLE_USE_CODE_MAX_ATTEMPTS;
    expect(await attempt(row, code)).toEqual({ kind: 'closed', expired: false, usedUp: true });
    expect(row).toMatchObject({ attempts: SINGLE_USE_CODE_MAX_ATTEMPTS, consumedAt: null });
  });

  it('closes at the end of its 10 minutes without counting a try', async () => {
    const { code, row } = issued();
    const at = ISSUED_AT + SINGLE_USE_CODE_TTL_MS;
    expect(await attempt(row, code, { at })).toEqual({ kind: 'closed', expired: true, usedUp: false });
    expect(await attempt(row, code, { at: at - 1 })).toEqual({ kind: 'right', stored: row });
  });
});

describe('a code counted by client address (PINs, e-mail reset codes)', () => {
  const from = (row: Row, code: string, address: string) =>
    attemptSingleUseCode({
      stored: row,
      secret: SECRET,
      scope: SCOPE,
      code,
      now: ISSUED_AT + 1000,
      from: address,
      save: (stored, change) => Promise.resolve(Object.assign(stored, change)),
    });

  it('ends for the address that used up its 5 wrong tries, and only for that one', async () => {
    const { code, row } = issued();
    for (let tries = 1; tries < SINGLE_USE_CODE_MAX_ATTEMPTS; tries++)
      expect(await from(row, wrongCodeOf(code), '10.0.0.1')).toEqual({ kind: 'wrong', usedUp: false });
    expect(await from(row, wrongCodeOf(code), '10.0.0.1')).toEqual({ kind: 'wrong', usedUp: true });
    expect(row.addressAttempts).toEqual({ '10.0.0.1': SINGLE_USE_CODE_MAX_ATTEMPTS });
    expect(await from(row, code, '10.0.0.1')).toEqual({ kind: 'closed', expired: false, usedUp: true });
    expect(await from(row, code, '10.0.0.2')).toEqual({ kind: 'right', stored: row });
  });

  it('ends for everyone after 50 wrong tries from all addresses together', async () => {
    const { code, row } = issued();
    row.attempts = SINGLE_USE_CODE_MAX_TOTAL_ATTEMPTS - 1;
    expect(await from(row, wrongCodeOf(code), '10.0.0.3')).toEqual({ kind: 'wrong', usedUp: true });
    expect(await from(row, code, '10.0.0.4')).toEqual({ kind: 'closed', expired: false, usedUp: true });
  });
});

describe('the refusal of an e-mail or confirmation code', () => {
  it.each([
    ['no code', { kind: 'none' } as const, CODE_MESSAGES.invalid],
    [
      'an expired code, even with its tries used up',
      { kind: 'closed', expired: true, usedUp: true } as const,
      CODE_MESSAGES.invalid,
    ],
    [
      'a code with its tries used up',
      { kind: 'closed', expired: false, usedUp: true } as const,
      CODE_MESSAGES.dead,
    ],
    ['a wrong try', { kind: 'wrong', usedUp: false } as const, CODE_MESSAGES.invalid],
    ['the last wrong try', { kind: 'wrong', usedUp: true } as const, CODE_MESSAGES.dead],
  ])('for %s is the right message', (_name, verdict, message) => {
    expect(codeRefusal(verdict)).toBe(message);
  });
});
