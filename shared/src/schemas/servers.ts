import { z } from 'zod';
import { Base62IdSchema } from './common.js';
import { AgentIsolationSchema, AgentRuntimeSchema, AgentServerStateSchema, AgentStatsSchema, JavaVersionSchema, StartupInvocationSchema } from './node-agent.js';

/**
 * Wire shapes of `/v2/servers/*`: the hosted game servers customers rent (a server plan
 * subscription of billing) and run on node agents. The API keeps which server lives on which
 * node; browsers reach a node directly only with the short-lived access token the API hands out
 * (console WebSocket, file transfers).
 */

/** Where a server is in its life: bought but not yet on a node, installing, ready, or suspended. */
export const ServerStatusSchema = z.enum(['unprovisioned', 'installing', 'available', 'suspended']);
export type ServerStatus = z.infer<typeof ServerStatusSchema>;

/** Why a server is suspended; `cancelled`/`paymentfailed` offer resubscribing, the others are staff decisions. */
export const ServerSuspensionReasonSchema = z.enum(['upgrading', 'cancelled', 'paymentfailed', 'support', 'other']);
export type ServerSuspensionReason = z.infer<typeof ServerSuspensionReasonSchema>;

export const SERVER_NAME_MAX = 48;
export const ServerNameSchema = z.string().trim().min(1).max(SERVER_NAME_MAX);

export const ServerPlanSchema = z.object({
  product_id: Base62IdSchema,
  /** Small, Medium, Large. */
  name: z.string(),
  cpu: z.number().int(),
  /** MiB. */
  ram: z.number().int(),
  /** MiB. */
  swap: z.number().int(),
  /** MiB. */
  storage: z.number().int(),
  /** Most backups the plan keeps (a reinstall is still allowed at the limit). */
  max_backups: z.number().int(),
});
export type ServerPlan = z.infer<typeof ServerPlanSchema>;

export const ServerSchema = z.object({
  id: Base62IdSchema,
  name: z.string(),
  owner_id: Base62IdSchema,
  status: ServerStatusSchema,
  suspension_reason: ServerSuspensionReasonSchema.nullable(),
  /** The process's power state on its node; null until the server is on a node. */
  state: AgentServerStateSchema.nullable(),
  /** Why it last stopped unexpectedly (exit code, signal, or AGENT_EXIT_OUT_OF_MEMORY); read from its node with `state`, null when not read. */
  last_exit: z.string().nullable(),
  /** Whether its node runs it inside the isolation boundary; null when it is not on a node or the node did not answer. */
  isolated: z.boolean().nullable(),
  plan: ServerPlanSchema,
  /** Its plan subscription; null for a server on its owner's own node (no billing). */
  subscription_id: Base62IdSchema.nullable(),
  game: z.literal('minecraft'),
  game_version: z.string(),
  /** `vanilla` for the built-in runtime; operator jars name their platform (paper, fabric…). */
  loader: z.string(),
  /** Address players connect to; null until the server is on a node. */
  net: z.object({ host: z.string(), port: z.number().int() }).nullable(),
  node: z.object({ id: Base62IdSchema, name: z.string() }).nullable(),
  created: z.string(),
});
export type Server = z.infer<typeof ServerSchema>;

export const ServerListSchema = z.object({ servers: z.array(ServerSchema) });

/** PATCH /servers/{id}. */
export const EditServerBodySchema = z.object({ name: ServerNameSchema.optional() }).strict();

/** POST /servers/{id}/power. */
export const ServerPowerBodySchema = z.object({ action: z.enum(['start', 'stop', 'restart', 'kill']) }).strict();

/**
 * GET /servers/{id}/access: a short-lived token for the server's node. `console_url` is the
 * console WebSocket (`?token=` appended by the client); `files_url` the base of the file routes.
 */
export const ServerAccessSchema = z.object({
  console_url: z.string(),
  files_url: z.string(),
  token: z.string(),
  expires: z.string(),
  permissions: z.array(z.string()),
});
export type ServerAccess = z.infer<typeof ServerAccessSchema>;

export const ServerStatsSchema = AgentStatsSchema;

/** GET/PATCH /servers/{id}/properties: server.properties as key → value (the node owns server-port/server-ip). */
export const ServerPropertiesSchema = z.object({ properties: z.record(z.string(), z.string()) });
export const EditServerPropertiesBodySchema = z
  .object({ properties: z.record(z.string().regex(/^[a-z0-9.-]+$/), z.string().max(512)) })
  .strict();

export const ServerBackupStateSchema = z.enum(['queued', 'creating', 'restoring', 'preparing_download', 'ready', 'failed']);
export const ServerBackupSchema = z.object({
  id: z.string(),
  name: z.string(),
  state: ServerBackupStateSchema,
  size: z.number().int(),
  created: z.string(),
  automated: z.boolean(),
  locked: z.boolean(),
  /** Readable reason when state is failed (spec §8 wording). */
  error: z.string().nullable(),
  /** 0–100 while creating or preparing a download; null otherwise. */
  progress: z.number().int().min(0).max(100).nullable(),
  /** A signed link served by the node once a download is prepared; null otherwise. */
  download_url: z.string().nullable(),
  download_expires: z.string().nullable(),
});
export type ServerBackup = z.infer<typeof ServerBackupSchema>;
export const ServerBackupListSchema = z.object({ backups: z.array(ServerBackupSchema), max_backups: z.number().int() });
export const BACKUP_NAME_MAX = 48;
export const CreateServerBackupBodySchema = z.object({ name: z.string().trim().min(1).max(BACKUP_NAME_MAX).optional() }).strict();
export const EditServerBackupBodySchema = z
  .object({ name: z.string().trim().min(1).max(BACKUP_NAME_MAX).optional(), locked: z.boolean().optional() })
  .strict();

export const AUTOBACKUP_INTERVALS = [3, 6, 12, 24] as const;
const AutobackupIntervalSchema = z.union([z.literal(3), z.literal(6), z.literal(12), z.literal(24)]);
/** GET/PUT /servers/{id}/autobackup: automated backups every few hours (oldest unlocked automated one rotated out when full). */
export const ServerAutobackupBodySchema = z.object({ enabled: z.boolean(), interval_hours: AutobackupIntervalSchema }).strict();
export const ServerAutobackupSchema = z.object({
  enabled: z.boolean(),
  interval_hours: AutobackupIntervalSchema,
  last_run: z.string().nullable(),
  next_run: z.string().nullable(),
  /** Why the last due run made no backup (every slot locked or manual, another backup in progress…); null when it made one. */
  last_skipped: z.string().nullable(),
});
export type ServerAutobackup = z.infer<typeof ServerAutobackupSchema>;

/** Fields a server-plan purchase adds to `POST /billing/payment` (`charge.server`). */
export const NewServerOptionsSchema = z
  .object({ name: ServerNameSchema, game_version: z.string().regex(/^\d+\.\d+(\.\d+)?$/).optional() })
  .strict();
export type NewServerOptions = z.infer<typeof NewServerOptionsSchema>;

/** GET /servers/nodes (admin): a node agent with what it has and what is given out. */
export const ServerNodeSchema = z.object({
  id: Base62IdSchema,
  name: z.string(),
  url: z.string(),
  /** Where browsers reach it (console, files). */
  public_url: z.string(),
  /** Address players connect to. */
  game_host: z.string(),
  cpu_cores: z.number().int(),
  /** Memory servers may use: the agent's, or the operator's lower cap. */
  memory_mib: z.number().int(),
  /** Plan memory of the servers placed on it. */
  allocated_memory_mib: z.number().int(),
  servers: z.number().int(),
  healthy: z.boolean(),
  last_seen: z.string().nullable(),
  /** How the node confines its servers, as it answered just now; null when it did not answer. */
  isolation: AgentIsolationSchema.nullable(),
});
export type ServerNode = z.infer<typeof ServerNodeSchema>;
export const ServerNodeListSchema = z.object({ nodes: z.array(ServerNodeSchema) });

/** POST /servers/nodes (admin): register a running agent; it must answer with this token. */
export const CreateServerNodeBodySchema = z
  .object({
    name: z.string().trim().min(1).max(64),
    url: z.string().url().max(512),
    token: z.string().min(32).max(512),
    public_url: z.string().url().max(512).optional(),
    game_host: z.string().min(1).max(255).optional(),
    memory_mib: z.number().int().min(64).max(16_777_216).optional(),
  })
  .strict();

/** POST /servers/{id}/suspend (admin). */
export const SuspendServerBodySchema = z.object({ reason: ServerSuspensionReasonSchema }).strict();

/* Options › Platform, Startup, Network and server-side Preferences. */

const GameVersionSchema = z.string().regex(/^\d+\.\d+(\.\d+)?$/, 'must look like 1.21.4');

/** GET /servers/{id}/platforms: what the server's node can install, by loader with its game versions. */
export const ServerPlatformSchema = z.object({
  loader: z.string(),
  runtime: AgentRuntimeSchema,
  game_versions: z.array(z.string()),
});
export type ServerPlatform = z.infer<typeof ServerPlatformSchema>;
export const ServerPlatformListSchema = z.object({ platforms: z.array(ServerPlatformSchema) });

/** POST /servers/{id}/reinstall: `erase` wipes the folder; otherwise world and config stay. */
export const ReinstallServerBodySchema = z
  .object({ loader: z.string().regex(/^[a-z][a-z0-9]{0,31}$/, 'must be a platform name like vanilla or paper'), game_version: GameVersionSchema, erase: z.boolean() })
  .strict();
export type ReinstallServerBody = z.infer<typeof ReinstallServerBodySchema>;

/** GET/PATCH /servers/{id}/startup: JVM flags and Java version of java platforms (applied at the next start). */
export const ServerStartupSchema = z.object({
  /** False for the built-in runtime, which has no startup options. */
  supported: z.boolean(),
  invocation: z.string(),
  /** Null: the node's default JDK. */
  java_version: JavaVersionSchema.nullable(),
  /** JDKs the server's node has. */
  java_versions: z.array(JavaVersionSchema),
});
export type ServerStartup = z.infer<typeof ServerStartupSchema>;
/** `java_version: null` goes back to the node's default JDK. */
export const EditServerStartupBodySchema = z.object({ invocation: StartupInvocationSchema.optional(), java_version: JavaVersionSchema.nullable().optional() }).strict();
export type EditServerStartupBody = z.infer<typeof EditServerStartupBodySchema>;

export const SERVER_ALLOCATIONS_MAX = 32;
export const ALLOCATION_NAME_MAX = 32;
export const AllocationNameSchema = z.string().trim().min(1).max(ALLOCATION_NAME_MAX);
export const ServerAllocationSchema = z.object({ port: z.number().int(), name: z.string(), primary: z.boolean() });
export type ServerAllocation = z.infer<typeof ServerAllocationSchema>;
/** GET /servers/{id}/allocations: the primary port first, then extra ports (at most `max`). */
export const ServerAllocationListSchema = z.object({ allocations: z.array(ServerAllocationSchema), max: z.number().int() });
export const CreateServerAllocationBodySchema = z.object({ name: AllocationNameSchema }).strict();
export const EditServerAllocationBodySchema = z.object({ name: AllocationNameSchema }).strict();

export const SUBDOMAIN_MIN = 5;
export const SUBDOMAIN_MAX = 32;
export const SubdomainSchema = z
  .string()
  .min(SUBDOMAIN_MIN)
  .max(SUBDOMAIN_MAX)
  .regex(/^[A-Za-z0-9-]+$/, 'may contain only letters, digits and dashes')
  .regex(/^[A-Za-z0-9](.*[A-Za-z0-9])?$/, 'must not start or end with a dash');

export const DnsRecordSchema = z.object({ type: z.enum(['A', 'CNAME', 'SRV']), name: z.string(), content: z.string() });
export type DnsRecord = z.infer<typeof DnsRecordSchema>;
/** GET /servers/{id}/network: custom address and the DNS records an operator creates for it. */
export const ServerNetworkSchema = z.object({
  subdomain: z.string().nullable(),
  /** SERVERS_DOMAIN; null when the operator offers no custom addresses. */
  domain: z.string().nullable(),
  dns_records: z.array(DnsRecordSchema),
});
export type ServerNetwork = z.infer<typeof ServerNetworkSchema>;
export const SetServerSubdomainBodySchema = z.object({ subdomain: SubdomainSchema }).strict();
/** GET /servers/subdomains/{subdomain}/available. */
export const SubdomainAvailabilitySchema = z.object({ available: z.boolean(), reason: z.string().nullable() });

/** GET/PATCH /servers/{id}/preferences: options the node applies (the rest of Preferences is kept in the browser). */
export const ServerPreferencesSchema = z.object({ auto_restart: z.boolean() });
export const EditServerPreferencesBodySchema = z.object({ auto_restart: z.boolean() }).strict();
