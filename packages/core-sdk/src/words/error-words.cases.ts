import { ApiError } from '../errors/api-error';
import type { Flow } from './error-words';

export interface WordsCase {
  readonly rule: string;
  readonly flow: Flow;
  readonly error: unknown;
  readonly words: string;
}

const apiError = (status: number, message: string, code: string | null = null, data: unknown = null) =>
  new ApiError({ status, message, code, data });

const UNREACHABLE = 'We could not reach Wingmate. Check your connection and try again.';
const offline = apiError(0, 'Network Error', 'ERR_NETWORK');
const DECLINED = 'Your card was declined. Try another card, or ask your bank why.';

/** docs/product.md#words-for-failures: what each flow says for each failure. */
export const wordsCases: readonly WordsCase[] = [
  // The server was not reached: one sentence everywhere, with the flow's reassurance.
  { rule: 'general: unreachable, the one sentence', flow: 'general', error: offline, words: UNREACHABLE },
  { rule: 'auth: unreachable, the one sentence', flow: 'auth', error: offline, words: UNREACHABLE },
  { rule: 'account: unreachable, the one sentence', flow: 'account', error: offline, words: UNREACHABLE },
  {
    rule: 'checkout: unreachable, and nothing was charged',
    flow: 'checkout',
    error: offline,
    words: `${UNREACHABLE} Nothing was charged.`,
  },
  {
    rule: 'chat: unreachable, and the message is kept',
    flow: 'chat',
    error: offline,
    words: `${UNREACHABLE} Your message is kept.`,
  },

  // A failure that is not the API's answer.
  {
    rule: 'general: a bug says something went wrong',
    flow: 'general',
    error: new TypeError('x is undefined'),
    words: 'Something went wrong. Please try again.',
  },
  {
    rule: 'auth: a bug is our side',
    flow: 'auth',
    error: new TypeError('x is undefined'),
    words: 'Something went wrong on our side. Please try again in a moment.',
  },
  {
    rule: 'account: an error of our own keeps its message',
    flow: 'account',
    error: new Error('The codes do not match.'),
    words: 'The codes do not match.',
  },
  {
    rule: 'account: a thrown non-error is read as text',
    flow: 'account',
    error: 'stopped',
    words: 'stopped',
  },
  {
    rule: 'checkout: a bug still says nothing was charged',
    flow: 'checkout',
    error: new TypeError('x is undefined'),
    words: 'Something went wrong. Nothing was charged; try again.',
  },
  {
    rule: 'chat: a cut stream is a lost connection, the message kept',
    flow: 'chat',
    error: new TypeError('network error'),
    words: 'The connection was lost. Your message is kept; try again.',
  },

  // The server's own words.
  {
    rule: 'general: the server’s words',
    flow: 'general',
    error: apiError(400, 'This field may not be blank.'),
    words: 'This field may not be blank.',
  },
  {
    rule: 'account: the server’s words',
    flow: 'account',
    error: apiError(409, 'A payment is in progress.', 'payment_in_progress'),
    words: 'A payment is in progress.',
  },
  {
    rule: 'general: the SDK’s words for an empty body are kept (spec catalogue)',
    flow: 'general',
    error: apiError(502, 'The server responded with a status of 502'),
    words: 'The server responded with a status of 502',
  },

  // Signing in.
  {
    rule: 'auth: the DRF credentials sentence in plainer words',
    flow: 'auth',
    error: apiError(400, 'Unable to log in with provided credentials.', null, {
      non_field_errors: ['Unable to log in with provided credentials.'],
    }),
    words: 'That password is not right, or there is no account with these details.',
  },
  {
    rule: 'auth: a lockout’s wait in minutes',
    flow: 'auth',
    error: apiError(429, 'Request was throttled. Expected available in 90 seconds.'),
    words: 'Too many tries. Please wait 2 minutes and try again.',
  },
  {
    rule: 'auth: a lockout with no wait keeps the server’s words',
    flow: 'auth',
    error: apiError(429, 'Request was throttled.'),
    words: 'Request was throttled.',
  },
  {
    rule: 'auth: a 5xx with an empty body gives the SDK’s status sentence',
    flow: 'auth',
    error: apiError(502, 'The server responded with a status of 502'),
    words: 'The server responded with a status of 502',
  },
  {
    rule: 'auth: a 5xx with a non-JSON body gives the SDK’s status sentence',
    flow: 'auth',
    error: apiError(502, 'The server responded with a status of 502', null, '<html>Bad gateway</html>'),
    words: 'The server responded with a status of 502',
  },
  {
    rule: 'auth: a 5xx that says what failed is read',
    flow: 'auth',
    error: apiError(503, 'We could not send the text message right now.', null, {
      detail: 'We could not send the text message right now.',
    }),
    words: 'We could not send the text message right now.',
  },
  {
    rule: 'auth: what a crash’s JSON body held is hidden',
    flow: 'auth',
    error: apiError(500, 'TypeError at line 3', null, { stack: 'TypeError at line 3' }),
    words: 'Something went wrong on our side. Please try again in a moment.',
  },

  // Paying.
  {
    rule: 'checkout: a decline by its code',
    flow: 'checkout',
    error: apiError(402, 'x', 'card_declined'),
    words: DECLINED,
  },
  {
    rule: 'checkout: insufficient funds by its code',
    flow: 'checkout',
    error: apiError(402, 'x', 'insufficient_funds'),
    words: 'Your card has insufficient funds. Try another card.',
  },
  {
    rule: 'checkout: a decline nobody listed reads as a decline',
    flow: 'checkout',
    error: apiError(402, 'x', 'do_not_honor'),
    words: DECLINED,
  },
  {
    rule: 'checkout: a code read from the body when the error has none',
    flow: 'checkout',
    error: apiError(400, 'x', null, { code: 'expired_card' }),
    words: 'Your card has expired. Try another card.',
  },
  {
    rule: 'checkout: a code that names an object property is no word of ours',
    flow: 'checkout',
    error: apiError(400, 'The server’s words.', 'constructor'),
    words: 'The server’s words.',
  },
  {
    rule: 'checkout: the one-trial rule',
    flow: 'checkout',
    error: apiError(409, 'A free trial was already used by this account or this card.', 'trial_used'),
    words:
      'You have already used a free trial, on this account or with this card. You can still buy the plan without a trial.',
  },
  {
    rule: 'checkout: the spending cap with the server’s detail',
    flow: 'checkout',
    error: apiError(400, 'x', 'spending_cap', {
      detail: 'You have $5.00 left this month.',
      code: 'spending_cap',
    }),
    words: 'This payment would pass your monthly spending cap. You have $5.00 left this month.',
  },
  {
    rule: 'checkout: a member-only payment asks to verify',
    flow: 'checkout',
    error: apiError(403, 'x', 'verification_required'),
    words: 'Verify your e-mail address or phone number before paying.',
  },
  {
    rule: 'checkout: too many tries',
    flow: 'checkout',
    error: apiError(429, 'Request was throttled.'),
    words: 'Too many tries. Wait a minute, then try again.',
  },
  {
    rule: 'checkout: the payment service failed, nothing was charged',
    flow: 'checkout',
    error: apiError(503, 'x'),
    words: 'The payment service had a problem. Nothing was charged; try again.',
  },
  {
    rule: 'checkout: a field error’s message, taken out of the body by the SDK',
    flow: 'checkout',
    error: apiError(400, 'Unknown plan.', null, { plan_id: ['Unknown plan.'] }),
    words: 'Unknown plan.',
  },

  // Chatting.
  {
    rule: 'chat: out of messages keeps the server’s words',
    flow: 'chat',
    error: apiError(402, 'No messages remaining.'),
    words: 'No messages remaining.',
  },
  {
    rule: 'chat: a 429 names its wait',
    flow: 'chat',
    error: apiError(429, 'Request was throttled. Expected available in 17 seconds.'),
    words: 'Too many messages at once. Try again in 17 seconds.',
  },
  {
    rule: 'chat: a 429 with no wait',
    flow: 'chat',
    error: apiError(429, 'Request was throttled.'),
    words: 'Too many messages at once. Wait a moment, then try again.',
  },
  {
    rule: 'chat: the same key still being answered',
    flow: 'chat',
    error: apiError(409, 'A request with this key is still running.'),
    words: 'Your message is still being answered. Try again in a moment.',
  },
  {
    rule: 'chat: a 5xx keeps the server’s words and the message',
    flow: 'chat',
    error: apiError(504, 'The AI did not answer in time.'),
    words: 'The AI did not answer in time. Your message is kept; try again.',
  },
  {
    rule: 'chat: a 5xx whose words already say "try again" says it once',
    flow: 'chat',
    error: apiError(502, 'The AI service is unavailable right now. Please try again; nothing was charged.'),
    words:
      'The AI service is unavailable right now. Please try again; nothing was charged. Your message is kept.',
  },
  {
    rule: 'chat: a 5xx with no words',
    flow: 'chat',
    error: apiError(500, '  '),
    words: 'The server had a problem. Your message is kept; try again.',
  },
  {
    rule: 'chat: a refusal’s own words',
    flow: 'chat',
    error: apiError(400, 'This field may not be blank.'),
    words: 'This field may not be blank.',
  },

  // Asking for a roast.
  {
    rule: 'roast: unreachable, and nothing was charged',
    flow: 'roast',
    error: offline,
    words: `${UNREACHABLE} Nothing was charged.`,
  },
  {
    rule: 'roast: out of messages says a roast costs one',
    flow: 'roast',
    error: apiError(402, 'No messages remaining.', 'no_messages'),
    words: 'You are out of messages. A roast costs one: choose a plan to get yours.',
  },
  {
    rule: 'roast: a 429 names its wait',
    flow: 'roast',
    error: apiError(429, 'Request was throttled. Expected available in 90 seconds.'),
    words: 'Too many tries. Please wait 2 minutes and try again.',
  },
  {
    rule: 'roast: the same key still being written',
    flow: 'roast',
    error: apiError(409, 'A request with this key is still running.'),
    words: 'Your roast is still being written. Try again in a moment.',
  },
  {
    rule: 'roast: the AI’s failure keeps the server’s words, which say nothing was charged',
    flow: 'roast',
    error: apiError(502, 'The AI is unavailable. Please try again; nothing was charged.', 'ai_unavailable'),
    words: 'The AI is unavailable. Please try again; nothing was charged.',
  },
  {
    rule: 'roast: another 5xx adds that nothing was charged',
    flow: 'roast',
    error: apiError(500, 'The server had a problem.'),
    words: 'The server had a problem. Nothing was charged; try again.',
  },
  {
    rule: 'roast: nothing to roast says what to add',
    flow: 'roast',
    error: apiError(400, 'There is nothing to roast yet.', null, {
      intensity: ['There is nothing to roast yet.'],
    }),
    words: 'There is nothing to roast yet.',
  },
  {
    rule: 'match: past the limit of matches says that archived ones count',
    flow: 'match',
    error: apiError(409, 'You have 200 matches already.', 'match_limit'),
    words: 'You can keep at most 200 matches, archived ones included. Delete one first.',
  },
  {
    rule: 'match: out of messages says what a reply and the three answers cost',
    flow: 'match',
    error: apiError(402, 'No messages remaining.', 'no_messages'),
    words:
      'You are out of messages. A coaching reply, or three suggested answers, cost one: choose a plan to get yours.',
  },
  {
    rule: 'match: a screenshot the server refused as too large says which limit, in its words',
    flow: 'match',
    error: apiError(413, "This image is not a screenshot of a phone's screen (too tall for its width)."),
    words: "This image is not a screenshot of a phone's screen (too tall for its width).",
  },
  {
    rule: 'match: a 413 with no words of the server is the 10 MB limit',
    flow: 'match',
    error: apiError(413, ''),
    words: 'That screenshot is over 10 MB. Choose a smaller one.',
  },
  {
    rule: 'match: a 5xx adds that nothing was charged',
    flow: 'match',
    error: apiError(502, 'The AI is unavailable.', 'ai_unavailable'),
    words: 'The AI is unavailable. Nothing was charged; try again.',
  },

  // Sounds like me and what works for you: nothing is metered.
  {
    rule: 'style: a refusal keeps the server’s words',
    flow: 'style',
    error: apiError(400, 'Give either text or match_id, not both.'),
    words: 'Give either text or match_id, not both.',
  },
  {
    rule: 'style: a 429 names its wait',
    flow: 'style',
    error: apiError(429, 'Request was throttled. Expected available in 30 seconds.'),
    words: 'Too many tries. Please wait 30 seconds and try again.',
  },
  {
    rule: 'style: a 5xx keeps the server’s words as a sentence, then says to try again',
    flow: 'style',
    error: apiError(500, 'The server responded with a status of 500'),
    words: 'The server responded with a status of 500. Please try again.',
  },
  {
    rule: 'style: a 5xx that says to try again says it once',
    flow: 'style',
    error: apiError(503, 'Learning is paused; try again in a minute.'),
    words: 'Learning is paused; try again in a minute.',
  },
];
