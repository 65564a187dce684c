import { join } from 'node:path';
import { buildSandbox } from './app.js';

/**
 * Runs the sandbox processor as a process. Configuration by environment:
 * SANDBOX_SECRET_KEY, SANDBOX_WEBHOOK_SECRET (required), SANDBOX_WEBHOOK_URL, SANDBOX_HOST
 * (default 127.0.0.1), SANDBOX_PORT (default 8100), SANDBOX_DATA_DIR (state file; unset = memory),
 * SANDBOX_ALLOWED_ORIGINS (comma separated, or *).
 */
async function main(): Promise<void> {
  const env = process.env;
  const secretKey = env.SANDBOX_SECRET_KEY;
  const webhookSecret = env.SANDBOX_WEBHOOK_SECRET;
  if (!secretKey || !webhookSecret) {
    console.error('SANDBOX_SECRET_KEY and SANDBOX_WEBHOOK_SECRET are required.');
    process.exit(1);
  }
  const app = await buildSandbox({
    secretKey,
    webhookSecret,
    webhookUrl: env.SANDBOX_WEBHOOK_URL || undefined,
    statePath: env.SANDBOX_DATA_DIR ? join(env.SANDBOX_DATA_DIR, 'state.json') : undefined,
    allowedOrigins: (env.SANDBOX_ALLOWED_ORIGINS ?? '').split(',').map((o) => o.trim()).filter(Boolean),
  });
  const stop = () => void app.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  const address = await app.listen({ host: env.SANDBOX_HOST ?? '127.0.0.1', port: Number(env.SANDBOX_PORT ?? 8100) });
  console.log(`sandbox processor listening on ${address}`);
}

void main();
