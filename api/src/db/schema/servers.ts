import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { billingSubscriptions } from './billing.js';
import { users } from './users.js';

/**
 * Hosted game servers: the node agents that run them, which server lives on which node (the API
 * keeps that truth), and the metadata the API adds to the agents' backups.
 */

const created = () => timestamp({ withTimezone: true }).notNull().defaultNow();

export const serverNodes = pgTable('server_nodes', {
  id: bigint({ mode: 'number' }).primaryKey(),
  name: text().notNull(),
  /** Where the API calls the agent. */
  url: text().notNull().unique(),
  /** Where browsers reach it (console WebSocket, files); null = `url`. */
  publicUrl: text(),
  /** Address players connect to; null = the host of the public URL. */
  gameHost: text(),
  /** The node's secret: the API's bearer token and the key its access tokens derive from. */
  token: text().notNull(),
  cpuCores: integer().notNull().default(0),
  /** What the agent reports. */
  memoryMib: integer().notNull().default(0),
  /** An operator's cap below the reported memory; null = all of it. */
  memoryLimitMib: integer(),
  healthy: boolean().notNull().default(false),
  lastSeen: timestamp({ withTimezone: true }),
  created: created(),
  /** A user's own node ("bring your own node"): only they create servers on it, never platform placement; null = platform node. */
  ownerId: bigint({ mode: 'number' }).references(() => users.id, { onDelete: 'cascade' }),
  /** Most servers its owner allows on it (own nodes); null = no cap. */
  maxServers: integer(),
  /** SHA-256 (hex) of the credential its agent opens the tunnel with (own nodes); null = reached over HTTP at `url`. */
  tunnelCredentialHash: text().unique(),
});

/** Single-use enrolment tokens for own nodes: only the SHA-256 is kept; used once, within the hour. */
export const serverNodeEnrolments = pgTable('server_node_enrolments', {
  tokenHash: text().primaryKey(),
  ownerId: bigint({ mode: 'number' })
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  name: text().notNull(),
  expires: timestamp({ withTimezone: true }).notNull(),
  /** Set when an agent exchanged the token; it is refused from then on. */
  used: timestamp({ withTimezone: true }),
  created: created(),
});

export const servers = pgTable(
  'servers',
  {
    /** Base-62 text id, also the agent's server id and the subscription metadata's `id`. */
    id: text().primaryKey(),
    ownerId: bigint({ mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Null for a server on its owner's own node (no plan, no billing). */
    subscriptionId: bigint({ mode: 'number' })
      .unique()
      .references(() => billingSubscriptions.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    nodeId: bigint({ mode: 'number' }).references(() => serverNodes.id),
    port: integer(),
    /** Limits the node was given (the plan's at placement); counted against the node's memory. */
    memoryMib: integer(),
    cpuPercent: integer(),
    storageMib: integer(),
    runtime: text().$type<'flying-squid' | 'java'>().notNull().default('flying-squid'),
    loader: text().notNull().default('vanilla'),
    gameVersion: text().notNull(),
    status: text().$type<'unprovisioned' | 'installing' | 'available' | 'suspended'>().notNull().default('unprovisioned'),
    suspensionReason: text().$type<'upgrading' | 'cancelled' | 'paymentfailed' | 'support' | 'other'>(),
    created: created(),
    /** Set while suspended for an ended subscription: the data is deleted after this. */
    deleteAfter: timestamp({ withTimezone: true }),
    /** Removed from its node after the grace period; the row stays for the records. */
    deleted: timestamp({ withTimezone: true }),
    /** Options: custom address `{subdomain}.{SERVERS_DOMAIN}` (lower case), the operator jar of a java platform, startup flags, JDK, auto restart. */
    subdomain: text(),
    jar: text(),
    invocation: text().notNull().default(''),
    javaVersion: integer(),
    autoRestart: boolean().notNull().default(false),
  },
  (t) => [
    index('servers_owner_idx').on(t.ownerId),
    uniqueIndex('servers_node_port_idx').on(t.nodeId, t.port).where(sql`${t.deleted} is null`),
    uniqueIndex('servers_subdomain_idx').on(t.subdomain).where(sql`${t.deleted} is null`),
  ],
);

/** Extra ports of a server on its node (Network › Allocations); the primary port stays in `servers.port`. */
export const serverAllocations = pgTable(
  'server_allocations',
  {
    serverId: text()
      .notNull()
      .references(() => servers.id, { onDelete: 'cascade' }),
    nodeId: bigint({ mode: 'number' })
      .notNull()
      .references(() => serverNodes.id),
    port: integer().notNull(),
    name: text().notNull(),
    created: created(),
  },
  (t) => [uniqueIndex('server_allocations_node_port_idx').on(t.nodeId, t.port), index('server_allocations_server_idx').on(t.serverId)],
);

export const serverBackups = pgTable(
  'server_backups',
  {
    serverId: text()
      .notNull()
      .references(() => servers.id, { onDelete: 'cascade' }),
    /** The agent's backup id. */
    backupId: text().notNull(),
    automated: boolean().notNull().default(false),
    locked: boolean().notNull().default(false),
    /** A rename kept by the API (the agent keeps the name given at creation). */
    name: text(),
    created: created(),
  },
  (t) => [uniqueIndex('server_backups_backup_idx').on(t.serverId, t.backupId)],
);

/** A server's automatic backup schedule; `servers.autobackup` makes the due ones. */
export const serverAutobackups = pgTable('server_autobackups', {
  serverId: text()
    .primaryKey()
    .references(() => servers.id, { onDelete: 'cascade' }),
  enabled: boolean().notNull().default(false),
  intervalHours: integer().notNull().default(6),
  /** When the schedule last came due (a backup made or skipped); the next run is this plus the interval. */
  lastRun: timestamp({ withTimezone: true }),
  /** Why that run made no backup; null when it made one. */
  lastSkipped: text(),
  updated: created(),
});
