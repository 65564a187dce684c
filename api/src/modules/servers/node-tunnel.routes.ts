import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import websocket from '@fastify/websocket';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Base62IdSchema, ErrorBodySchema } from '@cairn/shared/schemas/common';
import type { Database } from '../../db/client.js';
import { parseId } from '../../lib/ids.js';
import { tokenFromAuthorizationHeader } from '../../lib/tokens.js';
import { publicRoute } from '../../plugins/auth.js';
import { strictRateLimit } from '../../plugins/rate-limit.js';
import { agentClient } from './agent-client.js';
import { attachTunnel, closeAllTunnels, closeTunnel, isTunnelUrl, openRelayedSocket, tunnelFetch, type RelayedSocket } from './node-tunnel.js';
import { nodeOfCredential, TUNNEL_REVOKED_CODE } from './own-nodes.service.js';
import * as repo from './servers.repository.js';

const tags = ['servers'];
/** Pings every 15 s; a tunnel that missed one is closed (the agent reconnects). */
const HEARTBEAT_MS = 15_000;
/** Largest frame either end sends (a relayed upload travels in one request frame). */
const MAX_FRAME_BYTES = 96 * 1024 * 1024;
/** Largest file upload relayed to a tunnelled node. */
export const RELAYED_UPLOAD_MAX_BYTES = 64 * 1024 * 1024;
const relayParams = z.object({ node: Base62IdSchema, id: Base62IdSchema });
const errors = { 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema, 503: ErrorBodySchema };
const FORWARDED_HEADERS = ['authorization', 'content-type', 'range', 'if-none-match'];
const RETURNED_HEADERS = ['content-type', 'content-length', 'content-disposition', 'content-range', 'accept-ranges', 'etag', 'cache-control', 'last-modified'];

/** The tunnelled node, when this server is on it (404 for anything else: other nodes are reached at their own address). */
async function tunnelledNodeOf(db: Database, nodeId: string, serverId: string): Promise<repo.NodeRow | undefined> {
  const id = parseId(nodeId);
  const server = await repo.findServer(db, serverId);
  if (id === undefined || server?.nodeId !== id) return undefined;
  const node = await repo.findNode(db, id);
  return node && isTunnelUrl(node.url) && node.tunnelCredentialHash !== null ? node : undefined;
}

const notTunnelled = { error: 'not_found', description: 'id: no server of this own node has this id' };

/**
 * `GET /v2/node-tunnel`: where own nodes' agents dial in (docs/decisions/0017-node-tunnel.md), and
 * the relays browsers use for servers on those nodes: the console WebSocket and the file routes,
 * passed through the tunnel with the browser's access token, which the agent checks as it would
 * on a direct connection (so the same permissions apply).
 */
export const nodeTunnelRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  await app.register(websocket, { options: { maxPayload: MAX_FRAME_BYTES } });
  const tunnelNodes = new WeakMap<FastifyRequest, repo.NodeRow>();
  const relays = new WeakMap<FastifyRequest, RelayedSocket>();
  app.addHook('onClose', async () => closeAllTunnels());

  app.get(
    '/node-tunnel',
    {
      websocket: true,
      config: { ...publicRoute, ...strictRateLimit(60) },
      schema: { operationId: 'openNodeTunnel', tags, summary: "An own node's agent opens its tunnel (WebSocket; `Authorization: Bearer <credential>` from its enrolment)", response: errors },
      preValidation: async (request, reply) => {
        const credential = tokenFromAuthorizationHeader(request.headers.authorization);
        const node = credential ? await nodeOfCredential(db, credential) : undefined;
        if (!node) return reply.code(401).send({ error: 'invalid_node_credential', description: 'authorization: the node credential is unknown or was revoked' });
        tunnelNodes.set(request, node);
      },
    },
    (socket, request) => {
      const node = tunnelNodes.get(request)!;
      const log = request.log.child({ node: node.id });
      let alive = true;
      socket.on('pong', () => (alive = true));
      const heartbeat = setInterval(() => {
        if (!alive) return socket.terminate();
        alive = false;
        socket.ping();
        // Revocation in another process: the credential is gone from the database.
        void repo.findNode(db, node.id).then(
          (current) => {
            if (current?.tunnelCredentialHash !== node.tunnelCredentialHash) closeTunnel(node.id, TUNNEL_REVOKED_CODE, 'The node was revoked by its owner');
            else void repo.updateNode(db, node.id, { lastSeen: new Date() });
          },
          () => undefined,
        );
      }, HEARTBEAT_MS);
      socket.on('close', () => clearInterval(heartbeat));
      attachTunnel(node.id, socket, () => {
        void repo.updateNode(db, node.id, { healthy: false, lastSeen: new Date() }).catch(() => undefined);
      });
      log.info('node tunnel connected');
      // Capacity and health as the agent reports them now.
      void agentClient(node, 10_000)
        .info()
        .then((info) => repo.updateNode(db, node.id, { healthy: true, lastSeen: new Date(), cpuCores: info.cpu_cores, memoryMib: info.memory_total_mib }))
        .catch((error: Error) => log.warn(`node tunnel: the agent did not answer: ${error.message}`));
    },
  );

  app.get(
    '/node-relay/:node/api/servers/:id/console',
    {
      websocket: true,
      config: publicRoute,
      schema: {
        operationId: 'relayServerConsole',
        tags,
        summary: 'The console WebSocket of a server on an own node, relayed through its tunnel (`?token=` from GET /servers/{id}/access)',
        params: relayParams,
        querystring: z.object({ token: z.string().min(1).max(4096) }),
        response: errors,
      },
      preValidation: async (request, reply) => {
        const { node: nodeId, id } = request.params as { node: string; id: string };
        const node = await tunnelledNodeOf(db, nodeId, id);
        if (!node) return reply.code(404).send(notTunnelled);
        const { token } = request.query as { token: string };
        try {
          relays.set(request, await openRelayedSocket(node.id, `/api/servers/${encodeURIComponent(id)}/console?token=${encodeURIComponent(token)}`));
        } catch (error) {
          const status = (error as { status?: number }).status;
          if (status === 401 || status === 403 || status === 404) return reply.code(status).send({ error: 'console_refused', description: 'token: the node refused this access token' });
          return reply.code(503).send({ error: 'node_unavailable', description: "The server's node is not connected right now" });
        }
      },
    },
    (socket, request) => {
      const relay = relays.get(request)!;
      relay.onMessage((data, binary) => socket.send(data, { binary }));
      relay.onClose((code, reason) => socket.close(code >= 4000 || code === 1000 ? code : 1011, reason.slice(0, 120)));
      socket.on('message', (data, binary) => relay.send(binary ? Buffer.from(data as Buffer) : (data as Buffer).toString(), binary));
      socket.on('close', () => relay.close());
    },
  );

  await app.register(async (relay) => {
    // Bodies (file uploads) pass through untouched.
    relay.removeAllContentTypeParsers();
    relay.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: RELAYED_UPLOAD_MAX_BYTES }, (_request, body, done) => done(null, body));
    relay.route({
      method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
      url: '/node-relay/:node/api/servers/:id/*',
      config: publicRoute,
      schema: {
        operationId: 'relayServerNodeRoutes',
        tags,
        summary: "A server's routes on an own node (files, backup downloads), relayed through its tunnel; the node checks the access token or signed link as it would directly",
        params: relayParams.extend({ '*': z.string().max(2048) }),
      },
      handler: async (request, reply) => {
        const { node: nodeId, id, '*': rest } = request.params as { node: string; id: string; '*': string };
        const node = await tunnelledNodeOf(db, nodeId, id);
        if (!node) return reply.code(404).send(notTunnelled);
        const headers: Record<string, string> = {};
        for (const name of FORWARDED_HEADERS) {
          const value = request.headers[name];
          if (typeof value === 'string') headers[name] = value;
        }
        const url = request.raw.url ?? '';
        const query = url.includes('?') ? url.slice(url.indexOf('?')) : '';
        let response: Response;
        try {
          const body = Buffer.isBuffer(request.body) ? request.body : undefined;
          response = await tunnelFetch(`${node.url}/api/servers/${encodeURIComponent(id)}/${rest.split('/').map(encodeURIComponent).join('/')}${query}`, { method: request.method, headers, ...(body ? { body } : {}) });
        } catch {
          return reply.code(503).send({ error: 'node_unavailable', description: "The server's node is not connected right now" });
        }
        reply.code(response.status);
        for (const name of RETURNED_HEADERS) {
          const value = response.headers.get(name);
          if (value !== null) reply.header(name, value);
        }
        return reply.send(response.body ? Readable.fromWeb(response.body as NodeReadableStream) : null);
      },
    });
  });
};
