import type { FastifyRequest } from 'fastify';

/**
 * What the server's logs may hold (docs/decisions.md#input-headers-and-logs: never SQL parameters, passwords, hashes,
 * PINs, codes or tokens). Requests are logged by method and path, with query values hidden (a `?token=` is a
 * credential); headers and bodies are never logged; errors keep their message and stack without the values of a failed
 * query.
 */

/** Query parameters whose values say nothing about a person and help reading a log. */
const PLAIN_QUERY_PARAMETERS = new Set(['page']);

export const logSerializers = {
  req: (request: FastifyRequest) => ({
    method: request.method,
    url: urlWithoutSecrets(request.url),
    remoteAddress: request.ip,
  }),
  err: serializeError,
};

export function urlWithoutSecrets(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart < 0) return url;
  const query = url
    .slice(queryStart + 1)
    .split('&')
    .map((pair) => {
      const [name = ''] = pair.split('=', 1);
      return PLAIN_QUERY_PARAMETERS.has(name) ? pair : `${name}=[redacted]`;
    })
    .join('&');
  return `${url.slice(0, queryStart)}?${query}`;
}

type LoggedError = {
  type: string;
  message: string;
  stack: string;
  code?: unknown;
  statusCode?: unknown;
  /** The SQL text of a failed query (its values are parameters, which are never logged). */
  query?: string;
  constraint?: unknown;
  table?: unknown;
  cause?: LoggedError;
};

/**
 * Errors by their type, code and message, never their other fields: a failed query's `params` (e-mail addresses,
 * password hashes) and Postgres' `detail` ("Key (email)=(…) already exists") are dropped, and Drizzle's message,
 * which repeats the parameters after `params:`, is cut there; quoted values in Postgres' messages are hidden.
 */
export function serializeError(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: '[not an Error]', stack: '' };
  const fields = error as Error & Record<string, unknown>;
  // Postgres quotes the offending value in some messages (`value "…" is out of range`).
  const isDatabaseError = typeof fields.severity === 'string';
  const message = isDatabaseError
    ? error.message.replace(/"[^"]*"/g, '"[value]"')
    : withoutParameters(error.message);
  const logged: LoggedError = {
    type: error.constructor.name || error.name,
    message,
    stack: error.stack?.replace(error.message, message) ?? message,
  };
  if (fields.code !== undefined) logged.code = fields.code;
  if (fields.statusCode !== undefined) logged.statusCode = fields.statusCode;
  if (typeof fields.query === 'string') logged.query = fields.query;
  if (fields.constraint !== undefined) logged.constraint = fields.constraint;
  if (fields.table !== undefined) logged.table = fields.table;
  if (error.cause !== undefined && depth < 3) logged.cause = serializeError(error.cause, depth + 1);
  return logged;
}

function withoutParameters(message: string): string {
  const at = message.search(/\nparams:/);
  return at < 0 ? message : `${message.slice(0, at)}\nparams: [not logged]`;
}
