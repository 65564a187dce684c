import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { readOrCreateSecret } from './postgres.js';
import { captureOutput, commandLineOf, freePort, isAlive, isLiveOwner, terminatePid, waitUntil, type Logger } from './process-utils.js';
import { supervise } from './supervisor.js';

export interface EmbeddedSandbox {
  url: string;
  secretKey: string;
  webhookSecret: string;
  stop(): Promise<void>;
  pid(): number | undefined;
  restarts(): number;
}

/** Who runs the sandbox of a data folder, so a start after a crash can stop the one left behind. */
interface SandboxRecord {
  ownerPid: number;
  sandboxPid: number;
  port: number;
}

/**
 * The sandbox payments processor (package `@cairn/sandbox`) as a supervised child process on
 * 127.0.0.1, its state and its two secrets (generated on first start) under `dir`. A sandbox left
 * running by a process that died is stopped first (it would share the state file).
 */
export async function startEmbeddedSandbox(options: { dir: string; log: Logger; webhookUrl: string; payoutWebhookUrl: string; allowedOrigins: string[] }): Promise<EmbeddedSandbox> {
  const dir = resolve(options.dir);
  await mkdir(dir, { recursive: true });
  const secretKey = `sk_sandbox_${await readOrCreateSecret(join(dir, 'secret-key'))}`;
  const webhookSecret = `whsec_${await readOrCreateSecret(join(dir, 'webhook-secret'))}`;
  // Always the built entry (the "source" condition would name the .ts file under tsx).
  const entry = join(dirname(createRequire(import.meta.url).resolve('@cairn/sandbox/main')), '..', 'dist', 'main.js');
  const recordFile = join(dir, 'sandbox.json');
  const previous = await readRecord(recordFile);
  if (previous && isAlive(previous.sandboxPid) && ((await commandLineOf(previous.sandboxPid)) ?? '').includes(entry)) {
    if (await isLiveOwner(previous.ownerPid)) throw new Error(`The sandbox folder ${dir} is in use by another running Cairn process (pid ${previous.ownerPid}).`);
    options.log.warn(`Stopping an orphaned payments sandbox (pid ${previous.sandboxPid}) left by an earlier run.`);
    await terminatePid(previous.sandboxPid, 'SIGTERM', 10_000);
  }
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const launch = async (): Promise<ChildProcess> => {
    const child = spawn(process.execPath, ['--enable-source-maps', entry], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        PATH: '/usr/bin:/bin:/usr/local/bin',
        SANDBOX_HOST: '127.0.0.1',
        SANDBOX_PORT: String(port),
        SANDBOX_SECRET_KEY: secretKey,
        SANDBOX_WEBHOOK_SECRET: webhookSecret,
        SANDBOX_WEBHOOK_URL: options.webhookUrl,
        SANDBOX_PAYOUT_WEBHOOK_URL: options.payoutWebhookUrl,
        SANDBOX_DATA_DIR: dir,
        SANDBOX_ALLOWED_ORIGINS: options.allowedOrigins.join(','),
      },
    });
    const tail = captureOutput(child, 'sandbox', options.log);
    const healthy = await waitUntil(async () => child.exitCode !== null || (await isHealthy(url)), 30_000, 100);
    if (!healthy || child.exitCode !== null) {
      child.kill('SIGKILL');
      throw new Error(`The embedded payments sandbox did not start.\n${tail()}`);
    }
    return child;
  };
  const writeRecord = (child: ChildProcess) => writeFile(recordFile, JSON.stringify({ ownerPid: process.pid, sandboxPid: child.pid ?? 0, port } satisfies SandboxRecord));
  const first = await launch();
  await writeRecord(first);
  const supervisor = supervise({ name: 'Payments sandbox', log: options.log, first, relaunch: launch, onRelaunched: writeRecord });
  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      await supervisor.stop('SIGTERM', 10_000);
      await rm(recordFile, { force: true });
    })());
  return { url, secretKey, webhookSecret, stop, pid: supervisor.pid, restarts: supervisor.restarts };
}

async function readRecord(file: string): Promise<SandboxRecord | undefined> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as SandboxRecord;
  } catch {
    return undefined;
  }
}

async function isHealthy(url: string): Promise<boolean> {
  try {
    return (await fetch(`${url}/health`, { signal: AbortSignal.timeout(1000) })).ok;
  } catch {
    return false;
  }
}
