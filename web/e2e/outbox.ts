import { readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';

/**
 * The mail Cairn "sends" in the e2e run lands in the `mail_outbox` table of the product's own
 * embedded PostgreSQL (global-setup.ts starts it in .data/e2e). This reads it directly with the
 * server's recorded port and password: no CLI process, no output parsing.
 */
const dataDir = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '.data', 'e2e', 'postgres');

export interface Outbox {
  /** The action link of the newest message of `kind` to `email` (waits up to 10 s for it). */
  latestLink(email: string, kind: 'verify_email' | 'reset_password'): Promise<string>;
  close(): Promise<void>;
}

export async function openOutbox(): Promise<Outbox> {
  const { port } = JSON.parse(await readFile(join(dataDir, 'server.json'), 'utf8')) as { port: number };
  const password = (await readFile(join(dataDir, 'password'), 'utf8')).trim();
  const sql = postgres({ host: '127.0.0.1', port, user: 'postgres', password, database: 'cairn', max: 1, onnotice: () => {} });
  return {
    async latestLink(email, kind) {
      const deadline = Date.now() + 10_000;
      for (;;) {
        const rows = await sql<{ link: string | null }[]>`
          select link from mail_outbox where lower(recipient) = lower(${email}) and kind = ${kind} order by id desc limit 1`;
        const link = rows[0]?.link;
        if (link) return link;
        if (Date.now() > deadline) throw new Error(`No ${kind} mail to ${email} in the outbox`);
        await new Promise((done) => setTimeout(done, 200));
      }
    },
    close: () => sql.end(),
  };
}
