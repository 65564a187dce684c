import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Pool } from 'undici';
import { HttpConnections } from '../src/lib/http-connections.js';

/**
 * The Meilisearch client's transport, measured on its own: the CPU this process spends per
 * search request (posting a JSON body, reading a 3 KB JSON answer) at 20 concurrent requests,
 * for the hand-written keep-alive client and for undici's Pool. The server runs in another process.
 */
const CONCURRENCY = 20;
const BODY = JSON.stringify({ queries: [{ indexUid: 'projects', q: 'sodium', limit: 10, filter: [['kl = fabric']] }] });
const AUTH = 'authorization: Bearer bench-key\r\n';

type Post = () => Promise<string>;

export interface ClientFigure {
  label: string;
  requestsPerSecond: number;
  cpuMicrosPerRequest: number;
}

async function run(label: string, post: Post, seconds: number): Promise<ClientFigure> {
  const loop = async (until: number, counter: { n: number }) => {
    while (performance.now() < until) {
      await post();
      counter.n += 1;
    }
  };
  const drive = async (durationMs: number) => {
    const counter = { n: 0 };
    const until = performance.now() + durationMs;
    await Promise.all(Array.from({ length: CONCURRENCY }, () => loop(until, counter)));
    return counter.n;
  };
  await drive(1000);
  const cpu = process.cpuUsage();
  const start = performance.now();
  const requests = await drive(seconds * 1000);
  const elapsed = (performance.now() - start) / 1000;
  const used = process.cpuUsage(cpu);
  return { label, requestsPerSecond: requests / elapsed, cpuMicrosPerRequest: (used.user + used.system) / requests };
}

export async function benchSearchClients(seconds: number): Promise<ClientFigure[]> {
  const server = fork(fileURLToPath(new URL('./json-answer-server.js', import.meta.url)), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const { port } = await new Promise<{ port: number }>((resolve) => server.once('message', (m) => resolve(m as { port: number })));
  const url = new URL(`http://127.0.0.1:${port}/multi-search`);
  const handWritten = new HttpConnections(url, { maxConnections: CONCURRENCY, timeoutMs: 5000 });
  const pool = new Pool(url.origin, { connections: CONCURRENCY, pipelining: 1 });
  try {
    const figures: ClientFigure[] = [];
    // Alternate the two clients so a change of machine load hits both alike.
    for (let round = 0; round < 2; round += 1) {
      figures.push(await run('hand-written keep-alive client', async () => (await handWritten.postJson(url.pathname, BODY, AUTH)).body, seconds));
      figures.push(
        await run(
          "undici's Pool",
          async () => {
            const answer = await pool.request({
              path: url.pathname,
              method: 'POST',
              headers: { 'content-type': 'application/json', authorization: 'Bearer bench-key' },
              body: BODY,
            });
            return answer.body.text();
          },
          seconds,
        ),
      );
    }
    return figures;
  } finally {
    await pool.close();
    server.disconnect();
  }
}
