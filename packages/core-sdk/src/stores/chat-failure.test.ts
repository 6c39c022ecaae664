import { ApiError } from '../errors/api-error';
import { canRetry, chatFailureOf } from './chat-failure';

const apiError = (status: number, message: string) => new ApiError({ status, message });

describe('what a failed chat send says, and whether Retry is offered (docs/decisions.md#screens)', () => {
  it('opens the paywall on 402, with no Retry', () => {
    const failure = chatFailureOf(apiError(402, 'No messages remaining.'));
    expect(failure.kind).toBe('out-of-messages');
    expect(canRetry(failure)).toBe(false);
  });

  it("reads the wait of a 429 from the server's detail", () => {
    const failure = chatFailureOf(apiError(429, 'Request was throttled. Expected available in 17 seconds.'));
    expect(failure).toEqual({
      kind: 'rate-limited',
      waitSeconds: 17,
      message: 'Too many messages at once. Try again in 17 seconds.',
    });
  });

  it('keeps the message with a Retry when offline (status 0) or on a 5xx', () => {
    for (const status of [0, 500, 502, 504]) {
      const failure = chatFailureOf(apiError(status, 'The AI did not answer in time.'));
      expect(canRetry(failure)).toBe(true);
      expect(failure.message).toMatch(/Your message is kept/);
    }
  });

  it('says "try again" once when the server\'s detail already says it', () => {
    const failure = chatFailureOf(
      apiError(502, 'The AI service is unavailable right now. Please try again; nothing was charged.'),
    );
    expect(failure.message).toBe(
      'The AI service is unavailable right now. Please try again; nothing was charged. Your message is kept.',
    );
  });

  it('offers Retry when the same key is still being answered (409)', () => {
    const failure = chatFailureOf(apiError(409, 'A request with this key is still running.'));
    expect(canRetry(failure)).toBe(true);
  });

  it("shows a refusal's own message without a Retry (the same request would fail again)", () => {
    const failure = chatFailureOf(apiError(400, 'This field may not be blank.'));
    expect(failure).toEqual({ kind: 'refused', message: 'This field may not be blank.' });
    expect(canRetry(failure)).toBe(false);
  });
});
