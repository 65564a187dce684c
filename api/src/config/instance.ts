import { resolve } from 'node:path';
import { z } from 'zod';
import { booleanFlag, port } from './env-values.js';
import { workspaceRoot } from './workspace-root.js';

/** This process: where it listens, its data folder, its logging and which roles it plays. */
export const instanceSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('127.0.0.1'),
  API_PORT: port.default(8000),
  WEB_PORT: port.default(3000),
  CAIRN_DATA_DIR: z.string().min(1).default('.data'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Serve the API (and run migrations, seeding and the worker) from this process. */
  SERVE_API: booleanFlag.default(true),
  /** Serve the built website from this process (npm start); off when the web is hosted elsewhere. */
  SERVE_WEB: booleanFlag.default(true),
  /** Fill an empty catalogue with the demo projects on start-up. */
  SEED_DEMO: booleanFlag.default(true),
  /** Run the background job worker inside the API process. */
  RUN_WORKER: booleanFlag.default(true),
  /** Seed demo accounts (demo, demo-moderator, demo-admin) into an empty database. */
  DEMO_ACCOUNTS: booleanFlag.optional(),
});

export type InstanceEnv = z.infer<typeof instanceSchema>;

export interface InstanceSection {
  env: InstanceEnv['NODE_ENV'];
  host: string;
  apiPort: number;
  webPort: number;
  dataDir: string;
  logLevel: InstanceEnv['LOG_LEVEL'];
  serveApi: boolean;
  serveWeb: boolean;
  runWorker: boolean;
  /** `npm start` fills an empty catalogue with the demo projects. */
  seedDemo: boolean;
  demoAccounts: boolean;
}

export function instanceSection(env: InstanceEnv): InstanceSection {
  return {
    env: env.NODE_ENV,
    host: env.HOST,
    apiPort: env.API_PORT,
    webPort: env.WEB_PORT,
    dataDir: resolve(workspaceRoot(), env.CAIRN_DATA_DIR),
    logLevel: env.LOG_LEVEL,
    serveApi: env.SERVE_API,
    serveWeb: env.SERVE_WEB,
    runWorker: env.RUN_WORKER,
    seedDemo: env.SEED_DEMO,
    demoAccounts: env.DEMO_ACCOUNTS ?? env.NODE_ENV !== 'production',
  };
}
