import type postgres from 'postgres';

/** Statements with more parameters than this (long value lists, bulk inserts) stay one-off. */
export const MAX_PREPARED_PARAMETERS = 64;

type UnsafeOptions = Parameters<postgres.Sql['unsafe']>[2];

/**
 * The query builder (drizzle) sends every statement unnamed, so the driver asks the server for the types of
 * its parameters before each run: two round trips per query. Named (prepared) statements are
 * described once per connection and then run in one round trip, and their plan is cached.
 * Statements with many parameters are mostly variable-length lists whose text differs per call:
 * they stay unnamed, so a connection keeps a bounded set (the driver forgets them with the
 * connection, which it replaces every 30–60 minutes, and re-prepares after a schema change).
 */
export function preferPreparedStatements<S extends postgres.Sql | postgres.TransactionSql>(sql: S): S {
  const unsafe = (target: S) => (query: string, parameters?: postgres.ParameterOrJSON<never>[], options?: UnsafeOptions) =>
    target.unsafe(query, parameters, {
      ...options,
      prepare: options?.prepare === true || (parameters !== undefined && parameters.length > 0 && parameters.length <= MAX_PREPARED_PARAMETERS),
    });
  const wrapWork = (args: unknown[]) => {
    const work = args.pop() as (tx: postgres.TransactionSql) => unknown;
    return [...args, (tx: postgres.TransactionSql) => work(preferPreparedStatements(tx))];
  };
  return new Proxy(sql, {
    get: (target, property, receiver) => {
      if (property === 'unsafe') return unsafe(target);
      if (property === 'begin' || property === 'savepoint') {
        const open = Reflect.get(target, property, receiver) as ((...a: unknown[]) => Promise<unknown>) | undefined;
        return open && ((...args: unknown[]) => open(...wrapWork(args)));
      }
      return Reflect.get(target, property, receiver) as unknown;
    },
  });
}
