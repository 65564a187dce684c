import { sql, type SQL } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import type { Executor } from '../db/client.js';

/**
 * Lets pg-boss write a job through a drizzle transaction (`send(name, data, { db })`), so the job
 * exists exactly when the change that asked for it commits. pg-boss sends `$n` placeholders;
 * they become bound parameters here (objects as JSON, undefined as null).
 */
export function jobConnection(tx: Executor): PgBoss.Db {
  return {
    async executeSql(text: string, values: unknown[]) {
      const chunks: SQL[] = text.split(/\$(\d+)/).map((part, i) => {
        if (i % 2 === 0) return sql.raw(part);
        const value = values[Number(part) - 1];
        const bound = value === undefined ? null : typeof value === 'object' && value !== null && !(value instanceof Date) ? JSON.stringify(value) : value;
        return sql`${bound}`;
      });
      const rows = await tx.execute(sql.join(chunks));
      return { rows: [...rows] };
    },
  };
}
