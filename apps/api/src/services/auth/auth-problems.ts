import { Problem } from '../../problem';

/** simplejwt's answer to a bad, expired or revoked token; the client refreshes once on its code. */
export function tokenNotValid(): Problem {
  return Problem.detail(401, 'Given token not valid for any token type', 'token_not_valid');
}

/** DRF's answer to a protected call made without credentials; the client clears its tokens on this detail. */
export function notAuthenticated(): Problem {
  return Problem.detail(401, 'Authentication credentials were not provided.');
}

/** DRF's answer to a wrong password (or an account that has none): never says which. */
export function badCredentials(): Problem {
  return Problem.fields({ non_field_errors: ['Unable to log in with provided credentials.'] });
}

/** A message could not go out: nothing was promised, so the caller can simply try again. */
export function deliveryFailed(channel: 'sms' | 'email'): Problem {
  const what = channel === 'sms' ? 'text message' : 'e-mail';
  return Problem.detail(503, `We could not send the ${what} right now. Please try again in a moment.`);
}
