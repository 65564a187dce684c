import { spawn } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import postgres from 'postgres';
import { Meilisearch } from 'meilisearch';
import { workspaceRoot } from '../../src/config.js';
import { CLUSTER_POINTER_FILE, startEmbeddedPostgres, DataDirInUseError } from '../../src/embedded/postgres.js';
import { startEmbeddedMeilisearch } from '../../src/embedded/meilisearch.js';
import { startEmbeddedSandbox } from '../../src/embedded/sandbox.js';
import { isAlive, silentLogger, terminatePid, waitUntil } from '../../src/embedded/process-utils.js';
import { chownForPostgres } from '../embedded-helpers.js';

// A private data folder (under the git-ignored .data) so these servers are separate from the suite's.
await mkdir(join(workspaceRoot(), '.data'), { recursive: true });
const base = await mkdtemp(join(workspaceRoot(), '.data', 'embedded-test-'));
await chownForPostgres(base);
afterAll(() => rm(base, { recursive: true, force: true }));

describe('embedded PostgreSQL', () => {
  const dir = join(base, 'postgres');

  it('keeps data across stop and start, and survives a stale postmaster.pid', async () => {
    const first = await startEmbeddedPostgres({ dir, log: silentLogger });
    let sql = postgres(first.url, { max: 1, onnotice: () => {} });
    await sql`create table kept (value text)`;
    await sql`insert into kept values ('survives restarts')`;
    await sql.end();
    await first.stop();

    // An unclean shutdown leaves postmaster.pid behind, naming a process that no longer exists.
    await writeFile(join(dir, 'data', 'postmaster.pid'), '999999\n/nowhere\n1\n5432\n');

    const second = await startEmbeddedPostgres({ dir, log: silentLogger });
    sql = postgres(second.url, { max: 1, onnotice: () => {} });
    const rows = await sql`select value from kept`;
    await sql.end();
    expect(rows.map((r) => r.value)).toEqual(['survives restarts']);
    await second.stop();
   }, 120_000);

  it('refuses a data folder owned by another live process, and lets the CLI share it', async () => {
    const running = await startEmbeddedPostgres({ dir, log: silentLogger });
    const record = join(dir, 'server.json');
    // Pretend the server belongs to another live Node process.
    const other = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    const original = JSON.parse(await readFile(record, 'utf8'));
    await writeFile(record, JSON.stringify({ ...original, ownerPid: other.pid }));
    await expect(startEmbeddedPostgres({ dir, log: silentLogger })).rejects.toBeInstanceOf(DataDirInUseError);
    const shared = await startEmbeddedPostgres({ dir, log: silentLogger, shareRunning: true });
    expect(shared.owned).toBe(false);
    expect(shared.port).toBe(running.port);
    other.kill();
    await writeFile(record, JSON.stringify(original));
    const pid = original.postgresPid as number;
    await running.stop();
    expect(isAlive(pid)).toBe(false);
  });
});

describe('embedded PostgreSQL in a folder its user cannot reach', () => {
  // Only root runs PostgreSQL as another user; as a normal user the folder is always reachable.
  it.runIf(process.getuid?.() === 0)('keeps the cluster in a postgres-owned folder named after the data folder, on every start', async () => {
    const locked = join(base, 'home-700');
    await mkdir(locked, { mode: 0o700 });
    await chmod(locked, 0o700);
    const dir = join(locked, 'cairn', '.data', 'postgres');
    const fallbackRoot = join(base, 'fallback');
    const messages: string[] = [];
    const log = { ...silentLogger, info: (message: string) => messages.push(message) };

    const first = await startEmbeddedPostgres({ dir, log, fallbackRoot });
    let sql = postgres(first.url, { max: 1, onnotice: () => {} });
    await sql`create table kept (value text)`;
    await sql`insert into kept values ('outside the locked folder')`;
    await sql.end();
    await first.stop();

    const location = (await readFile(join(dir, CLUSTER_POINTER_FILE), 'utf8')).trim();
    expect(location.startsWith(fallbackRoot)).toBe(true);
    expect((await stat(join(location, 'data', 'PG_VERSION'))).isFile()).toBe(true);
    expect(messages.some((m) => m.includes(location))).toBe(true);

    const second = await startEmbeddedPostgres({ dir, log, fallbackRoot });
    sql = postgres(second.url, { max: 1, onnotice: () => {} });
    expect((await sql`select value from kept`).map((r) => r.value)).toEqual(['outside the locked folder']);
    await sql.end();
    await second.stop();
  }, 120_000);
});

describe('embedded Meilisearch', () => {
  it('keeps its key and indexes across restarts', async () => {
    const dir = join(base, 'meilisearch');
    const first = await startEmbeddedMeilisearch({ dir, log: silentLogger });
    const client = new Meilisearch({ host: first.url, apiKey: first.key });
    await client.index('kept').addDocuments([{ id: 1, title: 'survives restarts' }]).waitTask();
    await first.stop();

    const second = await startEmbeddedMeilisearch({ dir, log: silentLogger });
    expect(second.key).toBe(first.key);
    const again = new Meilisearch({ host: second.url, apiKey: second.key });
    const result = await again.index('kept').search('restarts');
    expect(result.hits.map((h) => h.title)).toEqual(['survives restarts']);
    await expect(new Meilisearch({ host: second.url, apiKey: 'wrong-key-wrong-key' }).getIndexes()).rejects.toThrow();
    await second.stop();
  });
});

describe('embedded payments sandbox', () => {
  const dir = join(base, 'sandbox');
  const sandboxOptions = { dir, log: silentLogger, webhookUrl: 'http://127.0.0.1:9/none', payoutWebhookUrl: 'http://127.0.0.1:9/none', allowedOrigins: [] };

  /** Pids of the sandbox processes keeping their state in `dir` (Linux /proc). */
  async function sandboxesOf(folder: string): Promise<number[]> {
    const pids: number[] = [];
    for (const name of await readdir('/proc')) {
      if (!/^\d+$/.test(name)) continue;
      try {
        const environ = (await readFile(`/proc/${name}/environ`, 'utf8')).split('\0');
        if (environ.includes(`SANDBOX_DATA_DIR=${folder}`)) pids.push(Number(name));
      } catch {
        /* gone, or not ours */
      }
    }
    return pids;
  }

  it.runIf(process.platform === 'linux')('stops the sandbox a killed parent left running, so one sandbox runs on its state', async () => {
    // A parent that starts the sandbox, says its pid, then is killed -9 (no cleanup runs).
    const script = join(base, 'start-sandbox.ts');
    const module = pathToFileURL(join(workspaceRoot(), 'api', 'src', 'embedded', 'sandbox.ts')).href;
    await writeFile(
      script,
      `import { startEmbeddedSandbox } from ${JSON.stringify(module)};\n` +
        `const log = { info: () => {}, warn: () => {}, error: () => {} };\n` +
        `const sandbox = await startEmbeddedSandbox({ ...${JSON.stringify(sandboxOptions)}, log });\n` +
        `console.log('sandbox ' + sandbox.pid());\nsetInterval(() => {}, 1000);\n`,
    );
    // Node itself, not the tsx command (a wrapper whose own child would outlive the kill).
    const parent = spawn(process.execPath, ['--import', 'tsx', script], { cwd: join(workspaceRoot(), 'api'), stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    parent.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    parent.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    expect(await waitUntil(() => /sandbox \d+/.test(output) || parent.exitCode !== null, 60_000, 100), output).toBe(true);
    const orphan = Number(/sandbox (\d+)/.exec(output)?.[1]);
    expect(orphan, output).toBeGreaterThan(0);
    parent.kill('SIGKILL');
    expect(await waitUntil(() => parent.exitCode !== null || parent.signalCode !== null, 10_000)).toBe(true);
    expect(isAlive(orphan)).toBe(true);

    const messages: string[] = [];
    const sandbox = await startEmbeddedSandbox({ ...sandboxOptions, log: { ...silentLogger, warn: (message: string) => messages.push(message) } });
    try {
      expect(isAlive(orphan)).toBe(false);
      expect(await sandboxesOf(dir)).toEqual([sandbox.pid()]);
      expect(messages.some((m) => m.includes(`orphaned payments sandbox (pid ${orphan})`))).toBe(true);
      expect((await fetch(`${sandbox.url}/health`)).ok).toBe(true);
    } finally {
      await sandbox.stop();
      for (const pid of await sandboxesOf(dir)) await terminatePid(pid, 'SIGKILL', 5000);
    }
    expect(await sandboxesOf(dir)).toEqual([]);
  }, 120_000);
});
