/** PostgreSQL errors as the `postgres` driver reports them (drizzle wraps them in `cause`). */
interface PgError {
  code?: string;
  constraint_name?: string;
  cause?: unknown;
}

function pgError(error: unknown): PgError | undefined {
  for (let current = error as PgError | undefined, depth = 0; current && depth < 3; current = current.cause as PgError | undefined, depth++) {
    if (typeof current.code === 'string' && current.code.length === 5) return current;
  }
  return undefined;
}

/** A unique-constraint violation, optionally of one constraint or index. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const pg = pgError(error);
  return pg?.code === '23505' && (constraint === undefined || pg.constraint_name === constraint);
}
