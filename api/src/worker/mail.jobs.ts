import { eq } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import { mailOutbox } from '../db/schema/auth.js';
import { MAIL_DELIVERY_JOB } from '../lib/mail/mailer.js';
import type { JobDefinition, JobDeps } from '../lib/jobs/job-types.js';

let transport: { url: string; transporter: Transporter } | undefined;
function transporterFor(url: string): Transporter {
  if (transport?.url !== url) transport = { url, transporter: nodemailer.createTransport(url) };
  return transport.transporter;
}

/**
 * Sends one outbox message over SMTP and marks it sent. A failure fails the job, which pg-boss
 * retries with backoff (the SMTP mailer enqueues it with its retry policy); a message already
 * marked sent is not sent again.
 */
export const mailDeliveryJob: JobDefinition<JobDeps, { outboxId: number }> = {
  name: MAIL_DELIVERY_JOB,
  async handle({ db, config }, jobs) {
    const smtpUrl = config.mail.smtpUrl;
    if (!smtpUrl) throw new Error('mail delivery jobs need SMTP_URL');
    for (const job of jobs) {
      const [message] = await db
        .select({ recipient: mailOutbox.recipient, subject: mailOutbox.subject, text: mailOutbox.text, html: mailOutbox.html, sentAt: mailOutbox.sentAt })
        .from(mailOutbox)
        .where(eq(mailOutbox.id, job.data.outboxId))
        .limit(1);
      if (!message || message.sentAt) continue;
      await transporterFor(smtpUrl).sendMail({
        from: config.mail.from,
        to: message.recipient,
        subject: message.subject,
        text: message.text,
        ...(message.html ? { html: message.html } : {}),
      });
      await db.update(mailOutbox).set({ sentAt: new Date() }).where(eq(mailOutbox.id, job.data.outboxId));
    }
  },
};

/** Mail jobs (the mailer in lib/mail enqueues them), for the worker. */
export const mailJobs: ReadonlyArray<JobDefinition<JobDeps, never>> = [mailDeliveryJob];
