import { MATCH_LIMITS } from '../domain/match-limits';
import { TOO_MANY_MATCH_PHOTOS, TOO_MANY_SCREENSHOTS } from './match-words';
import { isApiError, type ApiError } from '../errors/api-error';

/**
 * The places a person meets a failure. Each flow words the same failures its own way: checkout says that nothing
 * was charged, chat that the message is kept (docs/product.md#words-for-failures).
 */
export type Flow = 'general' | 'auth' | 'account' | 'checkout' | 'chat' | 'roast' | 'match' | 'style';

/** The one sentence for a server that was not reached (status 0); the browser's own "Network Error" helps nobody. */
const UNREACHABLE_WORDS = 'We could not reach Wingmate. Check your connection and try again.';

/** What did not happen to the person's money or text, said after the unreachable sentence. */
const reassurance: Readonly<Record<Flow, string | null>> = {
  general: null,
  auth: null,
  account: null,
  checkout: 'Nothing was charged.',
  chat: 'Your message is kept.',
  roast: 'Nothing was charged.',
  match: null,
  style: null,
};

/** The unreachable sentence of a flow, with the flow's reassurance. */
export function unreachableWords(flow: Flow): string {
  const kept = reassurance[flow];
  return kept ? `${UNREACHABLE_WORDS} ${kept}` : UNREACHABLE_WORDS;
}

/** Payment refusals by the API's error code; a refusal nobody listed reads as a decline (any 402). */
const paymentWordsByCode: Readonly<Record<string, string>> = {
  card_declined: 'Your card was declined. Try another card, or ask your bank why.',
  insufficient_funds: 'Your card has insufficient funds. Try another card.',
  expired_card: 'Your card has expired. Try another card.',
  lost_card: 'Your card was declined. Try another card, or ask your bank why.',
  stolen_card: 'Your card was declined. Try another card, or ask your bank why.',
  incorrect_cvc: 'The security code is wrong. Check the CVC and try again.',
  processing_error: 'The card could not be charged just now. Try again in a moment.',
  authentication_required: 'Your bank asked to confirm this payment, and it was not confirmed. Try again.',
  trial_used:
    'You have already used a free trial, on this account or with this card. You can still buy the plan without a trial.',
  spending_cap: 'This payment would pass your monthly spending cap.',
  verification_required: 'Verify your e-mail address or phone number before paying.',
};

/** API sentences kept from DRF for old clients, said more plainly when signing in. */
const plainerAuthWords: Readonly<Record<string, string>> = {
  'Unable to log in with provided credentials.':
    'That password is not right, or there is no account with these details.',
};

const SERVER_TROUBLE = 'Something went wrong on our side. Please try again in a moment.';

const ownWord = (table: Readonly<Record<string, string>>, key: string | null): string | undefined =>
  key !== null && Object.hasOwn(table, key) ? table[key] : undefined;

const bodyOf = (error: ApiError): Record<string, unknown> =>
  typeof error.data === 'object' && error.data !== null ? (error.data as Record<string, unknown>) : {};

/** The seconds of a throttled answer's wait (`Expected available in 90 seconds.`), or null when it names none. */
export function waitSecondsOf(detail: string): number | null {
  const seconds = /available in (\d+) second/i.exec(detail)?.[1];
  return seconds === undefined ? null : Number(seconds);
}

/** "Too many tries. Please wait 2 minutes and try again." from a throttled answer's wait, or null with no wait. */
export function tooManyTriesWords(detail: string): string | null {
  const seconds = waitSecondsOf(detail);
  if (seconds === null || seconds <= 0) return null;
  const minutes = Math.ceil(seconds / 60);
  const wait =
    seconds < 60
      ? `${seconds} second${seconds === 1 ? '' : 's'}`
      : `${minutes} minute${minutes === 1 ? '' : 's'}`;
  return `Too many tries. Please wait ${wait} and try again.`;
}

/**
 * Signing in: a lockout says how long to wait; a 5xx shows its words only when they say what failed (a text
 * message that could not go out, or the SDK's "The server responded with a status of N" for an empty or non-JSON
 * body), never what a crash's JSON body held.
 */
function authWords(error: ApiError): string {
  if (error.status === 429) return tooManyTriesWords(error.message) ?? error.message;
  if (error.status >= 500) {
    const readable =
      typeof error.data !== 'object' || error.data === null || typeof bodyOf(error)['detail'] === 'string';
    return readable ? error.message : SERVER_TROUBLE;
  }
  return ownWord(plainerAuthWords, error.message) ?? error.message;
}

/** Paying: refusals by their code, the spending cap with the server's detail, and nothing charged on any failure. */
function checkoutWords(error: ApiError): string {
  const body = bodyOf(error);
  const code = error.code ?? (typeof body['code'] === 'string' ? body['code'] : null);
  if (code === 'spending_cap' && typeof body['detail'] === 'string') {
    return `${paymentWordsByCode['spending_cap']} ${body['detail']}`;
  }
  const byCode = ownWord(paymentWordsByCode, code);
  if (byCode) return byCode;
  if (error.status === 402) return paymentWordsByCode['card_declined']!;
  if (error.status === 429) return 'Too many tries. Wait a minute, then try again.';
  if (error.status >= 500) return 'The payment service had a problem. Nothing was charged; try again.';
  // Field errors and other details: the SDK already took the first message out of the body.
  return error.message;
}

/** The server's own words, then that the message is kept; "try again" once (the server's detail may say it). */
function chatServerWords(detail: string): string {
  const said = detail.trim() || 'The server had a problem.';
  return /try again/i.test(said)
    ? `${said} Your message is kept.`
    : `${said} Your message is kept; try again.`;
}

/**
 * Chatting: a 402 keeps the server's words (the paywall opens), a 429 names its wait, a 409 means the same key's
 * first request still runs (its answer is on its way), a 5xx keeps the server's words and the message.
 */
function chatWords(error: ApiError): string {
  if (error.status === 429) {
    const seconds = waitSecondsOf(error.message);
    return seconds
      ? `Too many messages at once. Try again in ${seconds} seconds.`
      : 'Too many messages at once. Wait a moment, then try again.';
  }
  if (error.status === 409) return 'Your message is still being answered. Try again in a moment.';
  if (error.status >= 500) return chatServerWords(error.message);
  return error.message;
}

/**
 * Asking for a roast (docs/product.md#roasts): a 402 says a roast costs a message, a 429 names its wait, a 409 means
 * the same key's first request still runs, a 5xx keeps the server's words and says nothing was charged.
 */
function roastWords(error: ApiError): string {
  if (error.status === 402) return 'You are out of messages. A roast costs one: choose a plan to get yours.';
  if (error.status === 429)
    return tooManyTriesWords(error.message) ?? 'Too many roasts at once. Wait a moment, then try again.';
  if (error.status === 409) return 'Your roast is still being written. Try again in a moment.';
  if (error.status >= 500) {
    const said = error.message.trim() || 'The server had a problem.';
    return /nothing was charged/i.test(said) ? said : `${said} Nothing was charged; try again.`;
  }
  return error.message;
}

/** Matches' refusals by the API's error code (docs/product.md#matches). */
const matchWordsByCode: Readonly<Record<string, string>> = {
  match_limit: `You can keep at most ${MATCH_LIMITS.matchesPerPerson} matches, archived ones included. Delete one first.`,
  photo_limit: TOO_MANY_MATCH_PHOTOS,
  import_full: TOO_MANY_SCREENSHOTS,
  import_confirmed: 'These screenshots were added to the conversation already.',
  import_not_ready: 'The screenshots are still being read. Wait a moment, then confirm.',
};

/**
 * Matches (docs/product.md#matches): refusals by their code; a 402 says what a coaching reply and the three
 * suggested answers cost; a 413 or 415 is a screenshot the server would not read; a 429 names its wait; a 409 with
 * no code means the same key's first request still runs; a 5xx keeps the server's words and says nothing was charged.
 */
function matchWords(error: ApiError): string {
  const body = bodyOf(error);
  const code = error.code ?? (typeof body['code'] === 'string' ? body['code'] : null);
  const byCode = ownWord(matchWordsByCode, code);
  if (byCode) return byCode;
  if (error.status === 402)
    return 'You are out of messages. A coaching reply, or three suggested answers, cost one: choose a plan to get yours.';
  // The server says which limit: over 10 MB, or too tall for a phone's screen.
  if (error.status === 413)
    return error.message.trim() || 'That screenshot is over 10 MB. Choose a smaller one.';
  if (error.status === 415)
    return 'That file is not a screenshot we can read. Choose a PNG, JPEG or WebP image.';
  if (error.status === 429)
    return tooManyTriesWords(error.message) ?? 'Too many at once. Wait a moment, then try again.';
  if (error.status === 409) return 'The wingmate is still answering. Try again in a moment.';
  if (error.status >= 500) {
    const said = error.message.trim() || 'The server had a problem.';
    return /nothing was charged/i.test(said) ? said : `${said} Nothing was charged; try again.`;
  }
  return error.message;
}

/**
 * Sounds like me and what works for you (docs/product.md#sounds-like-me): nothing is metered, so the server's own
 * words, a 429's wait, and a 5xx with "try again" said once (the server's detail may say it).
 */
function styleWords(error: ApiError): string {
  if (error.status === 429)
    return tooManyTriesWords(error.message) ?? 'Too many at once. Wait a moment, then try again.';
  if (error.status >= 500) {
    const said = error.message.trim() || 'The server had a problem.';
    if (/try again/i.test(said)) return said;
    return `${/[.!?]$/.test(said) ? said : `${said}.`} Please try again.`;
  }
  return error.message;
}

interface FlowWords {
  /** A failure that is not the API's answer: a bug, or (in chat) a stream cut before its end. */
  readonly unexpected: (error: unknown) => string;
  /** An answer of the server (any status but 0). */
  readonly answered: (error: ApiError) => string;
}

const flowWords: Readonly<Record<Flow, FlowWords>> = {
  general: {
    unexpected: () => 'Something went wrong. Please try again.',
    answered: (error) => error.message,
  },
  auth: { unexpected: () => SERVER_TROUBLE, answered: authWords },
  account: {
    unexpected: (error) => (error instanceof Error ? error.message : String(error)),
    answered: (error) => error.message,
  },
  checkout: {
    unexpected: () => 'Something went wrong. Nothing was charged; try again.',
    answered: checkoutWords,
  },
  chat: {
    unexpected: () => 'The connection was lost. Your message is kept; try again.',
    answered: chatWords,
  },
  roast: {
    unexpected: () => 'Something went wrong. Nothing was charged; try again.',
    answered: roastWords,
  },
  match: {
    unexpected: () => 'Something went wrong. Nothing was charged; try again.',
    answered: matchWords,
  },
  style: {
    unexpected: () => 'Something went wrong. Please try again.',
    answered: styleWords,
  },
};

/** What a person reads about a failed call in a flow. */
export function wordsFor(error: unknown, flow: Flow): string {
  if (!isApiError(error)) return flowWords[flow].unexpected(error);
  if (error.status === 0) return unreachableWords(flow);
  return flowWords[flow].answered(error);
}
