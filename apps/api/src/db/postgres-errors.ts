/** Postgres' unique_violation, from node-postgres or PGlite, bare or wrapped by Drizzle (as `cause`). */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const raised = raisedByPostgres(error);
  if (raised?.code !== '23505') return false;
  if (!constraint) return true;
  const named = typeof raised.constraint === 'string' ? raised.constraint : String(raised.message ?? '');
  return named.includes(constraint);
}

/** The SQLSTATE Postgres answered with, from node-postgres or PGlite, bare or wrapped by Drizzle (as `cause`). */
export function postgresErrorCode(error: unknown): string | undefined {
  return raisedByPostgres(error)?.code;
}

interface RaisedError {
  readonly code: string;
  readonly constraint?: unknown;
  readonly message?: string;
}

function raisedByPostgres(error: unknown): RaisedError | undefined {
  for (let current: unknown = error, depth = 0; current && depth < 4; depth++) {
    const candidate = current as { code?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code))
      return candidate as RaisedError;
    current = candidate.cause;
  }
  return undefined;
}
