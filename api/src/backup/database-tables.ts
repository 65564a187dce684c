import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';

/** The public tables in an order where every table comes after the tables it refers to. */
export async function tablesInLoadOrder(db: Executor): Promise<string[]> {
  const tables = await db.execute<{ name: string }>(sql`
    select table_name as name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`);
  const references = await db.execute<{ child: string; parent: string }>(sql`
    select c.relname as child, p.relname as parent
    from pg_constraint k
    join pg_class c on c.oid = k.conrelid
    join pg_class p on p.oid = k.confrelid
    join pg_namespace n on n.oid = c.relnamespace
    where k.contype = 'f' and n.nspname = 'public' and c.relname <> p.relname`);
  const parentsOf = new Map(tables.map(({ name }) => [name, new Set<string>()]));
  for (const { child, parent } of references) parentsOf.get(child)?.add(parent);
  const ordered: string[] = [];
  const placed = new Set<string>();
  while (ordered.length < parentsOf.size) {
    const ready = [...parentsOf].filter(([name, parents]) => !placed.has(name) && [...parents].every((p) => placed.has(p)));
    if (ready.length === 0) throw new Error('The tables refer to each other in a cycle; they cannot be loaded in order');
    for (const [name] of ready) {
      ordered.push(name);
      placed.add(name);
    }
  }
  return ordered;
}

/** The applied migrations (count and the last one's hash): a backup restores only into the same schema. */
export async function schemaLevel(db: Executor): Promise<{ migrations: number; last: string }> {
  const rows = await db.execute<{ hash: string }>(sql`select hash from drizzle.__drizzle_migrations order by created_at, id`);
  return { migrations: rows.length, last: rows.at(-1)?.hash ?? '' };
}

/** Columns a restore writes (generated ones are computed by the database). */
export async function insertableColumns(db: Executor, table: string): Promise<string[]> {
  const rows = await db.execute<{ name: string }>(sql`
    select column_name as name from information_schema.columns
    where table_schema = 'public' and table_name = ${table} and is_generated = 'NEVER' order by ordinal_position`);
  return rows.map((r) => r.name);
}

/** Moves every serial column's sequence past the largest value restored into it. */
export async function advanceSequences(db: Executor): Promise<void> {
  const serials = await db.execute<{ table: string; column: string }>(sql`
    select table_name as table, column_name as column from information_schema.columns
    where table_schema = 'public' and column_default like 'nextval(%'`);
  for (const { table, column } of serials) {
    const max = sql`coalesce((select max(${sql.identifier(column)}) from ${sql.identifier(table)}), 0) + 1`;
    await db.execute(sql`select setval(pg_get_serial_sequence(${`"${table}"`}, ${column}), ${max}, false)`);
  }
}
