import http from 'node:http';
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { HttpConnections } from './http-connections.js';

/** Real local servers; each test closes what it opened. */
const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

async function listen(server: net.Server): Promise<URL> {
  const open = new Set<net.Socket>();
  server.on('connection', (socket: net.Socket) => {
    open.add(socket);
    socket.on('close', () => open.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(
    () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        for (const socket of open) socket.destroy();
      }),
  );
  return new URL(`http://127.0.0.1:${(server.address() as net.AddressInfo).port}/`);
}

/** An HTTP server echoing the request, answering with a content length or in chunks. */
async function echoServer(): Promise<{ url: URL; sockets: Set<net.Socket> }> {
  const sockets = new Set<net.Socket>();
  const server = http.createServer((request, response) => {
    sockets.add(request.socket);
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const answer = JSON.stringify({ path: request.url, auth: request.headers.authorization, type: request.headers['content-type'], body: JSON.parse(body) as unknown });
      const status = request.url === '/missing' ? 404 : 200;
      if (request.url === '/chunked') {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.write(answer.slice(0, 5));
        response.end(answer.slice(5));
      } else {
        response.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(answer) });
        response.end(answer);
      }
    });
  });
  return { url: await listen(server), sockets };
}

const options = { maxConnections: 4, timeoutMs: 5000 };

describe('HttpConnections', () => {
  it('posts JSON and reads answers with a length or in chunks, reusing one connection', async () => {
    const { url, sockets } = await echoServer();
    const connections = new HttpConnections(url, options);
    const body = JSON.stringify({ text: 'zürich ✓' });
    const first = await connections.postJson('/multi-search', body, 'authorization: Bearer key\r\n');
    expect(first.status).toBe(200);
    expect(JSON.parse(first.body)).toEqual({ path: '/multi-search', auth: 'Bearer key', type: 'application/json', body: { text: 'zürich ✓' } });
    const chunked = await connections.postJson('/chunked', body, '');
    expect(JSON.parse(chunked.body)).toMatchObject({ path: '/chunked', body: { text: 'zürich ✓' } });
    expect(await connections.postJson('/missing', '{}', '')).toMatchObject({ status: 404 });
    expect(sockets.size).toBe(1);
  });

  it('waits for a connection when the maximum is open', async () => {
    const { url, sockets } = await echoServer();
    const connections = new HttpConnections(url, { ...options, maxConnections: 2 });
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => connections.postJson(`/n${i}`, '{}', '')));
    expect(answers.map((a) => JSON.parse(a.body).path)).toEqual(['/n0', '/n1', '/n2', '/n3', '/n4', '/n5']);
    expect(sockets.size).toBe(2);
  });

  it('sends once more on a new connection when a reused one was closed by the server', async () => {
    // Answers the first request of a connection, then drops the connection on the next one.
    let connectionsSeen = 0;
    const server = net.createServer((socket) => {
      connectionsSeen++;
      let requests = 0;
      socket.on('data', () => {
        if (++requests > 1) return void socket.destroy();
        socket.write('HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 2\r\n\r\n{}');
      });
    });
    const connections = new HttpConnections(await listen(server), options);
    expect((await connections.postJson('/', '{}', '')).body).toBe('{}');
    expect((await connections.postJson('/', '{}', '')).body).toBe('{}');
    expect(connectionsSeen).toBe(2);
  });

  it('fails when nothing listens, when the answer does not come in time, and on a broken answer', async () => {
    const closed = await listen(net.createServer());
    await new Promise<void>((resolve) => closers.pop()!().then(resolve));
    await expect(new HttpConnections(closed, options).postJson('/', '{}', '')).rejects.toThrow(/ECONNREFUSED/);

    const silent = await listen(net.createServer(() => {}));
    await expect(new HttpConnections(silent, { ...options, timeoutMs: 50 }).postJson('/', '{}', '')).rejects.toThrow('no answer within 50 ms');

    const broken = await listen(net.createServer((socket) => socket.on('data', () => socket.end('HTTP/1.1 200 OK\r\ncontent-length: 10\r\n\r\n{"cut'))));
    await expect(new HttpConnections(broken, options).postJson('/', '{}', '')).rejects.toThrow('closed before the answer was complete');
  });
});
