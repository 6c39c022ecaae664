/** The sentences the sign-in screens show before anything is sent (plain words, next to the field). */
export const INVALID_PHONE = 'Enter a US phone number, like (201) 555-0123.';
export const INVALID_EMAIL = 'Please enter a valid email address.';
export const INVALID_CODE = 'Enter the 6-digit code.';
export const PASSWORD_HINT = 'At least 8 characters; not a common password.';
export const PASSWORD_REQUIRED = 'Enter your password.';
export const PASSWORD_TOO_SHORT = 'Use at least 8 characters.';
