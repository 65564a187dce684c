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

/** The driver's and the socket's codes for "no connection to the server". */
const CONNECTION_CODES = new Set([
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'CONNECT_TIMEOUT',
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  // Cairn's own: a query gave up waiting for a connection of the pool (db/client.ts).
  'POOL_TIMEOUT',
]);

/**
 * Whether an error means the database cannot be reached right now (refused, dropped, shutting
 * down, still in crash recovery) rather than that the query was wrong: the caller may retry.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  const visit = (current: unknown, depth: number): boolean => {
    if (!current || typeof current !== 'object' || depth > 4 || seen.has(current)) return false;
    seen.add(current);
    const { code, cause, errors } = current as { code?: unknown; cause?: unknown; errors?: unknown };
    if (typeof code === 'string') {
      // 08xxx connection exceptions; 57P01-03 admin/crash shutdown and "cannot connect now" (starting up, recovering);
      // 53300 too many connections.
      if (CONNECTION_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code) || /^57P0[123]$/.test(code) || code === '53300') return true;
    }
    if (Array.isArray(errors) && errors.some((inner) => visit(inner, depth + 1))) return true;
    return visit(cause, depth + 1);
  };
  return visit(error, 0);
}

/**
 * PostgreSQL stopped waiting on the server's own limits: `statement_timeout` and cancelled
 * statements (57014), `lock_timeout` (55P03), `idle_in_transaction_session_timeout` (25P03).
 * The request was fine; the database was too slow or too contended to answer it in time.
 */
export function isDatabaseTimeout(error: unknown): boolean {
  const code = pgError(error)?.code;
  return code === '57014' || code === '55P03' || code === '25P03';
}
