import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { formatRow, measure, type LoadResult } from './measure.js';
import type { TargetsReady } from './targets.js';

/**
 * `npm run bench`: loopback-only load tests with fixed durations, printing figures.
 * Set BENCH_SECONDS to change the duration of each run (default 10).
 */
const seconds = Number(process.env.BENCH_SECONDS ?? 10);

async function compare(label: string, apiUrl: string, bareUrl: string): Promise<void> {
  // Warm both paths first so JIT, caches and connection set-up are not measured.
  await measure({ label: 'warm-up', url: apiUrl, durationSeconds: 2 });
  await measure({ label: 'warm-up', url: bareUrl, durationSeconds: 2 });
  const api = await measure({ label: `Cairn API  ${label}`, url: apiUrl, durationSeconds: seconds });
  const bare = await measure({ label: `bare Fastify  ${label}`, url: bareUrl, durationSeconds: seconds });
  console.log(formatRow(api));
  console.log(formatRow(bare));
  console.log(`ratio (Cairn / bare): ${(api.requestsPerSecond / bare.requestsPerSecond).toFixed(2)} of the throughput, p95 ${(api.p95 / bare.p95).toFixed(2)}×\n`);
}

async function post(label: string, url: string, body: string, connections: number): Promise<LoadResult> {
  const options = { url, method: 'POST' as const, body, headers: { 'content-type': 'application/json' }, connections };
  await measure({ ...options, label: 'warm-up', durationSeconds: 2 });
  const result = await measure({ ...options, label, durationSeconds: seconds });
  console.log(formatRow(result));
  return result;
}

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
    await compare('GET /v2/', `${ready.apiUrl}/v2/`, `${ready.bareUrl}/v2/`);

    console.log(`GET /v2/project/{slug} on the synthetic catalogue — 20 connections, ${seconds} s each\n`);
    await compare('GET /v2/project/{slug}', `${ready.apiUrl}/v2/project/${ready.projectSlug}`, `${ready.bareUrl}/v2/project/${ready.projectSlug}`);

    console.log(`Hash routes with 1,000 sha1 hashes — one client (latency), ${seconds} s each\n`);
    const lookup = await post('POST /v2/version_files', `${ready.apiUrl}/v2/version_files`, ready.hashListBody, 1);
    const updates = await post('POST /v2/version_files/update', `${ready.apiUrl}/v2/version_files/update`, ready.updateBody, 1);
    console.log(`p95 with 1,000 hashes: version_files ${lookup.p95.toFixed(1)} ms, version_files/update ${updates.p95.toFixed(1)} ms (goal < 100 ms)\n`);
    console.log(`API process RSS after the runs: ${Math.round((await rss()) / 1024 / 1024)} MB\n`);
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

void main();
