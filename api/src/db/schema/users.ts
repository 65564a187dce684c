import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** Ids are random integers below 2^53 (8 base62 characters), so JS numbers hold them exactly. */
const id = () => bigint({ mode: 'number' });

export const users = pgTable(
  'users',
  {
    id: id().primaryKey(),
    username: text().notNull(),
    email: text(),
    emailVerified: boolean().notNull().default(false),
    passwordHash: text(),
    avatarUrl: text(),
    rawAvatarUrl: text(),
    bio: text(),
    role: text().notNull().default('developer'),
    badges: bigint({ mode: 'number' }).notNull().default(0),
    newsletter: boolean().notNull().default(false),
    /** Base32 TOTP secret once two-factor authentication is enabled. */
    totpSecret: text(),
    /** Last accepted TOTP time step, so a code is never accepted twice. */
    totpLastStep: bigint({ mode: 'number' }),
    created: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** How often followed projects' new versions are mailed: 'off', 'daily' or 'weekly'. */
    emailDigest: text().notNull().default('off'),
    /**
     * Where the next email digest starts: when the last one was written, or when the user chose a
     * digest (docs/api/catalogue.md, "Email digest"). Null while the digest is off.
     */
    digestLastSentAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    check('users_email_digest_kind', sql`${t.emailDigest} in ('off', 'daily', 'weekly')`),
    // The hourly digest job reads only the subscribers.
    index('users_email_digest_due_idx').on(t.digestLastSentAt).where(sql`${t.emailDigest} <> 'off'`),
  ],
);

/** Single-use two-factor backup codes (hashed). */
export const userBackupCodes = pgTable(
  'user_backup_codes',
  {
    userId: id()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.codeHash] })],
);

/** Third-party sign-in identities linked to an account. */
export const userAuthProviders = pgTable(
  'user_auth_providers',
  {
    userId: id()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text().notNull(),
    subject: text().notNull(),
    created: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('user_auth_providers_identity_idx').on(t.provider, t.subject),
    uniqueIndex('user_auth_providers_user_provider_idx').on(t.userId, t.provider),
    index('user_auth_providers_user_idx').on(t.userId),
  ],
);

