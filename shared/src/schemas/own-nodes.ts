import { z } from 'zod';
import { Base62IdSchema } from './common.js';
import { AgentIsolationSchema } from './node-agent.js';
import { ServerNameSchema } from './servers.js';

/**
 * Own nodes ("bring your own node"): a user's machine enrolled with a single-use token, reached
 * through the tunnel its agent opens to the API. Only its owner creates servers on it (no plan, no
 * billing, within the limits they set); platform placement never uses it.
 */

export const OwnNodeNameSchema = z.string().trim().min(1).max(64);

/** User-set limits; null = no cap (the memory the agent reports still bounds servers). */
export const OwnNodeLimitsSchema = z.object({
  max_servers: z.number().int().min(1).max(1000).nullable(),
  max_memory_mib: z.number().int().min(256).max(16_777_216).nullable(),
});

/** GET /servers/own-nodes: one of the caller's nodes with its status, capacity and use. */
export const OwnNodeSchema = z.object({
  id: Base62IdSchema,
  name: z.string(),
  /** Address players connect to its servers at. */
  game_host: z.string().nullable(),
  /** Its tunnel is connected now (to this API process). */
  connected: z.boolean(),
  last_seen: z.string().nullable(),
  cpu_cores: z.number().int(),
  /** Memory the agent reports. */
  memory_total_mib: z.number().int(),
  limits: OwnNodeLimitsSchema,
  servers: z.number().int(),
  allocated_memory_mib: z.number().int(),
  /** How the node confines its servers, as it answered just now; null when it is not connected. */
  isolation: AgentIsolationSchema.nullable(),
  created: z.string(),
});
export type OwnNode = z.infer<typeof OwnNodeSchema>;
export const OwnNodeListSchema = z.object({ nodes: z.array(OwnNodeSchema) });

/** POST /servers/own-nodes/enrolments: a name for the node to come. */
export const CreateOwnNodeEnrolmentBodySchema = z.object({ name: OwnNodeNameSchema }).strict();

/** The join command is shown once: the token is never readable again (only its hash is kept). */
export const OwnNodeEnrolmentSchema = z.object({
  token: z.string(),
  expires: z.string(),
  /** Starts this repository's node agent (built by `npm start`) in join mode against this API. */
  command: z.string(),
  api_url: z.string(),
});
export type OwnNodeEnrolment = z.infer<typeof OwnNodeEnrolmentSchema>;

/** POST /node-enrolment (the agent, no session): exchanges the single-use token. */
export const NodeEnrolmentBodySchema = z
  .object({
    token: z.string().min(20).max(200),
    /** The agent's own node id (its host name by default), kept for the owner's information. */
    node_id: z.string().max(128).optional(),
    /** Address players connect to (the machine's public address); default: the address the API saw this request from. */
    game_host: z.string().min(1).max(255).optional(),
  })
  .strict();

/** What the agent stores in its data folder (mode 0600): the tunnel credential and the node token the API will use. */
export const NodeEnrolmentResultSchema = z.object({
  node_id: Base62IdSchema,
  name: z.string(),
  /** Opens `GET /v2/node-tunnel` (`Authorization: Bearer …`); the API keeps only its SHA-256. */
  credential: z.string(),
  /** The agent's NODE_AGENT_TOKEN: the API's bearer token for the agent's HTTP API and the key of access tokens. */
  agent_token: z.string(),
  tunnel_url: z.string(),
});
export type NodeEnrolmentResult = z.infer<typeof NodeEnrolmentResultSchema>;

/** PATCH /servers/own-nodes/{node}. */
export const EditOwnNodeBodySchema = z
  .object({
    name: OwnNodeNameSchema.optional(),
    game_host: z.string().min(1).max(255).optional(),
    max_servers: OwnNodeLimitsSchema.shape.max_servers.optional(), max_memory_mib: OwnNodeLimitsSchema.shape.max_memory_mib.optional(),
  })
  .strict();

/** POST /servers/own-nodes/{node}/servers: a server on the caller's own node, without a plan. */
export const CreateOwnNodeServerBodySchema = z
  .object({
    name: ServerNameSchema,
    memory_mib: z.number().int().min(256).max(1_048_576),
    /** CPU share in percent of one core (100 = one core); default 100. */
    cpu_percent: z.number().int().min(10).max(6400).optional(),
    storage_mib: z.number().int().min(256).max(16_777_216).optional(),
    game_version: z.string().regex(/^\d+\.\d+(\.\d+)?$/).optional(),
  })
  .strict();
