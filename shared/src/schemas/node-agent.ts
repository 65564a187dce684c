import { z } from 'zod';

/**
 * Wire shapes of the node agent's HTTP + WebSocket API (node-agent/). The API's servers module
 * talks to agents only through these; see docs/api/node-agent.md for routes and authentication.
 */

/** Server ids are chosen by the API (its base-62 ids fit); the agent uses them as folder names. */
export const AgentServerIdSchema = z.string().regex(/^[0-9A-Za-z_-]{1,32}$/, 'must be 1 to 32 characters from 0-9, A-Z, a-z, "_" and "-"');

export const AgentServerStateSchema = z.enum(['installing', 'stopped', 'starting', 'running', 'stopping', 'crashed']);
export type AgentServerState = z.infer<typeof AgentServerStateSchema>;

export const AgentRuntimeSchema = z.enum(['flying-squid', 'java']);
export type AgentRuntime = z.infer<typeof AgentRuntimeSchema>;

export const AgentServerLimitsSchema = z.object({
  memory_mib: z.number().int().min(64).max(1_048_576),
  /** CPU share in percent of one core (200 = two cores), the plan's cpu count × 100. */
  cpu_percent: z.number().int().min(10).max(25_600),
  storage_mib: z.number().int().min(16).max(16_777_216),
});
export type AgentServerLimits = z.infer<typeof AgentServerLimitsSchema>;

export const CreateAgentServerBodySchema = z.object({
  id: AgentServerIdSchema,
  runtime: AgentRuntimeSchema,
  game_version: z.string().regex(/^\d+\.\d+(\.\d+)?$/, 'must look like 1.21.4'),
  port: z.number().int().min(1024).max(65_535),
  limits: AgentServerLimitsSchema,
  /** Java runtime only: file name of an operator-supplied jar in the agent's jar folder. */
  jar: z.string().regex(/^[\w.-]+\.jar$/, 'must be a .jar file name').optional(),
  /** Initial server.properties values (motd, max-players, ...); the agent owns server-port. */
  properties: z.record(z.string().regex(/^[a-z0-9.-]+$/), z.string().max(512)).optional(),
});
export type CreateAgentServerBody = z.infer<typeof CreateAgentServerBodySchema>;

/** PATCH /api/servers/:id: new plan limits (an upgrade); memory and CPU apply at the next start, storage at once. */
export const UpdateAgentServerBodySchema = z.object({ limits: AgentServerLimitsSchema }).strict();

export const AgentServerSchema = z.object({
  id: AgentServerIdSchema,
  runtime: AgentRuntimeSchema,
  game_version: z.string(),
  port: z.number().int(),
  limits: AgentServerLimitsSchema,
  state: AgentServerStateSchema,
  /** Exit code or signal of the last unexpected exit when state is crashed; AGENT_EXIT_OUT_OF_MEMORY when the memory limit stopped it. */
  last_exit: z.string().nullable(),
  /** Whether this node runs the server inside its isolation boundary (false only under NODE_AGENT_ISOLATION=off). */
  isolated: z.boolean(),
  created: z.string(),
});
export type AgentServer = z.infer<typeof AgentServerSchema>;

/** `last_exit` of a server stopped because it went past its plan's memory. */
export const AGENT_EXIT_OUT_OF_MEMORY = 'out of memory';

export const AgentServerListSchema = z.object({ servers: z.array(AgentServerSchema) });

export const AgentPowerActionSchema = z.enum(['start', 'stop', 'restart', 'kill']);
export const AgentPowerBodySchema = z.object({ action: AgentPowerActionSchema });
export const AgentCommandBodySchema = z.object({ command: z.string().min(1).max(1024) });

/**
 * How a node confines its game servers: `enabled` means every server process gets its own user, a
 * private file-system view and a clean environment (the agent refuses to start servers otherwise,
 * unless NODE_AGENT_ISOLATION=off). `limits` says which plan limits the kernel enforces; every
 * limit or protection that is missing is named in `warnings`.
 */
export const AgentIsolationSchema = z.object({
  enabled: z.boolean(),
  mechanism: z.enum(['bubblewrap', 'none']),
  /** The operator switched isolation off (NODE_AGENT_ISOLATION=off, or auto on a host that cannot isolate). */
  disabled_by_operator: z.boolean(),
  cgroup_version: z.enum(['v1', 'v2']).nullable(),
  limits: z.object({ memory: z.boolean(), cpu: z.boolean(), pids: z.boolean() }),
  warnings: z.array(z.string()),
});
export type AgentIsolation = z.infer<typeof AgentIsolationSchema>;

export const AgentNodeInfoSchema = z.object({
  node_id: z.string(),
  version: z.string(),
  cpu_cores: z.number().int(),
  memory_total_mib: z.number().int(),
  allocated: z.object({ servers: z.number().int(), memory_mib: z.number().int(), storage_mib: z.number().int() }),
  runtimes: z.array(AgentRuntimeSchema),
  isolation: AgentIsolationSchema,
  /** The node's SFTP server (docs/api/node-agent.md, "SFTP"); null when switched off or not listening, absent from older agents. */
  sftp: z.object({ port: z.number().int(), host_key_fingerprint: z.string() }).nullable().optional(),
});

/** `console` reads and writes the console; `console.read` only watches it (no commands). */
export const AgentPermissionSchema = z.enum(['console', 'console.read', 'control', 'files.read', 'files.write', 'backups']);
export type AgentPermission = z.infer<typeof AgentPermissionSchema>;

/**
 * POST /api/servers/:id/revocations (node token): every access token of `user` for the server
 * issued at or before `before` (ms since the epoch, the API's clock, as its tokens' `iat`) stops
 * working, and that user's open console sockets on the server close.
 */
export const AgentRevocationBodySchema = z.object({ user: z.string().min(1).max(64), before: z.number().int().min(0) }).strict();

/** What a node reports of actions taken with access tokens (console commands, file changes), read by the API. */
export const AgentActivityEntrySchema = z.object({
  /** Increasing per server on a node (milliseconds-based, so it keeps increasing after a move). */
  seq: z.number().int(),
  /** The token's `sub`: the user's base62 id. */
  user: z.string(),
  kind: z.enum(['console', 'files']),
  action: z.string(),
  detail: z.string(),
  at: z.string(),
});
export type AgentActivityEntry = z.infer<typeof AgentActivityEntrySchema>;
/** GET /api/servers/:id/activity?after=N (node token): entries after N; those up to N are dropped, the API has them. */
export const AgentActivityListSchema = z.object({ entries: z.array(AgentActivityEntrySchema) });
export const AgentActivityQuerySchema = z.object({ after: z.coerce.number().int().min(0).default(0) });

export const CreateAccessTokenBodySchema = z.object({
  user: z.string().min(1).max(64),
  permissions: z.array(AgentPermissionSchema).min(1),
  ttl_seconds: z.number().int().min(10).max(3600).default(300),
});
export const AccessTokenSchema = z.object({ token: z.string(), expires: z.string() });

export const AgentStatsSchema = z.object({
  /** Share of the whole host's CPU, 0–100 across all cores. */
  cpu_percent: z.number().min(0).max(100),
  memory_bytes: z.number().int(),
  memory_limit_bytes: z.number().int(),
  disk_bytes: z.number().int(),
  disk_limit_bytes: z.number().int(),
});
export type AgentStats = z.infer<typeof AgentStatsSchema>;

export const AgentFileEntrySchema = z.object({
  name: z.string(),
  type: z.enum(['file', 'directory', 'symlink', 'other']),
  size: z.number().int(),
  modified: z.string(),
});
export const AgentFileListSchema = z.object({ path: z.string(), entries: z.array(AgentFileEntrySchema) });
export const AgentFilePathQuerySchema = z.object({ path: z.string().max(4096).default('/') });
/** PUT …/files/contents and POST …/files/upload; `overwrite=false` answers 409 `already_exists` instead of replacing a file. */
export const AgentUploadQuerySchema = AgentFilePathQuerySchema.extend({ overwrite: z.enum(['true', 'false']).default('true') });
export const AgentRenameBodySchema = z.object({ from: z.string().min(1).max(4096), to: z.string().min(1).max(4096) });
export const AgentPathsBodySchema = z.object({ paths: z.array(z.string().min(1).max(4096)).min(1).max(1000) });
export const AgentMkdirBodySchema = z.object({ path: z.string().min(1).max(4096) });
export const AgentArchiveBodySchema = z.object({
  paths: z.array(z.string().min(1).max(4096)).min(1).max(1000),
  destination: z.string().min(1).max(4096),
});
export const AgentExtractBodySchema = z.object({ path: z.string().min(1).max(4096), destination: z.string().max(4096).default('/') });

export const AgentBackupStateSchema = z.enum(['queued', 'creating', 'restoring', 'preparing_download', 'ready', 'failed']);
export const AgentBackupSchema = z.object({
  id: z.string(),
  name: z.string(),
  state: AgentBackupStateSchema,
  size: z.number().int(),
  created: z.string(),
  /** Readable reason when state is failed (spec §8 wording). */
  error: z.string().nullable(),
  /** 0–100 while creating or preparing a download; null otherwise. */
  progress: z.number().int().min(0).max(100).nullable().default(null),
  /** A download archive is prepared and may be served through a signed link. */
  download_ready: z.boolean().default(false),
});
export type AgentBackup = z.infer<typeof AgentBackupSchema>;
export const AgentBackupListSchema = z.object({ backups: z.array(AgentBackupSchema) });
export const CreateAgentBackupBodySchema = z.object({ name: z.string().min(1).max(64).optional() });

/** Messages the agent sends on a server's console WebSocket. */
export const AgentConsoleMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('history'), lines: z.array(z.string()) }),
  z.object({ type: z.literal('line'), stream: z.enum(['stdout', 'stderr', 'agent']), line: z.string() }),
  z.object({ type: z.literal('state'), state: AgentServerStateSchema }),
  z.object({ type: z.literal('stats'), stats: AgentStatsSchema }),
  z.object({ type: z.literal('error'), error: z.string(), description: z.string() }),
]);
export type AgentConsoleMessage = z.infer<typeof AgentConsoleMessageSchema>;

/** Messages a client sends on the console WebSocket. */
export const AgentConsoleClientMessageSchema = z.object({ type: z.literal('command'), command: z.string().min(1).max(1024) });

/** Java versions a node may offer for operator jars (the JDK major version). */
export const JAVA_VERSIONS = [8, 11, 17, 21] as const;
export const JavaVersionSchema = z.union([z.literal(8), z.literal(11), z.literal(17), z.literal(21)]);
export type JavaVersion = z.infer<typeof JavaVersionSchema>;

/** A platform a node can install: built-in vanilla (flying-squid) or an operator jar. */
export const AgentPlatformSchema = z.object({
  /** `vanilla`, or the platform named by the jar (paper, fabric…). */
  loader: z.string(),
  runtime: AgentRuntimeSchema,
  game_version: z.string(),
  /** The operator jar's file name (java runtime only). */
  jar: z.string().nullable(),
});
export type AgentPlatform = z.infer<typeof AgentPlatformSchema>;

/** GET /api/platforms: what this node can install and which JDKs it has. */
export const AgentPlatformListSchema = z.object({ platforms: z.array(AgentPlatformSchema), java_versions: z.array(JavaVersionSchema) });

/** Startup flags for java servers: passed as separate arguments, so no shell syntax is accepted. */
export const STARTUP_INVOCATION_MAX = 512;
export const StartupInvocationSchema = z
  .string()
  .trim()
  .max(STARTUP_INVOCATION_MAX)
  .regex(/^[^;&|`$<>(){}\\'"\n\r*?!#~]*$/, 'must not contain shell characters (; & | ` $ < > ( ) { } \\ quotes * ? ! # ~)');

/** PATCH /api/servers/:id/options: startup and crash behaviour, applied at the next start. */
export const AgentServerOptionsSchema = z
  .object({
    invocation: StartupInvocationSchema.optional(),
    java_version: JavaVersionSchema.nullable().optional(),
    auto_restart: z.boolean().optional(),
    /** Extra ports given to the server (env CAIRN_EXTRA_PORTS). */
    extra_ports: z.array(z.number().int().min(1024).max(65_535)).max(32).optional(),
  })
  .strict();
export type AgentServerOptions = z.infer<typeof AgentServerOptionsSchema>;
export const AgentServerOptionsResultSchema = z.object({
  invocation: z.string(),
  java_version: JavaVersionSchema.nullable(),
  auto_restart: z.boolean(),
  extra_ports: z.array(z.number().int()),
});

/** POST /api/servers/:id/reinstall: install another runtime/jar (erase wipes the folder first). */
export const AgentReinstallBodySchema = z
  .object({
    runtime: AgentRuntimeSchema,
    game_version: z.string().regex(/^\d+\.\d+(\.\d+)?$/, 'must look like 1.21.4'),
    jar: z.string().regex(/^[\w.-]+\.jar$/, 'must be a .jar file name').optional(),
    erase: z.boolean(),
  })
  .strict();
export type AgentReinstallBody = z.infer<typeof AgentReinstallBodySchema>;

/** GET /api/servers/:id/files/hash: what the node holds at a path. */
export const AgentFileHashSchema = z.object({ path: z.string(), size: z.number().int(), sha1: z.string(), sha512: z.string() });

/**
 * An SFTP password hash as the API stores and pushes it: scrypt with its parameters in the string,
 * `scrypt$<N>$<r>$<p>$<salt, base64>$<key, base64>` (docs/api/node-agent.md, "SFTP").
 */
export const SFTP_PASSWORD_HASH_PATTERN = /^scrypt\$(\d{1,7})\$(\d{1,2})\$(\d{1,2})\$([A-Za-z0-9+/]{16,88}={0,2})\$([A-Za-z0-9+/]{43,88}={0,2})$/;

/** PUT /api/servers/:id/sftp-users/:user (node token): one user's SFTP login to one server. */
export const AgentSftpUserBodySchema = z
  .object({
    /** The login name, unique on the node (the API makes it `<username>.<server id>`). */
    username: z.string().regex(/^[A-Za-z0-9_.-]{3,80}$/, 'must be 3 to 80 characters from A-Z, a-z, 0-9, ".", "_" and "-"'),
    password_hash: z.string().regex(SFTP_PASSWORD_HASH_PATTERN, 'must be an scrypt hash in the form scrypt$N$r$p$salt$key').nullable(),
    /** OpenSSH public key lines (`ssh-ed25519 AAAA… comment`). */
    public_keys: z.array(z.string().min(1).max(16_384)).max(20),
    permissions: z.object({ read: z.boolean(), write: z.boolean() }).strict(),
  })
  .strict();
export type AgentSftpUserBody = z.infer<typeof AgentSftpUserBodySchema>;
export const AgentSftpUserParamsSchema = z.object({ id: AgentServerIdSchema, user: z.string().regex(/^[0-9A-Za-z]{1,64}$/, 'must be 1 to 64 characters from 0-9, A-Z and a-z') });
/** DELETE /api/servers/:id/sftp-users/:user: the login is gone and its open sessions ended. */
export const AgentSftpUserRemovedSchema = z.object({ closed_sessions: z.number().int() });
