import { afterAll, describe, expect, it, inject } from 'vitest';
import postgres from 'postgres';
import { readdir } from 'node:fs/promises';
import { migrationsFolder, runMigrations } from '../../src/db/migrate.js';
import { databaseUrlFor, dropDatabase, recreateDatabase } from '../database-admin.js';

const name = `cairn_migrations_${process.pid}`;
const adminUrl = databaseUrlFor(inject('databaseUrl'), 'postgres');
const url = databaseUrlFor(inject('databaseUrl'), name);
afterAll(() => dropDatabase(adminUrl, name));

describe('migrations', () => {
  it('build the schema from an empty database, and a second run changes nothing', async () => {
    await recreateDatabase(adminUrl, name);
    // Two starters at once wait for each other on the advisory lock.
    await Promise.all([runMigrations(url), runMigrations(url)]);
    await runMigrations(url);

    const sql = postgres(url, { max: 1, onnotice: () => {} });
    try {
      const applied = await sql`select count(*)::int as n from drizzle.__drizzle_migrations`;
      const files = (await readdir(migrationsFolder())).filter((f) => f.endsWith('.sql'));
      expect(applied[0]?.n).toBe(files.length);
      const tables = await sql`select table_name from information_schema.tables where table_schema = 'public'`;
      expect(tables.map((t) => t.table_name)).toEqual(
        expect.arrayContaining(['loaders', 'categories', 'game_versions', 'licenses', 'donation_platforms', 'report_types', 'project_types']),
      );
    } finally {
      await sql.end();
    }
  });
});
