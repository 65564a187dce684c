import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AgentError } from '../errors.js';
import { AgentConsoleClientMessageSchema, type AgentConsoleMessage } from '@cairn/shared/schemas/node-agent';
import type { ServerManager } from '../server-manager.js';
import type { ConsoleStream } from '../server-process.js';
import type { AgentServerState, AgentStats } from '@cairn/shared/schemas/node-agent';
import { parse, requireAuth, type AuthContext } from './http.js';
import { IdParamsSchema } from './servers.js';

/**
 * GET /api/servers/:id/console (WebSocket): history on connect, then live lines, state changes
 * and stats; `{type:'command'}` messages go to the server's stdin.
 */
export function consoleRoutes(app: FastifyInstance, manager: ServerManager, auth: AuthContext, allowedOrigins: string[] | undefined) {
  const checkOrigin = async (request: FastifyRequest) => {
    const origin = request.headers.origin;
    // Non-browser clients (the API) send no Origin; browsers' must be one of the site's.
    if (allowedOrigins && origin !== undefined && !allowedOrigins.includes(origin)) {
      throw new AgentError(403, 'forbidden', 'origin: not allowed to open this console');
    }
  };
  app.get('/api/servers/:id/console', { websocket: true, onRequest: [checkOrigin, requireAuth(auth, 'console')] }, (socket, request) => {
    const send = (message: AgentConsoleMessage) => {
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
    };
    let server;
    try {
      server = manager.get(parse(IdParamsSchema, request.params).id);
    } catch {
      send({ type: 'error', error: 'not_found', description: 'server was not found' });
      socket.close(4404, 'not found');
      return;
    }
    const proc = server.process;
    // Handlers attached before anything async, so no early message is lost.
    socket.on('message', (data) => {
      let parsed;
      try {
        parsed = AgentConsoleClientMessageSchema.safeParse(JSON.parse(String(data)));
      } catch {
        parsed = undefined;
      }
      if (!parsed?.success) {
        send({ type: 'error', error: 'invalid_input', description: 'message: expected {"type":"command","command":"..."}' });
        return;
      }
      if (!proc.sendCommand(parsed.data.command)) {
        send({ type: 'error', error: 'conflict', description: 'state: the server is not running' });
      }
    });
    const onLine = (stream: ConsoleStream, line: string) => send({ type: 'line', stream, line });
    const onState = (state: AgentServerState) => send({ type: 'state', state });
    const onStats = (stats: AgentStats) => send({ type: 'stats', stats });
    proc.on('line', onLine);
    proc.on('state', onState);
    proc.on('stats', onStats);
    socket.on('close', () => {
      proc.off('line', onLine);
      proc.off('state', onState);
      proc.off('stats', onStats);
    });
    send({ type: 'history', lines: [...proc.consoleHistory] });
    send({ type: 'state', state: proc.state });
    if (server.latestStats) send({ type: 'stats', stats: server.latestStats });
  });
}
