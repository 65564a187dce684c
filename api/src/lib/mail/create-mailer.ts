import type { Config } from '../../config.js';
import type { Executor } from '../../db/client.js';
import type { JobQueue } from '../../lib/jobs/job-types.js';
import { createOutboxMailer, createSmtpMailer, type MailLog, type Mailer } from './mailer.js';

/** SMTP (through the delivery job) when SMTP_URL is set, else the outbox. */
export function createMailer(options: { config: Config; db: Executor; log: MailLog; jobs: JobQueue | undefined }): Mailer {
  if (!options.config.mail.smtpUrl) return createOutboxMailer(options.db, options.log);
  const jobs = options.jobs;
  if (!jobs) throw new Error('SMTP_URL is set, so mail is delivered by the job runner: pass it to buildApp.');
  return createSmtpMailer(options.db, (name, data, sendOptions) => jobs.send(name, data, sendOptions));
}
