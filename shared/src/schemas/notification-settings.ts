import { z } from 'zod';

// A user's notification settings, under /v2/user/{id}/notification_settings (docs/api/catalogue.md,
// "Email digest"). Operation ids: getNotificationSettings, modifyNotificationSettings.

/** How often the email digest of followed projects' new versions is sent; `off` is the default. */
export const EMAIL_DIGEST_PERIODS = ['off', 'daily', 'weekly'] as const;
export const EmailDigestPeriodSchema = z.enum(EMAIL_DIGEST_PERIODS);
export type EmailDigestPeriod = z.infer<typeof EmailDigestPeriodSchema>;

/**
 * A user's notification settings. `email_digest_active` says whether digests can be sent now:
 * only to a verified email address, so it is false while the address is missing or unverified.
 */
export const NotificationSettingsSchema = z.object({
  email_digest: EmailDigestPeriodSchema,
  email_digest_active: z.boolean(),
});
export type NotificationSettings = z.infer<typeof NotificationSettingsSchema>;

/** PATCH body: a field left out stays as it is. */
export const ModifyNotificationSettingsBodySchema = z
  .object({
    email_digest: EmailDigestPeriodSchema.optional(),
  })
  .strict();
export type ModifyNotificationSettingsBody = z.infer<typeof ModifyNotificationSettingsBodySchema>;
