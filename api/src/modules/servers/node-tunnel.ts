import { randomUUID } from 'node:crypto';
import type WebSocket from 'ws';

/**
 * The API's end of the tunnels own nodes dial out to (docs/decisions/0017-node-tunnel.md): one
 * WebSocket per node, carrying the agent's HTTP API as request/response frames with ids and
 * streamed bodies, and relayed WebSockets (the browser's console). Tunnels live in the process
 * that accepted them; `tunnel://node-<id>` is the `url` of a tunnelled node, so `agentClient`
 * reaches it through `tunnelFetch` without knowing.
 *
 * Frames are JSON text. API → agent: `request {id, method, path, headers, body?}` (body base64),
 * `ws-open {id, path, headers}`, `ws-message {id, data, binary}`, `ws-close {id, code?, reason?}`,
 * `cancel {id}`. Agent → API: `response {id, status, headers}`, `body {id, data}`, `end {id}`,
 * `error {id, message}`, `ws-opened {id}`, `ws-refused {id, status}`, `ws-message`, `ws-close`.
 */

export const TUNNEL_SCHEME = 'tunnel:';
export const tunnelUrl = (nodeId: number) => `tunnel://node-${nodeId}`;
export const isTunnelUrl = (url: string) => url.startsWith(`${TUNNEL_SCHEME}//`);

/** A refused or lost tunnel request: agentClient turns it into 503 `node_unavailable`. */
export class TunnelUnavailableError extends Error {}

interface Pending {
  resolve(response: Response): void;
  reject(error: Error): void;
  controller?: ReadableStreamDefaultController<Uint8Array>;
}

/** A WebSocket opened on the agent through the tunnel (the browser's console, relayed). */
export interface RelayedSocket {
  send(data: string | Buffer, binary: boolean): void;
  close(code?: number, reason?: string): void;
  /** Messages that arrive before a listener is set are kept for it. */
  onMessage(listener: (data: string | Buffer, binary: boolean) => void): void;
  onClose(listener: (code: number, reason: string) => void): void;
}

interface RelayState {
  opened(): void;
  refused(status: number): void;
  message(data: string | Buffer, binary: boolean): void;
  closed(code: number, reason: string): void;
}

interface Tunnel {
  socket: WebSocket;
  pending: Map<string, Pending>;
  relays: Map<string, RelayState>;
}

const tunnels = new Map<number, Tunnel>();

/** Whether this process holds a tunnel of the node now. */
export const hasTunnel = (nodeId: number) => tunnels.has(nodeId);

function send(tunnel: Tunnel, frame: Record<string, unknown>): void {
  tunnel.socket.send(JSON.stringify(frame));
}

/** Ends every request and relayed socket of a tunnel that went away. */
function fail(tunnel: Tunnel, reason: string): void {
  for (const pending of tunnel.pending.values()) {
    const error = new TunnelUnavailableError(reason);
    pending.reject(error);
    try {
      pending.controller?.error(error);
    } catch {
      // Already closed.
    }
  }
  tunnel.pending.clear();
  for (const relay of tunnel.relays.values()) relay.closed(1011, reason);
  tunnel.relays.clear();
}

function onFrame(tunnel: Tunnel, raw: string): void {
  let frame: { type?: unknown; id?: unknown; [key: string]: unknown };
  try {
    frame = JSON.parse(raw) as typeof frame;
  } catch {
    return;
  }
  if (typeof frame.id !== 'string') return;
  const id = frame.id;
  const pending = tunnel.pending.get(id);
  const relay = tunnel.relays.get(id);
  switch (frame.type) {
    case 'response': {
      if (!pending) return;
      const headers = new Headers();
      for (const [name, value] of Object.entries((frame.headers ?? {}) as Record<string, unknown>)) if (typeof value === 'string') headers.set(name, value);
      const status = Number(frame.status);
      const nullBody = status === 204 || status === 304;
      const body = nullBody
        ? null
        : new ReadableStream<Uint8Array>({
            start(controller) {
              pending.controller = controller;
            },
            cancel() {
              tunnel.pending.delete(id);
              send(tunnel, { type: 'cancel', id });
            },
          });
      if (nullBody) tunnel.pending.delete(id);
      pending.resolve(new Response(body, { status, headers }));
      return;
    }
    case 'body':
      if (typeof frame.data === 'string') pending?.controller?.enqueue(new Uint8Array(Buffer.from(frame.data, 'base64')));
      return;
    case 'end':
      tunnel.pending.delete(id);
      try {
        pending?.controller?.close();
      } catch {
        // Cancelled by the reader.
      }
      return;
    case 'error':
      tunnel.pending.delete(id);
      if (pending?.controller) pending.controller.error(new TunnelUnavailableError(String(frame.message)));
      else pending?.reject(new TunnelUnavailableError(String(frame.message)));
      return;
    case 'ws-opened':
      relay?.opened();
      return;
    case 'ws-refused':
      tunnel.relays.delete(id);
      relay?.refused(Number(frame.status) || 502);
      return;
    case 'ws-message':
      if (typeof frame.data === 'string') relay?.message(frame.binary === true ? Buffer.from(frame.data, 'base64') : frame.data, frame.binary === true);
      return;
    case 'ws-close':
      tunnel.relays.delete(id);
      relay?.closed(Number(frame.code) || 1000, typeof frame.reason === 'string' ? frame.reason : '');
      return;
  }
}

/**
 * Takes a node's newly connected tunnel (an older one of the same node is closed: the agent
 * reconnected). `onGone` runs when this tunnel ends, unless a newer one replaced it.
 */
export function attachTunnel(nodeId: number, socket: WebSocket, onGone: () => void): void {
  const previous = tunnels.get(nodeId);
  const tunnel: Tunnel = { socket, pending: new Map(), relays: new Map() };
  tunnels.set(nodeId, tunnel);
  if (previous) {
    fail(previous, 'The node reconnected');
    previous.socket.close(4000, 'replaced by a newer tunnel');
  }
  socket.on('message', (data, isBinary) => {
    if (!isBinary) onFrame(tunnel, (data as Buffer).toString());
  });
  socket.on('close', () => {
    fail(tunnel, 'The node tunnel closed');
    if (tunnels.get(nodeId) === tunnel) {
      tunnels.delete(nodeId);
      onGone();
    }
  });
}

/** Closes a node's tunnel now (revocation: 4401, which tells the agent not to come back). */
export function closeTunnel(nodeId: number, code: number, reason: string): void {
  const tunnel = tunnels.get(nodeId);
  if (!tunnel) return;
  tunnels.delete(nodeId);
  fail(tunnel, reason);
  tunnel.socket.close(code, reason);
}

/** Closes every tunnel this process holds (shutdown): the agents reconnect to another start. */
export function closeAllTunnels(): void {
  for (const nodeId of [...tunnels.keys()]) closeTunnel(nodeId, 1012, 'The API is restarting');
}

function tunnelOf(url: URL): Tunnel {
  const match = /^node-(\d+)$/.exec(url.host);
  const tunnel = match ? tunnels.get(Number(match[1])) : undefined;
  if (!tunnel) throw new TunnelUnavailableError('The node is not connected');
  return tunnel;
}

async function bodyBytes(body: RequestInit['body']): Promise<Buffer | undefined> {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') return Buffer.from(body);
  if (body instanceof Uint8Array) return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  if (body instanceof ArrayBuffer) return Buffer.from(body);
  return Buffer.from(await new Response(body).arrayBuffer());
}

/**
 * `fetch` for `tunnel://node-<id>/<path>`: the request goes to the agent as one frame, the answer
 * comes back as a streamed body. No tunnel now: rejects (the node is unreachable).
 */
export async function tunnelFetch(input: string, init: RequestInit = {}): Promise<Response> {
  const url = new URL(input);
  const tunnel = tunnelOf(url);
  const id = randomUUID();
  const headers: Record<string, string> = {};
  new Headers(init.headers).forEach((value, name) => (headers[name] = value));
  const body = await bodyBytes(init.body);
  const signal = init.signal ?? undefined;
  return new Promise<Response>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const abort = () => {
      const pending = tunnel.pending.get(id);
      tunnel.pending.delete(id);
      if (pending) {
        send(tunnel, { type: 'cancel', id });
        pending.reject(signal?.reason as Error);
        try {
          pending.controller?.error(signal?.reason);
        } catch {
          // Already finished.
        }
      }
    };
    signal?.addEventListener('abort', abort, { once: true });
    tunnel.pending.set(id, { resolve, reject });
    send(tunnel, { type: 'request', id, method: init.method ?? 'GET', path: `${url.pathname}${url.search}`, headers, ...(body ? { body: body.toString('base64') } : {}) });
  });
}

/** Opens a WebSocket on the agent through its tunnel; rejects with the agent's HTTP status when it refuses. */
export function openRelayedSocket(nodeId: number, path: string, headers: Record<string, string> = {}): Promise<RelayedSocket> {
  const tunnel = tunnels.get(nodeId);
  if (!tunnel) return Promise.reject(new TunnelUnavailableError('The node is not connected'));
  const id = randomUUID();
  const early: Array<[string | Buffer, boolean]> = [];
  let messageListener: ((data: string | Buffer, binary: boolean) => void) | undefined;
  let closeListener: ((code: number, reason: string) => void) | undefined;
  let closedEarly: [number, string] | undefined;
  let open = true;
  return new Promise<RelayedSocket>((resolve, reject) => {
    const relayed: RelayedSocket = {
      send(data, binary) {
        if (!open) return;
        send(tunnel, { type: 'ws-message', id, binary, data: binary ? Buffer.from(data).toString('base64') : String(data) });
      },
      close(code = 1000, reason = '') {
        if (!open) return;
        open = false;
        tunnel.relays.delete(id);
        if (tunnel.socket.readyState === tunnel.socket.OPEN) send(tunnel, { type: 'ws-close', id, code, reason });
      },
      onMessage(listener) {
        messageListener = listener;
        for (const [data, binary] of early.splice(0)) listener(data, binary);
      },
      onClose(listener) {
        closeListener = listener;
        if (closedEarly) listener(...closedEarly);
      },
    };
    tunnel.relays.set(id, {
      opened: () => resolve(relayed),
      refused: (status) => {
        open = false;
        const error = new TunnelUnavailableError(`The node refused the socket (${status})`) as TunnelUnavailableError & { status: number };
        error.status = status;
        reject(error);
      },
      message(data, binary) {
        if (messageListener) messageListener(data, binary);
        else early.push([data, binary]);
      },
      closed(code, reason) {
        const wasOpen = open;
        open = false;
        if (closeListener) closeListener(code, reason);
        else closedEarly = [code, reason];
        if (wasOpen) reject(new TunnelUnavailableError(reason || 'The node tunnel closed'));
      },
    });
    send(tunnel, { type: 'ws-open', id, path, headers });
  });
}
