import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { loadConfig, workspaceRoot } from '../../src/config.js';
import { createDatabase } from '../../src/db/client.js';
import { runMigrations } from '../../src/db/migrate.js';
import { seedReferenceData } from '../../src/db/seed/reference-data.js';
import { provideServices } from '../../src/embedded/services.js';
import { freePort, isAlive, waitUntil, type Logger } from '../../src/embedded/process-utils.js';
import { listReferencedBlobKeys } from '../../src/lib/storage/blob-references.js';
import { createDiskFileStore } from '../../src/lib/storage/file-store.js';
import { sweepOrphanBlobs } from '../../src/lib/storage/orphan-blobs.js';
import { insertProject } from '../../test/factories/catalogue.js';
import { insertUserWithTokens } from '../../test/factories/users.js';
import { WriteLedger } from './ledger.js';
import { isClean, readStoredState, reconcile } from './reconcile.js';
import { SoakStats } from './stats.js';
import { runClient, soakJar, versionForm, type Catalogue, type SoakUser } from './workload.js';

/**
 * `npm run soak`: a bounded load on a private Cairn (loopback only, own data folder under .data)
 * while PostgreSQL and Meilisearch are killed and the API is killed mid-upload; then a report
 * and a reconciliation of every acknowledged write against the database and the file store.
 */

const env = process.env;
const SECONDS = Number(env.SOAK_SECONDS ?? 300);
const CLIENTS = Number(env.SOAK_CLIENTS ?? 200);
const KEEP_DATA = env.SOAK_KEEP_DATA === '1';

const events: string[] = [];
const started = Date.now();
const clock = () => `${((Date.now() - started) / 1000).toFixed(1).padStart(6)}s`;
const note = (line: string) => {
  events.push(`${clock()}  ${line}`);
  console.log(`[soak ${clock()}] ${line}`);
};
let serverLines = 0;
/** The servers' own FATAL/ERROR lines (one per dropped connection) are counted, not listed. */
const fromLauncher = (m: string) => (m.startsWith('[') ? (serverLines += 1) : note(m));
const log: Logger = { info: () => {}, warn: fromLauncher, error: fromLauncher };

async function main(): Promise<void> {
  const dataDir = join(workspaceRoot(), '.data', `soak-${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(2).toString('hex')}`);
  await mkdir(dataDir, { recursive: true });
  note(`data folder ${dataDir}; ${CLIENTS} clients for ${SECONDS} s`);
  const services = await provideServices(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', CAIRN_DATA_DIR: dataDir }), log);
  const pg = services.supervised.postgres!;
  const meili = services.supervised.meilisearch!;
  const processes: ChildProcess[] = [];
  let stopping = false;
  try {
    await runMigrations(services.databaseUrl);
    const database = createDatabase(services.databaseUrl, { poolSize: 4, applicationName: 'cairn-soak' });
    await seedReferenceData(database.db, { info: () => {}, warn: () => {}, error: () => {} });
    const files = createDiskFileStore(join(dataDir, 'files'));
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const processEnv = {
      ...env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'error',
      HOST: '127.0.0.1',
      API_PORT: String(port),
      PUBLIC_API_URL: base,
      DATABASE_URL: services.databaseUrl,
      DATABASE_POOL_SIZE: '20',
      MEILISEARCH_URL: services.search.url,
      MEILISEARCH_KEY: services.search.key,
      CAIRN_DATA_DIR: dataDir,
      FILE_URL_SECRET: randomBytes(24).toString('hex'),
      SERVE_WEB: 'false',
      SEED_DEMO: 'false',
      DEMO_ACCOUNTS: 'false',
      RATE_LIMIT_STORE: 'database',
      RATE_LIMIT_PER_MINUTE: '1000000',
      RATE_LIMIT_AUTHENTICATED_PER_MINUTE: '1000000',
    };
    const startRole = async (role: 'api' | 'worker'): Promise<ChildProcess> => {
      // Node itself with tsx as a loader (not the tsx wrapper), so a signal reaches the server process.
      const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', 'src/main.ts'], {
        cwd: join(workspaceRoot(), 'api'),
        env: { ...processEnv, SERVE_API: String(role === 'api'), RUN_WORKER: String(role === 'worker') },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      processes.push(child);
      // Their output goes to a log file in the data folder (kept with SOAK_KEEP_DATA=1).
      const file = createWriteStream(join(dataDir, `${role}-${child.pid}.log`));
      child.stdout!.pipe(file);
      child.stderr!.pipe(file);
      child.once('exit', (code, signal) => {
        if (!stopping) note(`the ${role} process (pid ${child.pid}) exited (${signal ?? `code ${code}`})`);
      });
      let output = '';
      const ok = await new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => resolve(false), 120_000);
        const read = (chunk: Buffer) => {
          output = (output + chunk.toString()).slice(-4000);
          if (output.includes('Cairn is running.')) {
            clearTimeout(timer);
            resolve(true);
          }
        };
        child.stdout!.on('data', read);
        child.stderr!.on('data', read);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve(false);
        });
      });
      if (!ok) throw new Error(`the ${role} process did not start:\n${output}`);
      return child;
    };
    let api = await startRole('api');
    await startRole('worker');
    note(`API on ${base} (pid ${api.pid}), worker started`);

    // Set-up: one user and one project per client, a first version per project (stored bytes for downloads).
    const users: SoakUser[] = [];
    const ledger = new WriteLedger();
    for (let i = 0; i < CLIENTS; i++) {
      const user = await insertUserWithTokens(database.db, { username: `soak${i}` });
      const project = await insertProject(database.db, { ownerId: user.id, slug: `soak-${i}`, title: `Soak ${['Lantern', 'Stone', 'River', 'Forge'][i % 4]} ${i}` });
      const [row] = await database.sql<Array<{ summary: string }>>`select summary from projects where id = ${project.id}`;
      ledger.startProject(project.id, row!.summary);
      users.push({ id: user.id, pat: user.pat, projectId: project.id });
    }
    const hashes: string[] = [];
    for (const user of users.slice(0, Math.min(20, users.length))) {
      const response = await fetch(`${base}/v2/version`, { method: 'POST', headers: { authorization: user.pat }, body: versionForm(user.projectId, '0.1.0', soakJar()) });
      const body = (await response.json()) as { id?: string; files?: Array<{ hashes: { sha1: string } }> };
      if (!response.ok || !body.files?.[0]) throw new Error(`set-up upload failed: ${response.status} ${JSON.stringify(body)}`);
      hashes.push(body.files[0].hashes.sha1);
    }
    const catalogue: Catalogue = { users, projectIds: users.map((u) => u.projectId), hashes };
    note(`seeded ${users.length} users and projects, ${hashes.length} versions`);

    const stats = new SoakStats();
    const uploadsInFlight = { count: 0 };
    const loadStart = Date.now();
    const deadline = loadStart + SECONDS * 1000;
    const until = () => Date.now() >= deadline;
    const clients = users.map((user) => runClient({ base, user, catalogue, ledger, stats, until, uploadsInFlight }));

    const at = (fraction: number) => new Promise((r) => setTimeout(r, Math.max(0, loadStart + (deadline - loadStart) * fraction - Date.now())));
    const apiAnswers = async () => {
      try {
        return (await fetch(`${base}/v2/user/soak0`, { signal: AbortSignal.timeout(2000) })).status === 200;
      } catch {
        return false;
      }
    };
    const measureBack = async (what: string, pidBefore: number | undefined, current: () => number | undefined) => {
      await waitUntil(() => current() !== undefined && current() !== pidBefore, 120_000, 50);
      const back = Date.now();
      await waitUntil(apiAnswers, 60_000, 50);
      note(`${what}: server back (pid ${current()}); API answered again ${Date.now() - back} ms later`);
    };

    const faults = (async () => {
      await at(0.2);
      const meiliPid = meili.pid();
      note(`fault: SIGKILL Meilisearch (pid ${meiliPid})`);
      process.kill(meiliPid!, 'SIGKILL');
      await waitUntil(() => meili.pid() !== undefined && meili.pid() !== meiliPid, 120_000, 50);
      note(`Meilisearch back (pid ${meili.pid()})`);

      await at(0.4);
      let pgPid = pg.pid();
      note(`fault: SIGKILL PostgreSQL (pid ${pgPid})`);
      process.kill(pgPid!, 'SIGKILL');
      await measureBack('after SIGKILL', pgPid, pg.pid);

      await at(0.6);
      pgPid = pg.pid();
      note(`fault: clean PostgreSQL stop behind the launcher's back (SIGINT to pid ${pgPid})`);
      process.kill(pgPid!, 'SIGINT');
      await measureBack('after the clean stop', pgPid, pg.pid);

      await at(0.8);
      await waitUntil(() => uploadsInFlight.count > 0, 30_000, 5);
      note(`fault: SIGKILL the API (pid ${api.pid}) with ${uploadsInFlight.count} uploads in flight`);
      api.kill('SIGKILL');
      await waitUntil(() => !isAlive(api.pid!), 10_000);
      api = await startRole('api');
      note(`API restarted (pid ${api.pid})`);
    })();

    await Promise.all(clients);
    await faults;
    note('load finished');

    // The search index catches up by itself: the outbox drains once Meilisearch is back.
    const drained = await waitUntil(async () => (await database.sql`select 1 from search_outbox limit 1`).length === 0, 120_000, 500);
    note(`search outbox ${drained ? 'drained' : 'NOT drained after 120 s'}`);

    // Sweepers, with no grace: nothing is in flight any more.
    const unfinished = await files.sweepUnfinished(0);
    const orphans = await sweepOrphanBlobs(database.db, files, 0);
    note(`sweepers removed ${unfinished} unfinished upload(s) and ${orphans} orphan blob(s)`);

    const stored = await readStoredState(database.sql, files, await listReferencedBlobKeys(database.db));
    const result = reconcile(ledger, stored);
    const { p50, p95, p99 } = stats.percentiles();
    const lines = [
      '',
      `Soak report: ${CLIENTS} clients, ${SECONDS} s, ${stats.requests} requests (${(stats.requests / SECONDS).toFixed(0)}/s)`,
      `  latency ms: p50 ${p50.toFixed(1)}, p95 ${p95.toFixed(1)}, p99 ${p99.toFixed(1)}`,
      `  by operation: ${[...stats.byOperation].map(([k, v]) => `${k} ${v}`).join(', ')}`,
      `  errors by kind: ${stats.errors.size ? [...stats.errors].sort((a, b) => b[1] - a[1]).map(([k, v]) => `${k} × ${v}`).join(', ') : 'none'}`,
      `  acknowledged writes: follows ${ledger.acknowledged.follows}, edits ${ledger.acknowledged.edits}, uploads ${ledger.acknowledged.uploads}; unanswered: follows ${ledger.uncertain.follows}, edits ${ledger.uncertain.edits}, uploads ${ledger.uncertain.uploads}`,
      `  server log lines (dropped connections etc.): ${serverLines}`,
      `  restarts by the supervisor: PostgreSQL ${pg.restarts()}, Meilisearch ${meili.restarts()}`,
      `  reconciliation: lost follows ${result.lostFollows.length}, lost edits ${result.lostEdits.length}, lost uploads ${result.lostUploads.length}, follower counter mismatches ${result.counterMismatches.length}, rows without blob ${result.rowsWithoutBlob.length}, orphan blobs ${result.orphanBlobs.length}`,
      `  result: ${isClean(result) && drained ? 'PASS (0 lost acknowledged writes, no orphans)' : `FAIL ${JSON.stringify(result).slice(0, 2000)}`}`,
      '  timeline:',
      ...events.map((e) => `    ${e}`),
      '',
    ];
    console.log(lines.join('\n'));
    process.exitCode = isClean(result) && drained ? 0 : 1;
    await database.close();
  } finally {
    stopping = true;
    for (const child of processes) if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await Promise.all(processes.map((child) => waitUntil(() => child.exitCode !== null || child.signalCode !== null, 15_000)));
    await services.stop();
    if (!KEEP_DATA) await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
