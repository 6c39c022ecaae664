/**
 * An error that reaches the client with a decided status and body, in the DRF shapes of docs/decisions.md#api-server:
 * `{detail}`, `{detail, code}`, field errors `{field: [messages]}`, or the PIN calls' `{error}`.
 * Services throw these; the error handler is the one place that turns them into responses.
 */
export class Problem extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: Readonly<Record<string, unknown>>,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(typeof body.detail === 'string' ? body.detail : `HTTP ${statusCode}`);
    this.name = 'Problem';
  }

  static detail(statusCode: number, detail: string, code?: string): Problem {
    return new Problem(statusCode, code ? { detail, code } : { detail });
  }

  static fields(errors: Readonly<Record<string, readonly string[]>>, statusCode = 400): Problem {
    return new Problem(statusCode, errors);
  }

  static field(field: string, message: string): Problem {
    return Problem.fields({ [field]: [message] });
  }

  static notFound(detail = 'Not found.'): Problem {
    return Problem.detail(404, detail);
  }
}

export function isProblem(error: unknown): error is Problem {
  return error instanceof Problem;
}
