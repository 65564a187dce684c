import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';
import { drizzle } from 'drizzle-orm/postgres-js';
import { migrate } from 'drizzle-orm/postgres-js/migrator';

/** Arbitrary constant identifying Cairn's migration lock among advisory locks. */
const MIGRATION_LOCK_KEY = 7_318_204_551;

/** The committed migrations folder (api/drizzle), found from this file in src/ or dist/. */
export function migrationsFolder(): string {
  for (let dir = dirname(fileURLToPath(import.meta.url)); dirname(dir) !== dir; dir = dirname(dir)) {
    const candidate = join(dir, 'drizzle');
    if (existsSync(join(candidate, 'meta', '_journal.json'))) return candidate;
  }
  throw new Error('The api/drizzle migrations folder was not found.');
}

/**
 * Applies pending migrations. An advisory lock makes concurrent starters (API, CLI,
 * a second instance) wait for each other instead of racing.
 */
export async function runMigrations(url: string): Promise<void> {
  // No statement limit, whatever the role's default: a migration may rewrite a large table, and the
  // lock below waits for another starter. ('0' as a string: the driver leaves out falsy parameters.)
  const sql = postgres(url, { max: 1, onnotice: () => {}, connect_timeout: 10, connection: { application_name: 'cairn-migrate', statement_timeout: '0' as unknown as number } });
  try {
    await sql`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`;
    try {
      await migrate(drizzle({ client: sql, casing: 'snake_case' }), {
        migrationsFolder: migrationsFolder(),
        migrationsSchema: 'drizzle',
      });
    } finally {
      await sql`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`;
    }
  } finally {
    await sql.end({ timeout: 5 });
  }
}
