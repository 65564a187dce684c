import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { readOrCreateSecret } from './postgres.js';
import { captureOutput, freePort, waitUntil, type Logger } from './process-utils.js';
import { supervise } from './supervisor.js';

export interface EmbeddedSandbox {
  url: string;
  secretKey: string;
  webhookSecret: string;
  stop(): Promise<void>;
  pid(): number | undefined;
  restarts(): number;
}

/**
 * The sandbox payments processor (package `@cairn/sandbox`) as a supervised child process on
 * 127.0.0.1, its state and its two secrets (generated on first start) under `dir`.
 */
export async function startEmbeddedSandbox(options: { dir: string; log: Logger; webhookUrl: string; payoutWebhookUrl: string; allowedOrigins: string[] }): Promise<EmbeddedSandbox> {
  const dir = resolve(options.dir);
  await mkdir(dir, { recursive: true });
  const secretKey = `sk_sandbox_${await readOrCreateSecret(join(dir, 'secret-key'))}`;
  const webhookSecret = `whsec_${await readOrCreateSecret(join(dir, 'webhook-secret'))}`;
  // Always the built entry (the "source" condition would name the .ts file under tsx).
  const entry = join(dirname(createRequire(import.meta.url).resolve('@cairn/sandbox/main')), '..', 'dist', 'main.js');
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
  const supervisor = supervise({ name: 'Payments sandbox', log: options.log, first: await launch(), relaunch: launch });
  return { url, secretKey, webhookSecret, stop: () => supervisor.stop('SIGTERM', 10_000), pid: supervisor.pid, restarts: supervisor.restarts };
}

async function isHealthy(url: string): Promise<boolean> {
  try {
    return (await fetch(`${url}/health`, { signal: AbortSignal.timeout(1000) })).ok;
  } catch {
    return false;
  }
}
