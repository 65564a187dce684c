import { join } from 'node:path';
import { buildSandbox } from './app.js';

/** Runs the sandbox processor as its own process, configured by environment variables. */
function required(name: string): string {
  const value = process.env[name];
  if (!value) {
    console.error(`${name} is required`);
    process.exit(1);
  }
  return value;
}

const dataDir = process.env.SANDBOX_DATA_DIR ?? '.data/sandbox';
const app = await buildSandbox({
  logger: true,
  payouts: {
    secretKey: required('SANDBOX_SECRET_KEY'),
    webhookSecret: required('SANDBOX_WEBHOOK_SECRET'),
    webhookUrl: process.env.SANDBOX_PAYOUT_WEBHOOK_URL,
    settleAfterMs: Number(process.env.SANDBOX_PAYOUT_SETTLE_MS ?? 5000),
    dataFile: join(dataDir, 'payouts.json'),
  },
});
await app.listen({ host: process.env.SANDBOX_HOST ?? '127.0.0.1', port: Number(process.env.SANDBOX_PORT ?? 8090) });
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void app.close().then(() => process.exit(0)));
