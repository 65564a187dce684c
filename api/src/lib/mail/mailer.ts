import type { Executor } from '../../db/client.js';
import { mailOutbox } from '../../db/schema/auth.js';
import { jobConnection } from '../job-connection.js';
import type { JobQueue } from '../jobs/job-types.js';

/** One message to one person. `link` is its action link (verification, reset), if any. */
export interface MailMessage {
  to: string;
  kind: MailKind;
  subject: string;
  text: string;
  html: string;
  link?: string;
}

export type MailKind =
  | 'verify_email'
  | 'reset_password'
  | 'password_changed'
  | 'password_removed'
  | 'two_factor_enabled'
  | 'two_factor_removed'
  | 'email_changed'
  | 'auth_provider_added'
  | 'auth_provider_removed'
  | 'payment_failed'
  | 'subscription_credited'
  | 'email_digest';

/**
 * Sends mail. Every message is first recorded in the `mail_outbox` table; the outbox mailer
 * stops there (and logs the link), the SMTP mailer then hands delivery to a job with retries.
 */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export interface MailLog {
  info(object: Record<string, unknown>, message: string): void;
}

export async function recordInOutbox(db: Executor, message: MailMessage): Promise<number> {
  const [row] = await db
    .insert(mailOutbox)
    .values({ recipient: message.to, subject: message.subject, text: message.text, html: message.html, link: message.link ?? null, kind: message.kind })
    .returning({ id: mailOutbox.id });
  return row!.id;
}

/** The default: messages stay in the outbox table, where a self-hoster (or a test) reads their links. */
export function createOutboxMailer(db: Executor, log: MailLog): Mailer {
  return {
    async send(message) {
      const id = await recordInOutbox(db, message);
      log.info({ outboxId: id, to: message.to, kind: message.kind, link: message.link }, `Mail kept in the outbox (no SMTP_URL): ${message.subject}`);
    },
  };
}

export const MAIL_DELIVERY_JOB = 'mail.deliver';

/** Enqueues a background job (the job runner's `send`). */
export type EnqueueJob = (name: string, data: object, options: { retryLimit: number; retryDelay: number; retryBackoff: boolean }) => Promise<unknown>;

/** How the delivery job of one message is retried: with backoff, for about a day. */
export const MAIL_DELIVERY_RETRY = { retryLimit: 12, retryDelay: 30, retryBackoff: true } as const;

/**
 * A message written by a transaction (a failed payment, a digest): recorded in the outbox and,
 * when SMTP is configured (`delivery`: the job queue then), its delivery job queued on the same
 * transaction, so the mail is sent exactly when the change commits.
 */
export async function recordMail(tx: Executor, message: MailMessage, delivery: JobQueue | undefined): Promise<number> {
  const id = await recordInOutbox(tx, message);
  if (delivery) await delivery.send(MAIL_DELIVERY_JOB, { outboxId: id }, { ...MAIL_DELIVERY_RETRY, db: jobConnection(tx) });
  return id;
}

export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A message whose HTML is its text, escaped, one paragraph per blank-line-separated block. */
export function plainMail(to: string, kind: MailKind, subject: string, text: string): MailMessage {
  const html = text
    .split(/\n{2,}/)
    .map((block) => `<p>${escapeHtml(block).replace(/\n/g, '<br>')}</p>`)
    .join('');
  return { to, kind, subject, text, html };
}

/** With SMTP: record, then let the delivery job send it (retried with backoff for about a day). */
export function createSmtpMailer(db: Executor, enqueue: EnqueueJob): Mailer {
  return {
    async send(message) {
      const id = await recordInOutbox(db, message);
      await enqueue(MAIL_DELIVERY_JOB, { outboxId: id }, MAIL_DELIVERY_RETRY);
    },
  };
}
