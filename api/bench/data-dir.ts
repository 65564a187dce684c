import { join } from 'node:path';
import { workspaceRoot } from '../src/config.js';

/** Projects in the synthetic catalogue (`BENCH_PROJECTS`, default 100,000). */
export const SYNTHETIC_PROJECTS = Number(process.env.BENCH_PROJECTS ?? 100_000);

/**
 * Each catalogue size has its own data folder, so runs of different sizes never mix:
 * `.data/bench` for the default 100,000 projects, `.data/bench-<N>` otherwise.
 */
export const BENCH_DATA_DIR = join(workspaceRoot(), '.data', SYNTHETIC_PROJECTS === 100_000 ? 'bench' : `bench-${SYNTHETIC_PROJECTS}`);
