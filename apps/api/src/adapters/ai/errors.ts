import { Problem } from '../../problem';

/** The AI service refused or failed (after retries): the route answers 502 and charges nothing. */
export class AiProviderError extends Error {
  readonly statusCode = 502;
  constructor(
    message: string,
    /** The provider's HTTP status, when it answered one. */
    readonly providerStatus?: number,
    override readonly cause?: unknown,
  ) {
    super(message);
    this.name = 'AiProviderError';
  }
}

/** The AI service did not answer within `LLM_TIMEOUT_MS`: the route answers 504 and charges nothing. */
export class AiTimeoutError extends Error {
  readonly statusCode = 504;
  constructor(readonly timeoutMs: number) {
    super(`The AI did not answer within ${timeoutMs} ms`);
    this.name = 'AiTimeoutError';
  }
}

/** The one place that turns AI failures into the client's `{detail}` (routes call it in their catch). */
export function aiProblem(error: AiProviderError | AiTimeoutError): Problem {
  return error instanceof AiTimeoutError
    ? Problem.detail(
        504,
        'The AI took too long to answer. Please try again; nothing was charged.',
        'ai_timeout',
      )
    : Problem.detail(
        502,
        'The AI service is unavailable right now. Please try again; nothing was charged.',
        'ai_unavailable',
      );
}

export function isAiError(error: unknown): error is AiProviderError | AiTimeoutError {
  return error instanceof AiProviderError || error instanceof AiTimeoutError;
}
