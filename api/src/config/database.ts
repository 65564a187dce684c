import { z } from 'zod';
import { optionalUrl } from './env-values.js';

/** PostgreSQL: an external server, or (unset) the embedded one. */
export const databaseSchema = z.object({
  DATABASE_URL: optionalUrl,
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
});

export type DatabaseEnv = z.infer<typeof databaseSchema>;

export interface DatabaseSection {
  database: { url: string | undefined; poolSize: number };
}

export function databaseSection(env: DatabaseEnv): DatabaseSection {
  return { database: { url: env.DATABASE_URL, poolSize: env.DATABASE_POOL_SIZE } };
}
