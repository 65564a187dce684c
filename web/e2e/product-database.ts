import { readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';

/** The product's own embedded PostgreSQL of the e2e run (global-setup.ts starts it in .data/e2e). */
const dataDir = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '.data', 'e2e', 'postgres');

/** A connection with the server's recorded port and password: no CLI process, no output parsing. */
export async function connectProductDatabase(): Promise<postgres.Sql> {
  const { port } = JSON.parse(await readFile(join(dataDir, 'server.json'), 'utf8')) as { port: number };
  const password = (await readFile(join(dataDir, 'password'), 'utf8')).trim();
  return postgres({ host: '127.0.0.1', port, user: 'postgres', password, database: 'cairn', max: 1, onnotice: () => {} });
}

export interface ProductDatabase {
  /** Moves time for one user's renewal: its open charge becomes due, as it would be a period later. */
  makeRenewalDue(username: string): Promise<void>;
  /** Queues a job of the worker's pg-boss queue (as its cron schedule does) and waits until it completed. */
  runJob(name: string): Promise<void>;
  close(): Promise<void>;
}

export async function openProductDatabase(): Promise<ProductDatabase> {
  const sql = await connectProductDatabase();
  return {
    async makeRenewalDue(username) {
      const moved = await sql`
        update billing_charges set due = now() - interval '1 minute'
        where type = 'subscription' and status = 'open' and user_id = (select id from users where username = ${username})`;
      if (moved.count !== 1) throw new Error(`Expected one open renewal of ${username}, found ${moved.count}`);
    },
    async runJob(name) {
      const [job] = await sql<{ id: string }[]>`insert into pgboss.job (name, data) values (${name}, '{}'::jsonb) returning id`;
      const deadline = Date.now() + 60_000;
      for (;;) {
        const [row] = await sql<{ state: string; output: unknown }[]>`select state, output from pgboss.job where name = ${name} and id = ${job!.id}`;
        if (row?.state === 'completed') return;
        if (row?.state === 'failed') throw new Error(`Job ${name} failed: ${JSON.stringify(row.output)}`);
        if (Date.now() > deadline) throw new Error(`Job ${name} did not complete within a minute (state ${row?.state ?? 'gone'})`);
        await new Promise((done) => setTimeout(done, 250));
      }
    },
    close: () => sql.end(),
  };
}
