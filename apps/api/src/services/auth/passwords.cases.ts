import type { PasswordOwner } from './passwords';

/** The password policy (docs/decisions.md#auth-appsapi): 8 to 128, not common, not the e-mail or phone. */
export const passwordCases: ReadonlyArray<
  readonly [what: string, password: string, owner: PasswordOwner, problems: readonly string[]]
> = [
  ['a long unusual password', 'violet-harbor-42', {}, []],
  ['exactly 8 characters', 'zq8!vt3k', {}, []],
  ['7 characters', 'zq8!vt3', {}, ['This password is too short. It must contain at least 8 characters.']],
  ['129 characters', 'a1'.repeat(64) + 'b', {}, ['Ensure this field has no more than 128 characters.']],
  ['a common password', 'password123', {}, ['This password is too common.']],
  ['a common password in capitals', 'QWERTY123', {}, ['This password is too common.']],
  ['a password from far down the 10,000 list', 'snowboard', {}, ['This password is too common.']],
  ['the product name', 'Wingmate123', {}, ['This password is too common.']],
  ['one character repeated', 'zzzzzzzzzz', {}, ['This password is too common.']],
  [
    'the e-mail address',
    'Ann@Example.com',
    { email: 'ann@example.com' },
    ['The password is too similar to your e-mail address or phone number.'],
  ],
  [
    'the phone number typed with punctuation',
    '(201) 555-0123',
    { phoneNumber: '+12015550123' },
    ['The password is too similar to your e-mail address or phone number.'],
  ],
];
