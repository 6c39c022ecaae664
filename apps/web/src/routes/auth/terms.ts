/**
 * The sign-up checkbox's accessible name (docs/product.md#accounts-and-signing-in) and the sentence shown when
 * it is left empty.
 */
export const TERMS_LABEL = 'I am 18 or older and accept the terms';
export const TERMS_REQUIRED = 'Please confirm that you are 18 or older and accept the terms to sign up.';
