import type { z } from 'zod';
import {
  AgentBackupListSchema,
  AgentBackupSchema,
  AgentNodeInfoSchema,
  AgentPlatformListSchema,
  AgentServerOptionsResultSchema,
  AgentServerSchema,
  AgentStatsSchema,
  type AgentReinstallBody,
  type AgentServer,
  type AgentServerOptions,
  type CreateAgentServerBody,
} from '@cairn/shared/schemas/node-agent';
import { ApiError, serviceUnavailable } from '../../lib/errors.js';
import { agentFetch } from '../../observability/tracing.js';
import { isTunnelUrl, tunnelFetch } from './node-tunnel.js';

/** How the API reaches one node agent: over HTTP at `url`, or through its tunnel when `url` is `tunnel://node-<id>` (own nodes). */
export interface NodeAddress {
  url: string;
  token: string;
}

/** The transport of a node: the traced HTTP fetch, or the node's tunnel (node-tunnel.ts). */
export const transportOf = (node: Pick<NodeAddress, 'url'>): ((url: string, init: RequestInit) => Promise<Response>) => (isTunnelUrl(node.url) ? tunnelFetch : agentFetch);

const TIMEOUT_MS = 10_000;

const unavailable = () => serviceUnavailable("The server's node cannot be reached right now; try again shortly", 'node_unavailable');

/** The agent answered with an error the caller may act on (404 for a server it does not have, 409 busy…). */
export class AgentError extends ApiError {}

/**
 * A typed client of one agent's HTTP API (docs/api/node-agent.md). Network failures and timeouts
 * become 503 `node_unavailable`; the agent's own 4xx answers keep their status, code and text.
 */
export function agentClient(node: NodeAddress, timeoutMs = TIMEOUT_MS) {
  async function call(method: string, path: string, options: { json?: unknown; text?: string; bytes?: Uint8Array } = {}): Promise<Response> {
    const headers: Record<string, string> = { authorization: `Bearer ${node.token}` };
    let body: string | Uint8Array | undefined;
    if (options.bytes !== undefined) {
      headers['content-type'] = 'application/octet-stream';
      body = options.bytes;
    } else if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    } else if (options.text !== undefined) {
      headers['content-type'] = 'text/plain; charset=utf-8';
      body = options.text;
    }
    let response: Response;
    try {
      response = await transportOf(node)(`${node.url}${path}`, { method, headers, body, signal: AbortSignal.timeout(timeoutMs) });
    } catch {
      throw unavailable();
    }
    if (response.ok) return response;
    const payload = (await response.json().catch(() => ({}))) as { error?: unknown; description?: unknown };
    if (response.status >= 500 || response.status === 401 || response.status === 403) throw unavailable();
    const code = typeof payload.error === 'string' ? payload.error : 'node_error';
    const description = typeof payload.description === 'string' ? payload.description : `The node answered ${response.status}`;
    throw new AgentError(response.status === 413 ? 400 : response.status, code, description);
  }

  async function json<S extends z.ZodTypeAny>(schema: S, method: string, path: string, body?: unknown): Promise<z.infer<S>> {
    const response = await call(method, path, { json: body });
    const parsed = schema.safeParse(await response.json().catch(() => undefined));
    if (!parsed.success) throw unavailable();
    return parsed.data;
  }

  const server = (id: string) => `/api/servers/${encodeURIComponent(id)}`;

  return {
    /** Any agent route, with the same error mapping (for callers with routes of their own, like content installs). */
    call,
    json,
    info: () => json(AgentNodeInfoSchema, 'GET', '/api/node'),
    create: (body: CreateAgentServerBody) => json(AgentServerSchema, 'POST', '/api/servers', body),
    /** Undefined when the node does not have this server. */
    async get(id: string): Promise<AgentServer | undefined> {
      try {
        return await json(AgentServerSchema, 'GET', server(id));
      } catch (error) {
        if (error instanceof AgentError && error.statusCode === 404) return undefined;
        throw error;
      }
    },
    async remove(id: string): Promise<void> {
      try {
        await call('DELETE', server(id));
      } catch (error) {
        if (!(error instanceof AgentError && error.statusCode === 404)) throw error;
      }
    },
    async power(id: string, action: 'start' | 'stop' | 'restart' | 'kill', wait = false): Promise<void> {
      await call('POST', `${server(id)}/power${wait ? '?wait=true' : ''}`, { json: { action } });
    },
    setLimits: (id: string, limits: CreateAgentServerBody['limits']) => json(AgentServerSchema, 'PATCH', server(id), { limits }),
    stats: (id: string) => json(AgentStatsSchema, 'GET', `${server(id)}/stats`),
    async readText(id: string, path: string): Promise<string> {
      return (await call('GET', `${server(id)}/files/contents?path=${encodeURIComponent(path)}`)).text();
    },
    async writeText(id: string, path: string, text: string): Promise<void> {
      await call('PUT', `${server(id)}/files/contents?path=${encodeURIComponent(path)}`, { text });
    },
    backups: (id: string) => json(AgentBackupListSchema, 'GET', `${server(id)}/backups`),
    createBackup: (id: string, name: string | undefined) => json(AgentBackupSchema, 'POST', `${server(id)}/backups`, name ? { name } : {}),
    async restoreBackup(id: string, backupId: string): Promise<void> {
      await call('POST', `${server(id)}/backups/${encodeURIComponent(backupId)}/restore`);
    },
    async deleteBackup(id: string, backupId: string): Promise<void> {
      await call('DELETE', `${server(id)}/backups/${encodeURIComponent(backupId)}`);
    },
    platforms: () => json(AgentPlatformListSchema, 'GET', '/api/node/platforms'),
    reinstall: (id: string, body: AgentReinstallBody) => json(AgentServerSchema, 'POST', `${server(id)}/reinstall`, body),
    setOptions: (id: string, options: AgentServerOptions) => json(AgentServerOptionsResultSchema, 'PATCH', `${server(id)}/options`, options),
    prepareBackupDownload: (id: string, backupId: string) => json(AgentBackupSchema, 'POST', `${server(id)}/backups/${encodeURIComponent(backupId)}/prepare-download`),
    retryBackup: (id: string, backupId: string) => json(AgentBackupSchema, 'POST', `${server(id)}/backups/${encodeURIComponent(backupId)}/retry`),
    async cancelBackup(id: string, backupId: string): Promise<void> {
      await call('POST', `${server(id)}/backups/${encodeURIComponent(backupId)}/cancel`);
    },
  };
}

export type AgentClient = ReturnType<typeof agentClient>;
