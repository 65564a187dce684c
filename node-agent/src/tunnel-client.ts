import WebSocket from 'ws';

/**
 * The agent's end of an own node's tunnel (docs/api/node-agent.md, "Own nodes: join mode"): one
 * WebSocket the agent dials out to the API, so a machine behind NAT works. The API sends the
 * agent's HTTP API requests and the browsers' console sockets as frames (ids, base64 bodies);
 * this client replays them against the agent's own HTTP server on the loopback address and sends
 * the answers back, streamed in pieces. It reconnects with backoff, and gives up only when the
 * API says the credential was revoked (close 4401, or 401 on connect).
 */

export const TUNNEL_REVOKED_CODE = 4401;
const PIECE_BYTES = 64 * 1024;
/** No ping from the API for this long: the tunnel is dead even if TCP did not notice. */
const SILENCE_MS = 45_000;
const MAX_BACKOFF_MS = 30_000;
const HOP_HEADERS = new Set(['host', 'connection', 'content-length', 'transfer-encoding', 'upgrade', 'keep-alive']);

interface Frame {
  type: string;
  id: string;
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string;
  data?: string;
  binary?: boolean;
  code?: number;
  reason?: string;
}

export interface TunnelOptions {
  /** `wss://<api>/v2/node-tunnel`. */
  url: string;
  credential: string;
  /** The agent's own HTTP address, `http://127.0.0.1:<port>`. */
  local: string;
  log: (message: string) => void;
  /** The credential was revoked: the tunnel stays closed. */
  onRevoked: () => void;
  /** Each time the tunnel is up (tests and the operator's log). */
  onConnected?: () => void;
}

export function startTunnel(options: TunnelOptions): { close(): void } {
  let socket: WebSocket | undefined;
  let stopped = false;
  let backoff = 1000;
  let retry: NodeJS.Timeout | undefined;

  const connect = () => {
    if (stopped) return;
    const ws = new WebSocket(options.url, { headers: { authorization: `Bearer ${options.credential}` }, maxPayload: 96 * 1024 * 1024 });
    socket = ws;
    const requests = new Map<string, AbortController>();
    const sockets = new Map<string, WebSocket>();
    let lastPing = Date.now();
    let watchdog: NodeJS.Timeout | undefined;

    const send = (frame: Record<string, unknown>) => {
      if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(frame));
    };
    /** Waits while the tunnel's send buffer is full (a large download must not fill memory). */
    const drained = async () => {
      while (ws.readyState === WebSocket.OPEN && ws.bufferedAmount > 4 * 1024 * 1024) await new Promise((resolve) => setTimeout(resolve, 10));
    };

    async function request(frame: Frame): Promise<void> {
      const controller = new AbortController();
      requests.set(frame.id, controller);
      try {
        const headers: Record<string, string> = {};
        for (const [name, value] of Object.entries(frame.headers ?? {})) if (!HOP_HEADERS.has(name.toLowerCase())) headers[name] = value;
        const response = await fetch(`${options.local}${frame.path ?? '/'}`, {
          method: frame.method ?? 'GET',
          headers,
          ...(frame.body !== undefined ? { body: Buffer.from(frame.body, 'base64') } : {}),
          signal: controller.signal,
          redirect: 'manual',
        });
        const responseHeaders: Record<string, string> = {};
        response.headers.forEach((value, name) => (responseHeaders[name] = value));
        send({ type: 'response', id: frame.id, status: response.status, headers: responseHeaders });
        if (response.body) {
          for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
            for (let offset = 0; offset < chunk.byteLength; offset += PIECE_BYTES) {
              send({ type: 'body', id: frame.id, data: Buffer.from(chunk.subarray(offset, offset + PIECE_BYTES)).toString('base64') });
            }
            await drained();
          }
        }
        send({ type: 'end', id: frame.id });
      } catch (error) {
        if (!controller.signal.aborted) send({ type: 'error', id: frame.id, message: (error as Error).message });
      } finally {
        requests.delete(frame.id);
      }
    }

    function openSocket(frame: Frame): void {
      const local = new WebSocket(`${options.local.replace(/^http/, 'ws')}${frame.path ?? '/'}`, { headers: frame.headers ?? {} });
      sockets.set(frame.id, local);
      local.once('open', () => send({ type: 'ws-opened', id: frame.id }));
      local.once('unexpected-response', (_request, response) => {
        sockets.delete(frame.id);
        send({ type: 'ws-refused', id: frame.id, status: response.statusCode ?? 502 });
        local.terminate();
      });
      local.on('message', (data, binary) => {
        const bytes = Buffer.isBuffer(data) ? data : Buffer.concat(Array.isArray(data) ? data : [Buffer.from(data)]);
        send({ type: 'ws-message', id: frame.id, binary, data: binary ? bytes.toString('base64') : bytes.toString() });
      });
      local.on('close', (code, reason) => {
        if (sockets.delete(frame.id)) send({ type: 'ws-close', id: frame.id, code, reason: reason.toString() });
      });
      local.on('error', () => {
        if (sockets.delete(frame.id)) send({ type: 'ws-refused', id: frame.id, status: 502 });
      });
    }

    ws.on('open', () => {
      backoff = 1000;
      lastPing = Date.now();
      options.log('tunnel connected');
      options.onConnected?.();
      watchdog = setInterval(() => {
        if (Date.now() - lastPing > SILENCE_MS) ws.terminate();
      }, 5000);
    });
    ws.on('ping', () => (lastPing = Date.now()));
    ws.on('message', (data, isBinary) => {
      if (isBinary) return;
      let frame: Frame;
      try {
        frame = JSON.parse((data as Buffer).toString()) as Frame;
      } catch {
        return;
      }
      switch (frame.type) {
        case 'request':
          void request(frame);
          return;
        case 'cancel':
          requests.get(frame.id)?.abort();
          requests.delete(frame.id);
          return;
        case 'ws-open':
          openSocket(frame);
          return;
        case 'ws-message': {
          const local = sockets.get(frame.id);
          if (local?.readyState === WebSocket.OPEN) local.send(frame.binary ? Buffer.from(frame.data ?? '', 'base64') : (frame.data ?? ''), { binary: frame.binary === true });
          return;
        }
        case 'ws-close': {
          const local = sockets.get(frame.id);
          sockets.delete(frame.id);
          local?.close(frame.code && frame.code >= 4000 ? frame.code : 1000);
          return;
        }
      }
    });
    ws.on('unexpected-response', (_request, response) => {
      if (response.statusCode === 401) {
        stopped = true;
        options.log('the API refused the node credential: the node was revoked');
        options.onRevoked();
      } else options.log(`the API answered ${response.statusCode ?? '?'} to the tunnel`);
      ws.terminate();
    });
    ws.on('error', (error) => options.log(`tunnel error: ${error.message}`));
    ws.on('close', (code, reason) => {
      clearInterval(watchdog);
      for (const controller of requests.values()) controller.abort();
      for (const local of sockets.values()) local.terminate();
      requests.clear();
      sockets.clear();
      if (code === TUNNEL_REVOKED_CODE) {
        stopped = true;
        options.log(`the API closed the tunnel: ${reason.toString() || 'revoked'}`);
        options.onRevoked();
        return;
      }
      if (stopped) return;
      const delay = Math.min(backoff, MAX_BACKOFF_MS) * (0.75 + Math.random() / 2);
      backoff = Math.min(backoff * 2, MAX_BACKOFF_MS);
      options.log(`tunnel closed (${code}); reconnecting in ${Math.round(delay / 1000)} s`);
      retry = setTimeout(connect, delay);
    });
  };

  connect();
  return {
    close() {
      stopped = true;
      clearTimeout(retry);
      socket?.close(1001, 'The agent is stopping');
    },
  };
}
