import { bigint, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.js';

const id = () => bigint({ mode: 'number' });
const userRef = () =>
  id()
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/** First-party sign-in sessions (browser cookie or `Authorization` header). Tokens stored hashed. */
export const sessions = pgTable(
  'sessions',
  {
    id: id().primaryKey(),
    tokenHash: text().notNull(),
    userId: userRef(),
    created: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastLogin: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expires: timestamp({ withTimezone: true }).notNull(),
    refreshExpires: timestamp({ withTimezone: true }).notNull(),
    os: text(),
    platform: text(),
    userAgent: text(),
    ip: text(),
    city: text(),
    country: text(),
  },
  (t) => [uniqueIndex('sessions_token_hash_idx').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

/** Personal access tokens. */
export const personalAccessTokens = pgTable(
  'personal_access_tokens',
  {
    id: id().primaryKey(),
    name: text().notNull(),
    tokenHash: text().notNull(),
    userId: userRef(),
    scopes: bigint({ mode: 'number' }).notNull(),
    created: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expires: timestamp({ withTimezone: true }).notNull(),
    lastUsed: timestamp({ withTimezone: true }),
  },
  (t) => [uniqueIndex('pats_token_hash_idx').on(t.tokenHash), index('pats_user_idx').on(t.userId)],
);

/**
 * Short-lived, single-use flows: email verification, password reset, two-factor sign-in and
 * set-up, third-party sign-in, OAuth consent. The id is the secret handed to the user.
 */
export const authFlows = pgTable(
  'auth_flows',
  {
    id: text().primaryKey(),
    kind: text().notNull(),
    userId: id().references(() => users.id, { onDelete: 'cascade' }),
    data: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    created: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expires: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('auth_flows_expires_idx').on(t.expires)],
);

/** Third-party applications using the authorization-code flow. */
export const oauthClients = pgTable(
  'oauth_clients',
  {
    id: id().primaryKey(),
    name: text().notNull(),
    /** FileStore keys of the 96 px icon and the original upload. */
    iconKey: text(),
    rawIconKey: text(),
    maxScopes: bigint({ mode: 'number' }).notNull(),
    secretHash: text().notNull(),
    createdBy: userRef(),
    created: timestamp({ withTimezone: true }).notNull().defaultNow(),
    url: text(),
    description: text(),
  },
  (t) => [index('oauth_clients_created_by_idx').on(t.createdBy)],
);

export const oauthRedirectUris = pgTable(
  'oauth_redirect_uris',
  {
    id: id().primaryKey(),
    clientId: id()
      .notNull()
      .references(() => oauthClients.id, { onDelete: 'cascade' }),
    uri: text().notNull(),
    /** Position in the app's list; the first one is used when a request names none. */
    ordering: integer().notNull().default(0),
  },
  (t) => [index('oauth_redirect_uris_client_idx').on(t.clientId)],
);

/** A user's grant of scopes to an app. Revoking it deletes its tokens. */
export const oauthAuthorizations = pgTable(
  'oauth_authorizations',
  {
    id: id().primaryKey(),
    clientId: id()
      .notNull()
      .references(() => oauthClients.id, { onDelete: 'cascade' }),
    userId: userRef(),
    scopes: bigint({ mode: 'number' }).notNull(),
    created: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('oauth_authorizations_client_user_idx').on(t.clientId, t.userId), index('oauth_authorizations_user_idx').on(t.userId)],
);

export const oauthAccessTokens = pgTable(
  'oauth_access_tokens',
  {
    id: id().primaryKey(),
    tokenHash: text().notNull(),
    authorizationId: id()
      .notNull()
      .references(() => oauthAuthorizations.id, { onDelete: 'cascade' }),
    clientId: id()
      .notNull()
      .references(() => oauthClients.id, { onDelete: 'cascade' }),
    userId: userRef(),
    scopes: bigint({ mode: 'number' }).notNull(),
    created: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expires: timestamp({ withTimezone: true }).notNull(),
    lastUsed: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('oauth_access_tokens_hash_idx').on(t.tokenHash),
    index('oauth_access_tokens_user_idx').on(t.userId),
    index('oauth_access_tokens_authorization_idx').on(t.authorizationId),
    index('oauth_access_tokens_client_idx').on(t.clientId),
  ],
);

/** Every message the platform sends. The default mailer only records it here (the outbox). */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial().primaryKey(),
    recipient: text().notNull(),
    subject: text().notNull(),
    text: text().notNull(),
    html: text(),
    /** The action link of the message (verification, reset…), for self-hosters and tests. */
    link: text(),
    kind: text().notNull(),
    created: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('mail_outbox_recipient_idx').on(t.recipient)],
);
