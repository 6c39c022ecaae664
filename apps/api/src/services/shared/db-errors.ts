/** Postgres' unique_violation, from node-postgres or PGlite, bare or wrapped by Drizzle (as `cause`). */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 4; depth++) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown; message?: string };
    if (candidate.code === '23505') {
      if (!constraint) return true;
      const named =
        typeof candidate.constraint === 'string' ? candidate.constraint : String(candidate.message ?? '');
      return named.includes(constraint);
    }
    current = candidate.cause;
  }
  return false;
}
