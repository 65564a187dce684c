import { connectProductDatabase } from './product-database';

/**
 * The mail Cairn "sends" in the e2e run lands in the `mail_outbox` table of the product's own
 * embedded PostgreSQL; this reads it directly.
 */
export interface Outbox {
  /** The action link of the newest message of `kind` to `email` (waits up to 10 s for it). */
  latestLink(email: string, kind: 'verify_email' | 'reset_password'): Promise<string>;
  close(): Promise<void>;
}

export async function openOutbox(): Promise<Outbox> {
  const sql = await connectProductDatabase();
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
