import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ActivityJournal } from '../access-journal.js';
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
export function consoleRoutes(app: FastifyInstance, manager: ServerManager, auth: AuthContext, allowedOrigins: string[] | undefined, journal: ActivityJournal) {
  const checkOrigin = async (request: FastifyRequest) => {
    const origin = request.headers.origin;
    // Non-browser clients (the API) send no Origin; browsers' must be one of the site's.
    if (allowedOrigins && origin !== undefined && !allowedOrigins.includes(origin)) {
      throw new AgentError(403, 'forbidden', 'origin: not allowed to open this console');
    }
  };
  app.get('/api/servers/:id/console', { websocket: true, onRequest: [checkOrigin, requireAuth(auth, ['console', 'console.read'])] }, (socket, request) => {
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
    const caller = request.caller;
    // Only the node and tokens with `console` send commands; `console.read` watches.
    const mayWrite = caller?.kind !== 'access' || caller.claims.perms.includes('console');
    // A revocation of this user closes the socket at once (4401: the panel asks for new access).
    const untrack = caller?.kind === 'access' ? auth.revocations.track(caller.claims, () => socket.close(4401, 'access revoked')) : () => undefined;
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
      if (!mayWrite) {
        send({ type: 'error', error: 'forbidden', description: 'command: this access may read the console but not send commands' });
        return;
      }
      if (!proc.sendCommand(parsed.data.command)) {
        send({ type: 'error', error: 'conflict', description: 'state: the server is not running' });
        return;
      }
      if (caller?.kind === 'access') void journal.record(server.record.id, { user: caller.claims.sub, kind: 'console', action: 'command', detail: parsed.data.command });
    });
    const onLine = (stream: ConsoleStream, line: string) => send({ type: 'line', stream, line });
    const onState = (state: AgentServerState) => send({ type: 'state', state });
    const onStats = (stats: AgentStats) => send({ type: 'stats', stats });
    proc.on('line', onLine);
    proc.on('state', onState);
    proc.on('stats', onStats);
    socket.on('close', () => {
      untrack();
      proc.off('line', onLine);
      proc.off('state', onState);
      proc.off('stats', onStats);
    });
    send({ type: 'history', lines: [...proc.consoleHistory] });
    send({ type: 'state', state: proc.state });
    if (server.latestStats) send({ type: 'stats', stats: server.latestStats });
  });
}
