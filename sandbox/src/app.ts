import Fastify, { type FastifyInstance } from 'fastify';
import { payoutsSandbox, type PayoutsSandboxOptions } from './payouts/payouts-plugin.js';

export interface SandboxOptions {
  payouts: PayoutsSandboxOptions;
  logger?: boolean;
}

/** The sandbox processor's HTTP API (never listens; `main.ts` or a test does). */
export async function buildSandbox(options: SandboxOptions): Promise<FastifyInstance> {
  const app = Fastify({ logger: options.logger ?? false });
  await app.register(payoutsSandbox, options.payouts);
  return app;
}
