import { randomBytes } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ProductSchema } from '@cairn/shared/schemas/billing';
import { ErrorBodySchema } from '@cairn/shared/schemas/common';
import { ServerAutobackupSchema, ServerBackupListSchema, ServerBackupSchema, ServerListSchema, ServerSchema, type ServerBackup } from '@cairn/shared/schemas/servers';
import { createTestContext, type TestContext } from '../harness.js';
import { insertUserWithTokens, type TestUser } from '../factories/users.js';
import { saveSandboxCard } from '../billing/sandbox-harness.js';
import { serverAutobackups } from '../../src/db/schema/servers.js';
import { signDownloadLink } from '../../src/modules/servers/download-links.js';
import { testClient, type Method } from '../helpers/client.js';
import { AGENT_TOKEN, callAgent, eventually, freePort, startTestAgent, type TestAgent } from '../helpers/node-agent-process.js';

/**
 * Backup downloads, cancel, retry and automatic backups against a real node agent process running
 * a real flying-squid server, bought through billing with a sandbox card.
 */
let ctx: TestContext;
let agent: TestAgent;
let owner: TestUser;
let serverId: string;
let base: string;

const call = testClient(() => ctx.app);
/** Every request of this file is the server owner's. */
const asOwner = (method: Method, url: string, payload?: object) => call(method, url, owner.session, payload);
const serverFolder = () => path.join(agent.dataDir, 'servers', serverId);

const listBackups = async () => {
  const response = await asOwner('GET', base);
  expect(response.statusCode, response.body).toBe(200);
  return ServerBackupListSchema.strict().parse(response.json()).backups;
};
const getBackup = async (id: string) => {
  const response = await asOwner('GET', `${base}/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return ServerBackupSchema.strict().parse(response.json());
};
const untilBackup = (id: string, predicate: (b: ServerBackup) => boolean, what: string) =>
  eventually(async () => {
    const backup = await getBackup(id);
    return predicate(backup) ? backup : undefined;
  }, 90_000, what);
const createBackup = async (name: string) => {
  const response = await asOwner('POST', base, { name });
  expect(response.statusCode, response.body).toBe(202);
  return ServerBackupSchema.strict().parse(response.json());
};
const createReady = async (name: string) => {
  const created = await createBackup(name);
  return untilBackup(created.id, (b) => b.state === 'ready', `backup ${name} ready`);
};

/** File names in a tar archive (ustar headers: name at 0..100, prefix at 345..500, size in octal at 124). */
function tarNames(archive: Buffer): string[] {
  const names: string[] = [];
  for (let offset = 0; offset + 512 <= archive.length; ) {
    const header = archive.subarray(offset, offset + 512);
    if (header.every((byte) => byte === 0)) break;
    const text = (from: number, to: number) => header.subarray(from, to).toString('utf8').replace(/\0.*$/s, '');
    const prefix = text(345, 500);
    names.push(prefix ? `${prefix}/${text(0, 100)}` : text(0, 100));
    const size = parseInt(text(124, 136).trim() || '0', 8);
    offset += 512 + Math.ceil(size / 512) * 512;
  }
  return names;
}

beforeAll(async () => {
  agent = await startTestAgent();
  const first = await freePort();
  ctx = await createTestContext({ jobs: true, env: { NODE_AGENT_URL: agent.url, NODE_AGENT_TOKEN: AGENT_TOKEN, SERVERS_PORT_RANGE: `${first}-${first + 2}` } });
  owner = await insertUserWithTokens(ctx.database.db);
  const products = z.array(ProductSchema.strict()).parse((await call('GET', '/v2/billing/products')).json());
  const small = products.find((p) => p.metadata.type === 'pyro' && p.metadata.name === 'Small')!;
  const payment_method = await saveSandboxCard(ctx.app, owner.session);
  const paid = await asOwner('POST', '/v2/billing/payment', { payment_method_id: payment_method, charge: { type: 'new', product_id: small.id, server: { name: 'Backup World' } } });
  expect(paid.statusCode, paid.body).toBe(200);
  serverId = ServerListSchema.strict().parse((await asOwner('GET', '/v2/servers')).json()).servers[0]!.id;
  base = `/v2/servers/${serverId}/backups`;
  await eventually(async () => {
    const server = ServerSchema.strict().parse((await asOwner('GET', `/v2/servers/${serverId}`)).json());
    return server.status === 'available' && server.state === 'running' ? true : undefined;
  }, 120_000, 'server running');
}, 180_000);
afterAll(async () => {
  await ctx?.close();
  await agent?.close();
});

describe('backup downloads', () => {
  it('prepares an archive once at a time and serves it through a signed, expiring link', async () => {
    // Large enough (incompressible) that preparing its download takes a while.
    await writeFile(path.join(serverFolder(), 'big.bin'), randomBytes(64 * 1024 * 1024));
    const backup = await createReady('Download me');
    expect(backup).toMatchObject({ progress: null, download_url: null, download_expires: null, automated: false });

    const first = await asOwner('POST', `${base}/${backup.id}/prepare-download`);
    expect(first.statusCode, first.body).toBe(202);
    expect(ServerBackupSchema.strict().parse(first.json())).toMatchObject({ state: 'preparing_download', progress: 0 });
    const again = await asOwner('POST', `${base}/${backup.id}/prepare-download`);
    expect(again.statusCode).toBe(409);
    expect(ErrorBodySchema.parse(again.json()).description).toBe('Failed to prepare download: a backup cannot be prepared twice at once');

    const ready = await untilBackup(backup.id, (x) => x.download_url !== null, 'download prepared');
    expect(ready.state).toBe('ready');
    expect(new Date(ready.download_expires!).getTime()).toBeGreaterThan(Date.now());
    const download = await fetch(ready.download_url!);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toBe('attachment; filename="Download-me.tar.gz"');
    const names = tarNames(gunzipSync(Buffer.from(await download.arrayBuffer())));
    expect(names.some((name) => name.endsWith('level.dat'))).toBe(true);
    expect(names.some((name) => name.endsWith('server.properties'))).toBe(true);
    expect(names.some((name) => name.endsWith('big.bin'))).toBe(true);

    const forged = new URL(ready.download_url!);
    forged.searchParams.set('expires', String(Number(forged.searchParams.get('expires')) + 3600));
    const expired = signDownloadLink({ publicUrl: agent.url, token: AGENT_TOKEN }, serverId, backup.id, new Date(Date.now() - 1000));
    const otherKey = signDownloadLink({ publicUrl: agent.url, token: 'another-node-token-0123456789abcdef' }, serverId, backup.id, new Date(Date.now() + 60_000));
    for (const link of [forged.toString(), expired, otherKey]) {
      const response = await fetch(link);
      expect(response.status).toBe(403);
      expect(ErrorBodySchema.parse(await response.json()).description).toMatch(/^signature: /);
    }
  }, 180_000);
});

describe('cancel', () => {
  it('drops a backup cancelled while it is created and keeps one whose download preparation is cancelled', async () => {
    const before = (await listBackups()).length;
    const created = await createBackup('Cancelled');
    expect(['queued', 'creating']).toContain(created.state);
    const cancelled = await asOwner('POST', `${base}/${created.id}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(204);
    expect((await listBackups()).map((b) => b.id)).not.toContain(created.id);
    expect((await listBackups()).length).toBe(before);
    expect((await asOwner('GET', `${base}/${created.id}`)).statusCode).toBe(404);

    const big = await createReady('Big');
    expect(big.size).toBeGreaterThan(60 * 1024 * 1024);
    expect((await asOwner('POST', `${base}/${big.id}/cancel`)).statusCode).toBe(409);
    expect((await asOwner('POST', `${base}/${big.id}/prepare-download`)).statusCode).toBe(202);
    expect((await asOwner('POST', `${base}/${big.id}/cancel`)).statusCode).toBe(204);
    expect(await getBackup(big.id)).toMatchObject({ state: 'ready', download_url: null, error: null, progress: null });
    await rm(path.join(serverFolder(), 'big.bin'));
  }, 240_000);
});

describe('failure and retry', () => {
  it('stores the reason of a failed backup with the spec wording and succeeds on retry', async () => {
    const { limits } = (await (await callAgent(agent, 'GET', `/api/servers/${serverId}`)).json()) as { limits: { storage_mib: number } };
    expect((await callAgent(agent, 'PATCH', `/api/servers/${serverId}`, { limits: { ...limits, storage_mib: 16 } })).status).toBe(200);
    await writeFile(path.join(serverFolder(), 'filler.bin'), randomBytes(20 * 1024 * 1024));

    const created = await createBackup('Quota');
    const failed = await untilBackup(created.id, (b) => b.state === 'failed', 'backup failed');
    expect(failed.error).toBe('Failed to create backup: the storage quota is full');
    expect((await asOwner('POST', `${base}/${created.id}/prepare-download`)).statusCode).toBe(409);

    await rm(path.join(serverFolder(), 'filler.bin'));
    expect((await callAgent(agent, 'PATCH', `/api/servers/${serverId}`, { limits })).status).toBe(200);
    const retried = await asOwner('POST', `${base}/${created.id}/retry`);
    expect(retried.statusCode, retried.body).toBe(202);
    expect(ServerBackupSchema.strict().parse(retried.json())).toMatchObject({ id: created.id, state: 'queued', error: null });
    const ready = await untilBackup(created.id, (b) => b.state === 'ready', 'retried backup ready');
    expect(ready).toMatchObject({ name: 'Quota', error: null });
    expect((await asOwner('POST', `${base}/${created.id}/retry`)).statusCode).toBe(409);
  }, 180_000);
});

describe('automatic backups', () => {
  const autobackupUrl = () => `/v2/servers/${serverId}/autobackup`;
  const readSchedule = async () => ServerAutobackupSchema.strict().parse((await asOwner('GET', autobackupUrl())).json());
  const automated = async () => (await listBackups()).filter((b) => b.automated);
  /** Makes the schedule due (its last run an interval ago) and queues the job for this server. */
  const runDue = async () => {
    await ctx.database.db.update(serverAutobackups).set({ lastRun: new Date(Date.now() - 4 * 3_600_000) }).where(eq(serverAutobackups.serverId, serverId));
    await ctx.jobs!.send('servers.autobackup', { serverId });
  };
  /** On a timeout, says what the backups and the schedule looked like last. */
  const untilAutomated = async (predicate: (list: ServerBackup[]) => boolean, what: string) => {
    let seen: ServerBackup[] = [];
    try {
      return await eventually(async () => {
        seen = await automated();
        return predicate(seen) && seen.every((b) => b.state === 'ready') ? seen : undefined;
      }, 120_000, what);
    } catch (error) {
      const states = seen.map((b) => ({ name: b.name, state: b.state, error: b.error }));
      throw new Error(`${(error as Error).message}; automated backups: ${JSON.stringify(states)}; schedule: ${JSON.stringify(await readSchedule())}`);
    }
  };

  it('makes automated backups on schedule and rotates the oldest unlocked one, never a locked one', async () => {
    expect(await readSchedule()).toEqual({ enabled: false, interval_hours: 6, last_run: null, next_run: null, last_skipped: null });
    expect((await asOwner('PUT', autobackupUrl(), { enabled: true, interval_hours: 5 })).statusCode).toBe(400);
    const saved = await asOwner('PUT', autobackupUrl(), { enabled: true, interval_hours: 3 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(ServerAutobackupSchema.strict().parse(saved.json())).toMatchObject({ enabled: true, interval_hours: 3, last_run: null });

    // Three manual backups exist (Download me, Big, Quota); the plan keeps four.
    expect((await listBackups()).length).toBe(3);
    await ctx.jobs!.send('servers.autobackup', { serverId });
    const [first] = await untilAutomated((list) => list.length === 1, 'first automated backup');
    expect(first!.name).toMatch(/^Automated backup /);
    const schedule = await readSchedule();
    expect(schedule.last_run).not.toBeNull();
    expect(new Date(schedule.next_run!).getTime() - new Date(schedule.last_run!).getTime()).toBe(3 * 3_600_000);

    // Full: the oldest unlocked automated backup makes room.
    await runDue();
    const [second] = await untilAutomated((list) => list.length === 1 && list[0]!.id !== first!.id, 'rotated automated backup');
    expect((await listBackups()).length).toBe(4);

    // A locked automated backup stays even though it is the oldest automated one.
    expect((await asOwner('PATCH', `${base}/${second!.id}`, { locked: true })).statusCode).toBe(200);
    const quota = (await listBackups()).find((b) => b.name === 'Quota')!;
    expect((await asOwner('DELETE', `${base}/${quota.id}`)).statusCode).toBe(204);
    await runDue();
    const [, third] = await untilAutomated((list) => list.length === 2, 'a second automated backup in the freed slot');
    await runDue();
    const rotated = await untilAutomated((list) => list.length === 2 && !list.some((b) => b.id === third!.id), 'unlocked one rotated');
    expect(rotated.map((b) => b.id)).toContain(second!.id);

    // Every slot locked or manual: skipped, with the reason.
    const fourth = rotated.find((b) => b.id !== second!.id)!;
    expect((await asOwner('PATCH', `${base}/${fourth.id}`, { locked: true })).statusCode).toBe(200);
    await runDue();
    const skipped = await eventually(async () => {
      const s = await readSchedule();
      return s.last_skipped ? s : undefined;
    }, 60_000, 'skipped run');
    expect(skipped.last_skipped).toBe('All 4 of your backup slots are in use by locked or manual backups');
    expect((await automated()).map((b) => b.id).sort()).toEqual([second!.id, fourth.id].sort());
  }, 400_000);
});
