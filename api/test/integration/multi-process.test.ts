import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { workspaceRoot } from '../../src/config.js';
import { createDatabase, type DatabaseClient } from '../../src/db/client.js';
import { databaseUrlFor, dropDatabase, recreateDatabase } from '../database-admin.js';
import { insertProject, insertVersion, type InsertedProject } from '../factories/catalogue.js';
import { insertUserWithTokens, type TestUser } from '../factories/users.js';
import { startTestSandbox, type TestSandbox } from '../billing/sandbox-harness.js';
import { httpTestClient } from '../helpers/client.js';
import { eventually } from '../helpers/eventually.js';

// Two API processes and one worker process, started as operators would (`src/main.ts` with
// SERVE_API / RUN_WORKER), on one database, one search server and one file folder.

const suffix = randomBytes(4).toString('hex');
const databaseName = `cairn_mp_${suffix}`;
const adminUrl = databaseUrlFor(inject('databaseUrl'), 'postgres');
const databaseUrl = databaseUrlFor(inject('databaseUrl'), databaseName);
const dataDir = join(workspaceRoot(), '.data', 'test-files', `mp-${suffix}`);
const processes: ChildProcess[] = [];
let database: DatabaseClient;
let apiA: string;
let apiB: string;
let creator: TestUser;
let moderator: TestUser;
let quotaUser: TestUser;
let project: InsertedProject;
let sandbox: TestSandbox;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  await new Promise((done) => server.close(done));
  return port;
}

/** Starts `src/main.ts` with these roles; resolves once it printed that it runs. */
async function startProcess(roles: { api: boolean; worker: boolean }): Promise<string> {
  const port = await freePort();
  const child = spawn(join(workspaceRoot(), 'api', 'node_modules', '.bin', 'tsx'), ['--conditions=source', 'src/main.ts'], {
    cwd: join(workspaceRoot(), 'api'),
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      API_PORT: String(port),
      DATABASE_URL: databaseUrl,
      MEILISEARCH_URL: inject('searchUrl'),
      MEILISEARCH_KEY: inject('searchKey'),
      MEILISEARCH_INDEX_PREFIX: `mp${suffix}_`,
      CAIRN_DATA_DIR: dataDir,
      FILE_URL_SECRET: 'multi-process-test-secret-0123456789',
      SERVE_API: String(roles.api),
      RUN_WORKER: String(roles.worker),
      SERVE_WEB: 'false',
      // Scaled-out processes share external services; each would otherwise start its own local
      // payment sandbox and node agent on the shared data folder, which the second one refuses.
      NODE_AGENT_EMBEDDED: 'false',
      SANDBOX_URL: sandbox.url,
      SANDBOX_SECRET_KEY: sandbox.secretKey,
      SANDBOX_WEBHOOK_SECRET: sandbox.webhookSecret,
      SEED_DEMO: 'false',
      DEMO_ACCOUNTS: 'false',
      RATE_LIMIT_STORE: 'database',
      RATE_LIMIT_AUTHENTICATED_PER_MINUTE: '40',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  processes.push(child);
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`process did not start in time:\n${output}`)), 90_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Cairn is running.')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.once('exit', (code) => reject(new Error(`process exited with ${code}:\n${output}`)));
  });
  return `http://127.0.0.1:${port}`;
}

const onA = httpTestClient(() => apiA);
const onB = httpTestClient(() => apiB);

beforeAll(async () => {
  sandbox = await startTestSandbox();
  await recreateDatabase(adminUrl, databaseName, inject('templateDatabase'));
  database = createDatabase(databaseUrl, { poolSize: 2 });
  creator = await insertUserWithTokens(database.db, { username: 'ProcessCreator' });
  moderator = await insertUserWithTokens(database.db, { username: 'ProcessModerator', role: 'moderator' });
  quotaUser = await insertUserWithTokens(database.db, { username: 'QuotaUser' });
  project = await insertProject(database.db, { ownerId: creator.id, slug: 'shared-lantern', title: 'Shared Lantern', status: 'processing' });
  await insertVersion(database.db, { projectId: project.id, authorId: creator.id });
  [apiA, apiB] = await Promise.all([startProcess({ api: true, worker: false }), startProcess({ api: true, worker: false })]);
  await startProcess({ api: false, worker: true });
}, 200_000);

afterAll(async () => {
  await Promise.all(
    processes.map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null) return resolve();
          const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
          child.once('exit', () => (clearTimeout(force), resolve()));
          child.kill('SIGTERM');
        }),
    ),
  );
  await database?.close();
  await sandbox?.app.close();
  await dropDatabase(adminUrl, databaseName);
  await rm(dataDir, { recursive: true, force: true });
}, 60_000);

describe('several processes on one database', () => {
  it('share one rate-limit quota per user', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) {
      const [a, b] = await Promise.all([onA('GET', '/v2/user', quotaUser.pat), onB('GET', '/v2/user', quotaUser.pat)]);
      statuses.push(a.status, b.status);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(40);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20);
  });

  it('refuse a session on one API as soon as it was ended through the other', async () => {
    expect((await onB('GET', '/v2/user', creator.session)).status).toBe(200);
    expect((await onA('DELETE', '/v2/session', creator.session)).status).toBe(204);
    expect((await onB('GET', '/v2/user', creator.session)).status).toBe(401);
  });

  it("evict one API's cached project when the other edits it", async () => {
    const title = async () => ((await (await onB('GET', '/v2/project/shared-lantern', creator.pat)).json()) as { title: string }).title;
    expect(await title()).toBe('Shared Lantern');
    expect(await title()).toBe('Shared Lantern');
    const patched = await onA('PATCH', '/v2/project/shared-lantern', creator.pat, { title: 'Lantern Everywhere' });
    expect(patched.status).toBe(204);
    expect(await eventually(async () => ((t) => (t === 'Lantern Everywhere' ? t : undefined))(await title()), 5_000, 'the new title on the other API', 100)).toBe('Lantern Everywhere');
  });

  it('index through the worker process what an API process approved', async () => {
    const approved = await onA('PATCH', '/v2/project/shared-lantern', moderator.pat, { status: 'approved' });
    expect(approved.status).toBe(204);
    const hits = async () => ((await (await onB('GET', '/v2/search?query=Lantern%20Everywhere')).json()) as { hits: Array<{ slug: string }> }).hits;
    const found = await eventually(async () => ((list) => (list.some((h) => h.slug === 'shared-lantern') ? list : undefined))(await hits()), 20_000, 'the approved project in search', 100);
    expect(found.map((h) => h.slug)).toContain('shared-lantern');
  });
});
