import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const CHROMIUM_CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.on('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? done(address.port) : fail(new Error('no port'))));
    });
  });
}

async function waitForOk(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`Cairn exited early with code ${child.exitCode}`);
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(1000) })).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/**
 * Browser tier: starts the built product exactly as `npm start` runs it (embedded PostgreSQL and
 * Meilisearch in a fresh data folder, API, worker, website) on free loopback ports, and finds
 * the system Chromium. Without Chromium the tier is skipped locally and fails under CI=true.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const browserPath = process.env.CHROMIUM_PATH ?? CHROMIUM_CANDIDATES.find((p) => existsSync(p)) ?? '';
  if (!browserPath) {
    const message = 'Browser end-to-end tests need Chromium (Debian: apt-get install -y chromium).';
    if (process.env.CI === 'true') throw new Error(`${message} CI=true, so this is a failure.`);
    console.warn(`\n${message} Skipping the e2e tier.\n`);
  }
  project.provide('browserPath', browserPath);

  const main = join(repoRoot, 'api', 'dist', 'src', 'main.js');
  if (!existsSync(join(repoRoot, 'web', 'dist', 'index.html')) || !existsSync(main)) {
    throw new Error('The e2e tier runs the built product: build first (npm test does).');
  }
  const dataDir = join(repoRoot, '.data', 'e2e');
  const { child, apiUrl, siteUrl, imageOriginPort, webhookReceiverPort, output } = await startProductWithRetries(main, dataDir);
  project.provide('siteUrl', siteUrl);
  project.provide('apiUrl', apiUrl);
  project.provide('imageOriginPort', imageOriginPort);
  project.provide('webhookReceiverPort', webhookReceiverPort);

  return async () => {
    child.kill('SIGTERM');
    await new Promise<void>((done) => (child.exitCode !== null ? done() : child.once('exit', () => done())));
    if (child.exitCode !== 0) console.warn(`Cairn exited with ${child.exitCode} after SIGTERM:\n${output()}`);
  };
}

interface Started {
  child: ChildProcess;
  apiUrl: string;
  siteUrl: string;
  /** A loopback port the image proxy may fetch from (OUTBOUND_ALLOW_HOSTS): a test's own image origin listens there. */
  imageOriginPort: number;
  /** A loopback port webhooks may be delivered to (OUTBOUND_ALLOW_HOSTS, plain http allowed): a test's own receiver listens there. */
  webhookReceiverPort: number;
  output: () => string;
}

/**
 * A free port can be taken by another tier's process between being found and being listened on:
 * a start that loses such a race is tried again on new ports.
 */
async function startProductWithRetries(main: string, dataDir: string): Promise<Started> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startProduct(main, dataDir);
    } catch (error) {
      if (attempt >= 3 || !(error as Error).message.includes('EADDRINUSE')) throw error;
      console.warn(`Cairn lost a port to another process (attempt ${attempt}); starting it again.`);
    }
  }
}

/** Starts the built product on free loopback ports in a fresh data folder; resolves once it answers. */
async function startProduct(main: string, dataDir: string): Promise<Started> {
  await rm(dataDir, { recursive: true, force: true });
  await mkdir(dataDir, { recursive: true });
  const [apiPort, webPort, imageOriginPort, webhookReceiverPort] = [await freePort(), await freePort(), await freePort(), await freePort()];
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    HOST: '127.0.0.1',
    API_PORT: String(apiPort),
    WEB_PORT: String(webPort),
    CAIRN_DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'test',
    OUTBOUND_ALLOW_HOSTS: `127.0.0.1:${imageOriginPort},127.0.0.1:${webhookReceiverPort}`,
    WEBHOOKS_ALLOW_HTTP: 'true',
  };
  const child = spawn(process.execPath, ['--enable-source-maps', main], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  const siteUrl = `http://127.0.0.1:${webPort}`;
  try {
    await waitForOk(`${apiUrl}/health`, child, 120_000);
    await waitForOk(siteUrl, child, 30_000);
  } catch (error) {
    child.kill('SIGKILL');
    await new Promise<void>((done) => (child.exitCode !== null ? done() : child.once('exit', () => done())));
    throw new Error(`${(error as Error).message}\n--- Cairn output ---\n${output}`);
  }
  return { child, apiUrl, siteUrl, imageOriginPort, webhookReceiverPort, output: () => output };
}

declare module 'vitest' {
  export interface ProvidedContext {
    browserPath: string;
    siteUrl: string;
    apiUrl: string;
    imageOriginPort: number;
    webhookReceiverPort: number;
  }
}
