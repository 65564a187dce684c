import { createHash } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { tracingSchema, tracingSettings, type TracingSettings } from '@cairn/shared/config/tracing-settings';

const ConfigSchema = z.object({
  NODE_AGENT_TOKEN: z.string().min(32, 'must be at least 32 characters'),
  /** A second token good only for GET /metrics (a scraper need not hold the node token); empty: none. */
  NODE_AGENT_METRICS_TOKEN: z.preprocess((value) => (value === '' ? undefined : value), z.string().min(16, 'must be at least 16 characters').optional()),
  NODE_AGENT_ID: z.string().min(1).default(os.hostname()),
  NODE_AGENT_HOST: z.string().default('127.0.0.1'),
  NODE_AGENT_PORT: z.coerce.number().int().min(0).max(65_535).default(8450),
  /** The SFTP server's port on NODE_AGENT_HOST (docs/api/node-agent.md, "SFTP"): `0` any free port, `off` none. */
  NODE_AGENT_SFTP_PORT: z.union([z.literal('off'), z.coerce.number().int().min(0).max(65_535)]).default(2022),
  NODE_AGENT_DATA_DIR: z.string().default(path.resolve('.data/node-agent')),
  /** Address game servers bind to. */
  NODE_AGENT_GAME_HOST: z.string().default('127.0.0.1'),
  /** JDK folder (containing bin/java) for the java runtime; unset disables it. */
  NODE_AGENT_JAVA_HOME: z.string().optional(),
  /** More JDKs by major version, `17=/opt/jdk17,21=/opt/jdk21`; servers pick one in Startup. */
  NODE_AGENT_JAVA_HOMES: z
    .string()
    .regex(/^\s*(?:(?:8|11|17|21)=[^,=]+)(?:\s*,\s*(?:8|11|17|21)=[^,=]+)*\s*$/, 'must be version=path pairs separated by commas (versions 8, 11, 17, 21)')
    .optional(),
  /** Major version of NODE_AGENT_JAVA_HOME, reported to the API. */
  NODE_AGENT_JAVA_VERSION: z.enum(['8', '11', '17', '21']).default('21'),
  /** Folder of operator-supplied server jars the java runtime may use. */
  NODE_AGENT_JARS_DIR: z.string().optional(),
  /** Comma-separated origins allowed to open console WebSockets from browsers; unset: any. */
  NODE_AGENT_ALLOWED_ORIGINS: z.string().optional(),
  NODE_AGENT_CONSOLE_HISTORY: z.coerce.number().int().min(10).max(10_000).default(500),
  NODE_AGENT_STATS_INTERVAL_MS: z.coerce.number().int().min(100).max(60_000).default(2000),
  /**
   * `on`: every server runs inside the isolation boundary, and none starts on a host that cannot
   * provide it. `off` (development only): servers run as the agent's user, with loud warnings.
   * `auto`: `on` where the host allows it, else `off` (what `npm start`'s local node uses).
   */
  NODE_AGENT_ISOLATION: z.enum(['on', 'off', 'auto']).default('on'),
  /** The bubblewrap executable; unset: found on PATH or in /usr/bin. */
  NODE_AGENT_BWRAP: z.string().optional(),
  /** First of the host user ids given to servers, one each (never shared, never root); unset: derived from the data folder. */
  NODE_AGENT_UID_BASE: z.coerce.number().int().min(1000).max(4_000_000_000).optional(),
  /** Most processes and threads one server may have. */
  NODE_AGENT_PIDS_MAX: z.coerce.number().int().min(64).max(65_536).default(512),
  /** cgroup (v2: a delegated folder under /sys/fs/cgroup) the servers' groups go under; unset: beside the agent's own. */
  NODE_AGENT_CGROUP: z.string().optional(),
  /** The standard OTEL_* variables (docs/operations.md, "Tracing"), read as the API reads them. */
  ...tracingSchema.shape,
});

export interface AgentConfig {
  token: string;
  metricsToken: string | undefined;
  nodeId: string;
  host: string;
  port: number;
  /** SFTP port (0: any free one); undefined: SFTP switched off. */
  sftpPort: number | undefined;
  dataDir: string;
  gameHost: string;
  javaHome: string | undefined;
  /** JDK folders by major version (NODE_AGENT_JAVA_HOMES plus NODE_AGENT_JAVA_HOME). */
  javaHomes: Map<number, string>;
  jarsDir: string | undefined;
  consoleHistory: number;
  statsIntervalMs: number;
  allowedOrigins: string[] | undefined;
  isolation: 'on' | 'off' | 'auto';
  bwrap: string | undefined;
  uidBase: number;
  /** Short and stable for this data folder: names the agent's cgroups, so agents side by side never share one. */
  nodeKey: string;
  pidsMax: number;
  cgroupParent: string | undefined;
  /** OpenTelemetry tracing from the OTEL_* variables; undefined: off. */
  tracing: TracingSettings | undefined;
}

/** The only reader of process.env; fails listing every bad key. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AgentConfig {
  const parsed = ConfigSchema.safeParse(env);
  if (!parsed.success) {
    const keys = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new Error(`Invalid node agent configuration: ${keys}`);
  }
  const c = parsed.data;
  return {
    token: c.NODE_AGENT_TOKEN,
    metricsToken: c.NODE_AGENT_METRICS_TOKEN,
    nodeId: c.NODE_AGENT_ID,
    host: c.NODE_AGENT_HOST,
    port: c.NODE_AGENT_PORT,
    sftpPort: c.NODE_AGENT_SFTP_PORT === 'off' ? undefined : c.NODE_AGENT_SFTP_PORT,
    dataDir: path.resolve(c.NODE_AGENT_DATA_DIR),
    gameHost: c.NODE_AGENT_GAME_HOST,
    javaHome: c.NODE_AGENT_JAVA_HOME,
    javaHomes: javaHomesOf(c.NODE_AGENT_JAVA_HOMES, c.NODE_AGENT_JAVA_HOME, Number(c.NODE_AGENT_JAVA_VERSION)),
    jarsDir: c.NODE_AGENT_JARS_DIR,
    consoleHistory: c.NODE_AGENT_CONSOLE_HISTORY,
    statsIntervalMs: c.NODE_AGENT_STATS_INTERVAL_MS,
    allowedOrigins: c.NODE_AGENT_ALLOWED_ORIGINS?.split(',').map((origin) => origin.trim()).filter(Boolean),
    isolation: c.NODE_AGENT_ISOLATION,
    bwrap: c.NODE_AGENT_BWRAP,
    uidBase: c.NODE_AGENT_UID_BASE ?? defaultUidBase(nodeKey(path.resolve(c.NODE_AGENT_DATA_DIR))),
    nodeKey: nodeKey(path.resolve(c.NODE_AGENT_DATA_DIR)),
    pidsMax: c.NODE_AGENT_PIDS_MAX,
    cgroupParent: c.NODE_AGENT_CGROUP,
    tracing: tracingSettings(c, 'cairn-node-agent'),
  };
}

function nodeKey(dataDir: string): string {
  return createHash('sha256').update(dataDir).digest('hex').slice(0, 12);
}

/**
 * 2,000,000 plus one of 4096 blocks of 65,536 ids picked by the data folder, so two agents on one
 * host (two instances side by side) do not hand out the same ids by default.
 */
function defaultUidBase(key: string): number {
  return 2_000_000 + (parseInt(key.slice(0, 6), 16) % 4096) * 65_536;
}

function javaHomesOf(pairs: string | undefined, defaultHome: string | undefined, defaultVersion: number): Map<number, string> {
  const homes = new Map<number, string>();
  if (defaultHome) homes.set(defaultVersion, defaultHome);
  for (const pair of pairs?.split(',') ?? []) {
    const [version, home] = pair.split('=').map((part) => part.trim());
    if (version && home) homes.set(Number(version), home);
  }
  return homes;
}
