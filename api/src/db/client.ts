import postgres from 'postgres';
import { drizzle, type PostgresJsDatabase } from 'drizzle-orm/postgres-js';

export type Database = PostgresJsDatabase;
/** A transaction handle; repositories accept either this or the Database. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
export type Executor = Database | Transaction;

export interface DatabaseClient {
  db: Database;
  sql: postgres.Sql;
  close(): Promise<void>;
}

/** Opens a pool. Nothing connects until the first query. */
export function createDatabase(url: string, options: { poolSize?: number; applicationName?: string } = {}): DatabaseClient {
  const sql = postgres(url, {
    max: options.poolSize ?? 10,
    onnotice: () => {},
    connection: { application_name: options.applicationName ?? 'cairn-api' },
  });
  const db = drizzle({ client: sql, casing: 'snake_case' });
  return { db, sql, close: () => sql.end({ timeout: 5 }) };
}
