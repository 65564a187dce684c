import { sql, type Column, type SQL } from 'drizzle-orm';

/**
 * `column = any($1::type[])`: the whole list travels as one array parameter, so the statement
 * text is the same whatever the list's length (one prepared statement) and large lists (the
 * 1,000 hashes of a bulk lookup) cost one parameter instead of a thousand.
 */
export function anyText(column: Column | SQL, values: readonly string[]): SQL {
  return sql`${column} = any(${sql.param([...values])}::text[])`;
}

export function anyBigint(column: Column | SQL, values: readonly number[]): SQL {
  return sql`${column} = any(${sql.param([...values])}::bigint[])`;
}
