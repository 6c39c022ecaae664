import { passwordCases } from './passwords.cases';
import { hashPassword, passwordMatches, passwordProblems } from './passwords';

describe('passwordProblems (docs/decisions.md#auth-appsapi)', () => {
  it.each(passwordCases)('%s', (_what, password, owner, problems) => {
    expect(passwordProblems(password, owner)).toEqual(problems);
  });
});

describe('password hashes', () => {
  it('are argon2id and match only the right password', async () => {
    const stored = await hashPassword('violet-harbor-42');
    expect(stored).toMatch(/^\$argon2id\$/);
    expect(await passwordMatches(stored, 'violet-harbor-42')).toBe(true);
    expect(await passwordMatches(stored, 'violet-harbor-43')).toBe(false);
  });

  it('an account without a password matches nothing', async () => {
    expect(await passwordMatches(null, '')).toBe(false);
  });
});
