/** US phone numbers as typed, and what the server keeps (docs/product.md#validation). */
export const phoneNumberCases: ReadonlyArray<readonly [typed: string, e164: string | undefined]> = [
  ['(201) 555-0123', '+12015550123'],
  ['201-555-0123', '+12015550123'],
  ['2015550123', '+12015550123'],
  ['+1 201 555 0123', '+12015550123'],
  ['1 (201) 555-0123', '+12015550123'],
  ['  +12015550123  ', '+12015550123'],
  ['+44 20 7183 8750', undefined],
  ['+1 416 555 0199', undefined],
  ['555-0123', undefined],
  ['call me maybe', undefined],
  ['', undefined],
];
