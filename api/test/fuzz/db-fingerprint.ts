import type { Sql } from 'postgres';

/** Columns a read may touch (a credential's last use), left out of the fingerprint. */
const TOUCHED_COLUMNS = ['last_used', 'last_login'];

/**
 * A digest of every row of every table in the public schema: equal fingerprints before and after
 * a batch of refused requests prove nothing was written.
 */
export async function databaseFingerprint(sql: Sql): Promise<Map<string, string>> {
  const tables = await sql<{ name: string }[]>`
    select table_name as name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`;
  const drop = TOUCHED_COLUMNS.map((column) => ` - '${column}'`).join('');
  const parts = tables.map(
    ({ name }) => `select '${name}' as name, count(*)::text || ':' || coalesce(md5(string_agg(md5((to_jsonb(t)${drop})::text), '' order by md5((to_jsonb(t)${drop})::text))), '') as digest from "${name}" t`,
  );
  const rows = await sql.unsafe<{ name: string; digest: string }[]>(parts.join(' union all '));
  return new Map(rows.map((row) => [row.name, row.digest]));
}

/** The tables whose digest differs. */
export function changedTables(before: Map<string, string>, after: Map<string, string>): string[] {
  return [...new Set([...before.keys(), ...after.keys()])].filter((name) => before.get(name) !== after.get(name));
}
