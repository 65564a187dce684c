import { defineConfig } from 'drizzle-kit';

// Migrations are generated from src/db/schema and committed; they are applied by src/db/migrate.ts.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/*.ts',
  out: './drizzle',
  casing: 'snake_case',
});
