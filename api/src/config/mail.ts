import { z } from 'zod';

/** Outgoing mail. */
export const mailSchema = z.object({
  /** Deliver mail through this SMTP server (smtp:// or smtps://user:pass@host:port); unset = outbox only. */
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  /** Sender of every message (default: Cairn <no-reply@site host>). */
  MAIL_FROM: z.string().min(3).optional(),
});

export type MailEnv = z.infer<typeof mailSchema>;

export interface MailSection {
  mail: { smtpUrl: string | undefined; from: string };
}

export function mailSection(env: MailEnv, publicSiteUrl: string): MailSection {
  return { mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM ?? `Cairn <no-reply@${new URL(publicSiteUrl).hostname}>` } };
}
