import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { formatRow, measure } from './measure.js';
import type { TargetsReady } from './targets.js';

/**
 * `npm run bench`: loopback-only load tests with fixed durations, printing figures.
 * Set BENCH_SECONDS to change the duration of each run (default 10).
 */
const seconds = Number(process.env.BENCH_SECONDS ?? 10);

async function main(): Promise<void> {
  const child = fork(fileURLToPath(new URL('./targets.js', import.meta.url)), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const ready = await new Promise<TargetsReady>((resolve, reject) => {
    child.once('message', (m) => resolve(m as TargetsReady));
    child.once('exit', (code) => reject(new Error(`bench targets exited early (${code})`)));
  });
  const rss = () =>
    new Promise<number>((resolve) => {
      child.once('message', (m) => resolve((m as { rss: number }).rss));
      child.send({ type: 'rss' });
    });

  try {
    console.log(`\nGET /v2/ — 20 connections, ${seconds} s each (loopback)\n`);
    // Warm both paths first so JIT and connection set-up are not measured.
    await measure({ label: 'warm-up', url: `${ready.apiUrl}/v2/`, durationSeconds: 2 });
    await measure({ label: 'warm-up', url: `${ready.bareUrl}/v2/`, durationSeconds: 2 });
    const api = await measure({ label: 'Cairn API  GET /v2/', url: `${ready.apiUrl}/v2/`, durationSeconds: seconds });
    const bare = await measure({ label: 'bare Fastify  GET /v2/', url: `${ready.bareUrl}/v2/`, durationSeconds: seconds });
    console.log(formatRow(api));
    console.log(formatRow(bare));
    console.log(`ratio (Cairn / bare): ${(api.requestsPerSecond / bare.requestsPerSecond).toFixed(2)} of the throughput, p95 ${(api.p95 / bare.p95).toFixed(2)}×`);
    console.log(`API process RSS after the runs: ${Math.round((await rss()) / 1024 / 1024)} MB\n`);
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

void main();
