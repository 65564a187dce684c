import { z } from 'zod';
import { addProblem, booleanFlag, optionalUrl } from './env-values.js';

/** Hosted game servers: the node agent that runs them, their ports, addresses and data grace period. */
export const gameServersSchema = z.object({
  /** An external node agent for game servers; unset: `npm start` runs one local agent. */
  NODE_AGENT_URL: optionalUrl,
  NODE_AGENT_TOKEN: z.string().min(32).optional(),
  /** Start the local node agent with `npm start` when NODE_AGENT_URL is unset. */
  NODE_AGENT_EMBEDDED: booleanFlag.default(true),
  /** Isolation of the local node agent's game servers: `auto` isolates wherever this machine can (see the node agent's NODE_AGENT_ISOLATION). */
  NODE_AGENT_ISOLATION: z.enum(['on', 'off', 'auto']).default('auto'),
  /** Game ports the API hands out on every node, `first-last`. */
  SERVERS_PORT_RANGE: z.string().regex(/^\d{4,5}-\d{4,5}$/, 'must look like 25600-25999').default('25600-25999'),
  /** Days a suspended server of an ended subscription keeps its data before it is deleted. */
  SERVERS_GRACE_DAYS: z.coerce.number().int().min(0).max(365).default(14),
  /** Domain under which servers get their custom address (`{subdomain}.{domain}`); unset: players use the node's host and port. */
  SERVERS_DOMAIN: z
    .string()
    .regex(/^(?=.{1,200}$)([a-z0-9]([a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}$/i, 'must be a domain name like play.example.com')
    .optional(),
  /** Comma-separated public URLs of nodes added besides NODE_AGENT_URL, which browsers reach for consoles and files. */
  SERVERS_NODE_PUBLIC_URLS: z
    .string()
    .optional()
    .refine((v) => !v || v.split(',').every((url) => URL.canParse(url.trim())), 'must be comma-separated URLs'),
});

export type GameServersEnv = z.infer<typeof gameServersSchema>;

export interface GameServersSection {
  /** Game-server node agent: an external one (url + token), or embedded (started by `npm start`). */
  nodeAgent: { url: string | undefined; token: string | undefined; embedded: boolean; isolation: 'on' | 'off' | 'auto' };
  /** Hosted game servers: game ports handed out per node and the data grace period after a subscription ends. */
  servers: { portRange: { first: number; last: number }; graceDays: number; nodePublicUrls: string[]; domain: string | undefined };
}

export function checkGameServers(env: GameServersEnv, ctx: z.RefinementCtx): void {
  if (env.NODE_AGENT_URL && !env.NODE_AGENT_TOKEN) addProblem(ctx, 'NODE_AGENT_TOKEN', 'required when NODE_AGENT_URL is set');
}

export function gameServersSection(env: GameServersEnv): GameServersSection {
  return {
    nodeAgent: { url: env.NODE_AGENT_URL, token: env.NODE_AGENT_TOKEN, embedded: env.NODE_AGENT_EMBEDDED, isolation: env.NODE_AGENT_ISOLATION },
    servers: {
      portRange: parsePortRange(env.SERVERS_PORT_RANGE),
      graceDays: env.SERVERS_GRACE_DAYS,
      nodePublicUrls: (env.SERVERS_NODE_PUBLIC_URLS ?? '').split(',').map((url) => url.trim()).filter(Boolean),
      domain: env.SERVERS_DOMAIN?.toLowerCase(),
    },
  };
}

function parsePortRange(text: string): { first: number; last: number } {
  const [first, last] = text.split('-').map(Number) as [number, number];
  return { first, last };
}
