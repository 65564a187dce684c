import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../src/db/client.js';
import { mailOutbox } from '../../src/db/schema/auth.js';
import { eventually } from '../helpers/eventually.js';

export interface OutboxMessage {
  id: number;
  recipient: string;
  subject: string;
  text: string;
  html: string | null;
  link: string | null;
  kind: string;
  sentAt: Date | null;
}

/** Messages to an address (newest first), optionally of one kind. */
export function mailTo(db: Executor, recipient: string, kind?: string): Promise<OutboxMessage[]> {
  const byRecipient = sql`lower(${mailOutbox.recipient}) = lower(${recipient})`;
  return db
    .select({
      id: mailOutbox.id,
      recipient: mailOutbox.recipient,
      subject: mailOutbox.subject,
      text: mailOutbox.text,
      html: mailOutbox.html,
      link: mailOutbox.link,
      kind: mailOutbox.kind,
      sentAt: mailOutbox.sentAt,
    })
    .from(mailOutbox)
    .where(kind ? and(byRecipient, eq(mailOutbox.kind, kind)) : byRecipient)
    .orderBy(desc(mailOutbox.id));
}

/** The `flow` parameter of the newest message of a kind to an address. */
export async function flowFromMail(db: Executor, recipient: string, kind: string): Promise<string> {
  const [message] = await mailTo(db, recipient, kind);
  if (!message?.link) throw new Error(`no ${kind} mail with a link to ${recipient}`);
  const flow = new URL(message.link).searchParams.get('flow');
  if (!flow) throw new Error(`the ${kind} link has no flow: ${message.link}`);
  return flow;
}

/** Waits (up to 5 s) until at least `count` messages of a kind reached an address: mail sent after a response. */
export async function waitForMail(db: Executor, recipient: string, kind: string, count = 1): Promise<OutboxMessage[]> {
  return eventually(
    async () => ((messages) => (messages.length >= count ? messages : undefined))(await mailTo(db, recipient, kind)),
    5_000,
    `${count} ${kind} mails to ${recipient}`,
    25,
  );
}
