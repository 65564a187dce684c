import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WebSocketServer, type WebSocket } from 'ws';
import { enrol, joinArguments, joinDefaults, readCredential } from './join.js';
import { startTunnel, TUNNEL_REVOKED_CODE } from './tunnel-client.js';

/** The tunnel client between a stand-in API (a WebSocket server) and a stand-in agent (an HTTP + WebSocket server). */
const closers: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

async function listen(server: http.Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return (server.address() as AddressInfo).port;
}

/** The agent's HTTP API: `/big` streams 200 KiB, `/echo` answers the body and headers, `/ws` echoes messages. */
async function localAgent(): Promise<string> {
  const server = http.createServer((request, response) => {
    if (request.url === '/big') {
      response.writeHead(200, { 'content-type': 'application/octet-stream' });
      response.end(Buffer.alloc(200 * 1024, 7));
      return;
    }
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      response.writeHead(201, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ method: request.method, url: request.url, auth: request.headers.authorization, body: Buffer.concat(chunks).toString() }));
    });
  });
  const sockets = new WebSocketServer({ server });
  sockets.on('connection', (socket, request) => {
    if (!request.url?.includes('token=good')) return socket.close(4401, 'no');
    socket.on('message', (data) => socket.send(`echo:${String(data)}`));
  });
  closers.push(() => new Promise<void>((resolve) => sockets.close(() => resolve())));
  return `http://127.0.0.1:${await listen(server)}`;
}

/** The API's end: accepts tunnels with the credential `good`, hands each to the test. */
async function fakeApi() {
  const server = http.createServer();
  const tunnels = new WebSocketServer({ noServer: true });
  const connected: WebSocket[] = [];
  let refuse = false;
  server.on('upgrade', (request, socket, head) => {
    if (refuse || request.headers.authorization !== 'Bearer good') {
      socket.end('HTTP/1.1 401 Unauthorized\r\n\r\n');
      return;
    }
    tunnels.handleUpgrade(request, socket, head, (ws) => connected.push(ws));
  });
  closers.push(() => {
    for (const ws of connected) ws.terminate();
  });
  const port = await listen(server);
  return { url: `ws://127.0.0.1:${port}/v2/node-tunnel`, connected, refuseFromNow: () => (refuse = true) };
}

function frames(ws: WebSocket) {
  const received: Array<Record<string, unknown>> = [];
  ws.on('message', (data) => received.push(JSON.parse(String(data)) as Record<string, unknown>));
  return received;
}

describe('tunnel client', () => {
  it('replays requests against the local agent with streamed answers, and relays WebSockets', async () => {
    const local = await localAgent();
    const api = await fakeApi();
    const tunnel = startTunnel({ url: api.url, credential: 'good', local, log: () => undefined, onRevoked: () => undefined });
    closers.push(() => tunnel.close());
    const ws = await vi.waitFor(() => api.connected[0] ?? Promise.reject(new Error('not yet')));
    const received = frames(ws);

    ws.send(JSON.stringify({ type: 'request', id: 'r1', method: 'POST', path: '/echo?x=1', headers: { authorization: 'Bearer node' }, body: Buffer.from('hello').toString('base64') }));
    ws.send(JSON.stringify({ type: 'request', id: 'r2', method: 'GET', path: '/big', headers: {} }));
    await vi.waitFor(() => expect(received.filter((f) => f.type === 'end').map((f) => f.id).sort()).toEqual(['r1', 'r2']));
    expect(received.find((f) => f.id === 'r1' && f.type === 'response')).toMatchObject({ status: 201 });
    const echoed = JSON.parse(Buffer.concat(received.filter((f) => f.id === 'r1' && f.type === 'body').map((f) => Buffer.from(String(f.data), 'base64'))).toString()) as object;
    expect(echoed).toEqual({ method: 'POST', url: '/echo?x=1', auth: 'Bearer node', body: 'hello' });
    const pieces = received.filter((f) => f.id === 'r2' && f.type === 'body').map((f) => Buffer.from(String(f.data), 'base64'));
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces.every((piece) => piece.length <= 64 * 1024)).toBe(true);
    expect(Buffer.concat(pieces).length).toBe(200 * 1024);

    ws.send(JSON.stringify({ type: 'ws-open', id: 's1', path: '/console?token=good', headers: {} }));
    await vi.waitFor(() => expect(received.some((f) => f.type === 'ws-opened' && f.id === 's1')).toBe(true));
    ws.send(JSON.stringify({ type: 'ws-message', id: 's1', data: 'list', binary: false }));
    await vi.waitFor(() => expect(received.find((f) => f.type === 'ws-message' && f.id === 's1')).toMatchObject({ data: 'echo:list' }));
    ws.send(JSON.stringify({ type: 'ws-open', id: 's2', path: '/console?token=bad', headers: {} }));
    await vi.waitFor(() => expect(received.find((f) => f.type === 'ws-close' && f.id === 's2')).toMatchObject({ code: 4401 }));
  });

  it('reconnects after a drop and stops for good when the credential is revoked', async () => {
    const local = await localAgent();
    const api = await fakeApi();
    const onRevoked = vi.fn();
    const tunnel = startTunnel({ url: api.url, credential: 'good', local, log: () => undefined, onRevoked });
    closers.push(() => tunnel.close());
    const first = await vi.waitFor(() => api.connected[0] ?? Promise.reject(new Error('not yet')));
    first.terminate();
    const second = await vi.waitFor(() => api.connected[1] ?? Promise.reject(new Error('not yet')), { timeout: 5000 });
    expect(onRevoked).not.toHaveBeenCalled();
    second.close(TUNNEL_REVOKED_CODE, 'revoked');
    await vi.waitFor(() => expect(onRevoked).toHaveBeenCalledTimes(1));

    // A credential the API refuses (401 on connect) also ends it.
    api.refuseFromNow();
    const refused = vi.fn();
    const again = startTunnel({ url: api.url, credential: 'good', local, log: () => undefined, onRevoked: refused });
    closers.push(() => again.close());
    await vi.waitFor(() => expect(refused).toHaveBeenCalledTimes(1));
  });
});

describe('join mode', () => {
  it('reads --join arguments and changes only defaults', () => {
    expect(joinArguments(['--join', 'https://api.example.test/', 'cne_abc'])).toEqual({ apiUrl: 'https://api.example.test', token: 'cne_abc' });
    expect(joinArguments(['--join'])).toEqual({ apiUrl: undefined, token: undefined });
    expect(joinArguments([])).toBeUndefined();
    expect(joinDefaults({ NODE_AGENT_PORT: '9000' })).toMatchObject({ NODE_AGENT_PORT: '9000', NODE_AGENT_SFTP_PORT: 'off', NODE_AGENT_HOST: '127.0.0.1' });
  });

  it('stores what the API answers with mode 0600, and reports a refusal with its reason', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'cairn-join-'));
    closers.push(() => rm(dir, { recursive: true, force: true }));
    const answers = [
      { status: 201, body: { node_id: 'Node1', name: 'Box', credential: 'cnt_x', agent_token: 'a'.repeat(64), tunnel_url: 'ws://api.test/v2/node-tunnel' } },
      { status: 401, body: { error: 'invalid_enrolment_token', description: 'token: already used' } },
    ];
    const server = http.createServer((_request, response) => {
      const answer = answers.shift()!;
      response.writeHead(answer.status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(answer.body));
    });
    const api = `http://127.0.0.1:${await listen(server)}`;
    const stored = await enrol(api, 'cne_token', dir, undefined);
    expect(stored).toMatchObject({ api_url: api, node_id: 'Node1', credential: 'cnt_x' });
    const file = path.join(dir, 'own-node-credential.json');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual(stored);
    expect(await readCredential(dir)).toEqual(stored);
    await expect(enrol(api, 'cne_token', dir, undefined)).rejects.toThrow('The API refused the join (401): token: already used');
  });
});
