import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';

const ConfigSchema = z.object({
  NODE_AGENT_TOKEN: z.string().min(32, 'must be at least 32 characters'),
  NODE_AGENT_ID: z.string().min(1).default(os.hostname()),
  NODE_AGENT_HOST: z.string().default('127.0.0.1'),
  NODE_AGENT_PORT: z.coerce.number().int().min(0).max(65_535).default(8450),
  NODE_AGENT_DATA_DIR: z.string().default(path.resolve('.data/node-agent')),
  /** Address game servers bind to. */
  NODE_AGENT_GAME_HOST: z.string().default('127.0.0.1'),
  /** JDK folder (containing bin/java) for the java runtime; unset disables it. */
  NODE_AGENT_JAVA_HOME: z.string().optional(),
  /** Folder of operator-supplied server jars the java runtime may use. */
  NODE_AGENT_JARS_DIR: z.string().optional(),
  /** Comma-separated origins allowed to open console WebSockets from browsers; unset: any. */
  NODE_AGENT_ALLOWED_ORIGINS: z.string().optional(),
  NODE_AGENT_CONSOLE_HISTORY: z.coerce.number().int().min(10).max(10_000).default(500),
  NODE_AGENT_STATS_INTERVAL_MS: z.coerce.number().int().min(100).max(60_000).default(2000),
});

export interface AgentConfig {
  token: string;
  nodeId: string;
  host: string;
  port: number;
  dataDir: string;
  gameHost: string;
  javaHome: string | undefined;
  jarsDir: string | undefined;
  consoleHistory: number;
  statsIntervalMs: number;
  allowedOrigins: string[] | undefined;
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
    nodeId: c.NODE_AGENT_ID,
    host: c.NODE_AGENT_HOST,
    port: c.NODE_AGENT_PORT,
    dataDir: path.resolve(c.NODE_AGENT_DATA_DIR),
    gameHost: c.NODE_AGENT_GAME_HOST,
    javaHome: c.NODE_AGENT_JAVA_HOME,
    jarsDir: c.NODE_AGENT_JARS_DIR,
    consoleHistory: c.NODE_AGENT_CONSOLE_HISTORY,
    statsIntervalMs: c.NODE_AGENT_STATS_INTERVAL_MS,
    allowedOrigins: c.NODE_AGENT_ALLOWED_ORIGINS?.split(',').map((origin) => origin.trim()).filter(Boolean),
  };
}
