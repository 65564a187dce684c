import { randomBytes, scryptSync } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import ssh2, { type ConnectConfig, type SFTPWrapper } from 'ssh2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AgentActivityListSchema, AgentNodeInfoSchema, AgentSftpUserRemovedSchema } from '@cairn/shared/schemas/node-agent';
import { fingerprintOf } from '../src/sftp/host-key.js';
import { call, startAgent, tempDir, waitFor, type AgentProcess } from './harness.js';

const { STATUS_CODE } = ssh2.utils.sftp;

/** The hash the API pushes (docs/api/node-agent.md, "SFTP"), with cheap parameters for the test. */
function hashPassword(password: string): string {
  const salt = randomBytes(16);
  const key = scryptSync(password, salt, 32, { N: 1024, r: 8, p: 1 });
  return `scrypt$1024$8$1$${salt.toString('base64')}$${key.toString('base64')}`;
}

interface Session {
  client: ssh2.Client;
  sftp: SFTPWrapper;
  /** Resolves when the server ends the connection. */
  closed: Promise<void>;
  /** The host key fingerprint the client was shown. */
  fingerprint: string;
}

function connect(port: number, login: Partial<ConnectConfig>): Promise<Session> {
  return new Promise((resolve, reject) => {
    const client = new ssh2.Client();
    let fingerprint = '';
    const closed = new Promise<void>((done) => client.once('close', () => done()));
    client.once('error', reject);
    // A server that ends the connection during the login (a blocked address) sends no error.
    void closed.then(() => reject(new Error('the connection closed before the login')));
    client.once('ready', () =>
      client.sftp((error, sftp) => (error ? reject(error) : resolve({ client, sftp, closed, fingerprint }))),
    );
    client.connect({
      host: '127.0.0.1',
      port,
      readyTimeout: 20_000,
      hostVerifier: (key: Buffer) => {
        fingerprint = fingerprintOf(key);
        return true;
      },
      ...login,
    });
  });
}

const sftpCall = <T>(run: (done: (error: Error | null | undefined, value?: T) => void) => void) =>
  new Promise<T>((resolve, reject) => run((error, value) => (error ? reject(error) : resolve(value as T))));

/** The SFTP status code a refused request came back with. */
async function refusal(promise: Promise<unknown>): Promise<number> {
  const error = await promise.then(
    () => undefined,
    (failed: unknown) => failed as { code?: number },
  );
  expect(error, 'the request should have been refused').toBeDefined();
  return error!.code ?? -1;
}

const ops = (sftp: SFTPWrapper) => ({
  list: (dir: string) => sftpCall<ssh2.FileEntryWithStats[]>((done) => sftp.readdir(dir, done)).then((entries) => entries.map((entry) => entry.filename).sort()),
  get: (file: string) => sftpCall<Buffer>((done) => sftp.readFile(file, done)),
  put: (file: string, data: Buffer | string) => sftpCall<void>((done) => sftp.writeFile(file, data, done)),
  rename: (from: string, to: string) => sftpCall<void>((done) => sftp.rename(from, to, done)),
  remove: (file: string) => sftpCall<void>((done) => sftp.unlink(file, done)),
  mkdir: (dir: string) => sftpCall<void>((done) => sftp.mkdir(dir, done)),
  rmdir: (dir: string) => sftpCall<void>((done) => sftp.rmdir(dir, done)),
  stat: (file: string) => sftpCall<ssh2.Stats>((done) => sftp.stat(file, done)),
  realpath: (file: string) => sftpCall<string>((done) => sftp.realpath(file, done)),
});

describe('SFTP on the node agent', () => {
  let agent: AgentProcess;
  let dataDir: string;
  let outside: string;
  let folder: string;
  let port: number;
  const alicePassword = 'correct horse battery staple 42';
  const bobKey = ssh2.utils.generateKeyPairSync('ed25519');

  beforeAll(async () => {
    dataDir = await tempDir('agent-sftp');
    outside = await tempDir('sftp-outside');
    await fs.writeFile(path.join(outside, 'secret.txt'), 'top secret');
    agent = await startAgent(dataDir);
    port = agent.sftpPort!;
    const created = await call(agent.url, 'POST', '/api/servers', {
      json: { id: 'srv1', runtime: 'flying-squid', game_version: '1.21.4', port: 30_411, limits: { memory_mib: 512, cpu_percent: 100, storage_mib: 16 } },
    });
    expect(created.status).toBe(201);
    await waitFor(async () => ((await call(agent.url, 'GET', '/api/servers/srv1')).body as { state: string }).state === 'stopped' || undefined, 60_000, 'install');
    folder = path.join(dataDir, 'servers', 'srv1');
    const alice = await call(agent.url, 'PUT', '/api/servers/srv1/sftp-users/Alice1', {
      json: { username: 'alice.srv1', password_hash: hashPassword(alicePassword), public_keys: [], permissions: { read: true, write: true } },
    });
    expect(alice.status).toBe(204);
    const bob = await call(agent.url, 'PUT', '/api/servers/srv1/sftp-users/Bob2', {
      json: { username: 'bob.srv1', password_hash: null, public_keys: [`${bobKey.public} bob@laptop`], permissions: { read: true, write: false } },
    });
    expect(bob.status).toBe(204);
  }, 120_000);

  afterAll(async () => {
    await agent?.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
    await fs.rm(outside, { recursive: true, force: true });
  });

  it('reports its port and a stable host key fingerprint, kept in a file only the agent reads', async () => {
    const info = AgentNodeInfoSchema.parse((await call(agent.url, 'GET', '/api/node')).body);
    expect(info.sftp?.port).toBe(port);
    expect(info.sftp?.host_key_fingerprint).toMatch(/^SHA256:[A-Za-z0-9+/]{43}$/);
    const session = await connect(port, { username: 'alice.srv1', password: alicePassword });
    expect(session.fingerprint).toBe(info.sftp?.host_key_fingerprint);
    session.client.end();
    expect((await fs.stat(path.join(dataDir, 'sftp-host-key'))).mode & 0o777).toBe(0o600);
  });

  it('lists, gets, puts, renames, deletes and makes folders as the server folder seen as /', async () => {
    const { client, sftp } = await connect(port, { username: 'alice.srv1', password: alicePassword });
    const files = ops(sftp);
    try {
      expect(await files.list('/')).toContain('server.properties');
      expect(await files.realpath('.')).toBe('/');
      await files.put('/hello.txt', 'hello over sftp');
      expect((await files.get('/hello.txt')).toString()).toBe('hello over sftp');
      expect(await fs.readFile(path.join(folder, 'hello.txt'), 'utf8')).toBe('hello over sftp');
      const owner = await fs.stat(folder);
      const written = await fs.stat(path.join(folder, 'hello.txt'));
      // Files made over SFTP belong to the server's user, as the folder does.
      expect([written.uid, written.gid]).toEqual([owner.uid, owner.gid]);
      await files.mkdir('/configs');
      await files.rename('/hello.txt', '/configs/moved.txt');
      expect(await files.list('/configs')).toEqual(['moved.txt']);
      expect(await refusal(files.get('/hello.txt'))).toBe(STATUS_CODE.NO_SUCH_FILE);
      expect(await refusal(files.rmdir('/configs'))).toBe(STATUS_CODE.FAILURE);
      await files.remove('/configs/moved.txt');
      await files.rmdir('/configs');
      expect(await files.list('/')).not.toContain('configs');
    } finally {
      client.end();
    }
    const { entries } = AgentActivityListSchema.parse((await call(agent.url, 'GET', '/api/servers/srv1/activity?after=0')).body);
    const actions = entries.filter((entry) => entry.user === 'Alice1').map((entry) => `${entry.action} ${entry.detail}`);
    expect(actions).toEqual(
      expect.arrayContaining(['sftp_login with a password', 'sftp_write /hello.txt', 'sftp_mkdir /configs', 'sftp_rename /hello.txt → /configs/moved.txt', 'sftp_delete /configs/moved.txt', 'sftp_delete /configs']),
    );
    // The sequence only grows.
    const seqs = entries.map((entry) => entry.seq);
    expect([...seqs].sort((a, b) => a - b)).toEqual(seqs);
  });

  it('never leaves the folder through .. or links, and offers no shell', async () => {
    await fs.symlink(outside, path.join(folder, 'outside'));
    await fs.symlink(path.join(outside, 'secret.txt'), path.join(folder, 'secret-link.txt'));
    const { client, sftp } = await connect(port, { username: 'alice.srv1', password: alicePassword });
    const files = ops(sftp);
    try {
      expect(await files.list('/../..')).toContain('server.properties');
      expect(await files.realpath('/../../..')).toBe('/');
      expect(await refusal(files.get('../../servers.json'))).toBe(STATUS_CODE.NO_SUCH_FILE);
      expect(await refusal(files.get('/../sftp-users.json'))).toBe(STATUS_CODE.NO_SUCH_FILE);
      await files.put('../../escaped.txt', 'x');
      expect(await files.list('/')).toContain('escaped.txt');
      await expect(fs.access(path.join(dataDir, 'escaped.txt'))).rejects.toThrow();

      expect(await refusal(files.get('/outside/secret.txt'))).toBe(STATUS_CODE.PERMISSION_DENIED);
      expect(await refusal(files.list('/outside'))).toBe(STATUS_CODE.PERMISSION_DENIED);
      expect(await refusal(files.put('/outside/planted.txt', 'x'))).toBe(STATUS_CODE.PERMISSION_DENIED);
      expect(await refusal(files.mkdir('/outside/made'))).toBe(STATUS_CODE.PERMISSION_DENIED);
      expect(await refusal(files.rename('/outside/secret.txt', '/stolen.txt'))).toBe(STATUS_CODE.PERMISSION_DENIED);
      expect(await refusal(files.get('/secret-link.txt'))).toBe(STATUS_CODE.PERMISSION_DENIED);
      expect(await refusal(files.put('/secret-link.txt', 'overwritten'))).toBe(STATUS_CODE.PERMISSION_DENIED);
      expect(await refusal(sftpCall((done) => sftp.symlink('/etc', '/etc-link', done)))).toBe(STATUS_CODE.OP_UNSUPPORTED);
      // The link itself is listed and may be removed; its target stays.
      expect(await files.list('/')).toContain('secret-link.txt');
      await files.remove('/secret-link.txt');
      expect(await fs.readFile(path.join(outside, 'secret.txt'), 'utf8')).toBe('top secret');
      expect(await fs.readdir(outside)).toEqual(['secret.txt']);
      await expect(new Promise((resolve, reject) => client.exec('id', (error, stream) => (error ? reject(error) : resolve(stream))))).rejects.toThrow();
      await expect(new Promise((resolve, reject) => client.shell((error, stream) => (error ? reject(error) : resolve(stream))))).rejects.toThrow();
    } finally {
      client.end();
      await fs.rm(path.join(folder, 'outside'), { force: true });
      await fs.rm(path.join(folder, 'escaped.txt'), { force: true });
    }
  });

  it('gives a read-only login (public key) reads and no changes', async () => {
    await fs.writeFile(path.join(folder, 'readme.txt'), 'read me');
    const { client, sftp } = await connect(port, { username: 'bob.srv1', privateKey: bobKey.private });
    const files = ops(sftp);
    try {
      expect((await files.get('/readme.txt')).toString()).toBe('read me');
      expect(await refusal(files.put('/readme.txt', 'changed'))).toBe(STATUS_CODE.PERMISSION_DENIED);
      expect(await refusal(files.put('/new.txt', 'new'))).toBe(STATUS_CODE.PERMISSION_DENIED);
      expect(await refusal(files.remove('/readme.txt'))).toBe(STATUS_CODE.PERMISSION_DENIED);
      expect(await refusal(files.rename('/readme.txt', '/renamed.txt'))).toBe(STATUS_CODE.PERMISSION_DENIED);
      expect(await refusal(files.mkdir('/made'))).toBe(STATUS_CODE.PERMISSION_DENIED);
      expect(await fs.readFile(path.join(folder, 'readme.txt'), 'utf8')).toBe('read me');
      expect(await files.list('/')).not.toContain('new.txt');
    } finally {
      client.end();
    }
    // Another key, or bob's name with a password, opens nothing.
    const stranger = ssh2.utils.generateKeyPairSync('ed25519');
    await expect(connect(port, { username: 'bob.srv1', privateKey: stranger.private })).rejects.toThrow(/authentication/i);
  });

  it('refuses a wrong password and an unknown user', async () => {
    await expect(connect(port, { username: 'alice.srv1', password: 'wrong password' })).rejects.toThrow(/authentication/i);
    await expect(connect(port, { username: 'nobody.srv1', password: alicePassword })).rejects.toThrow(/authentication/i);
  });

  it('keeps writes within the storage quota', async () => {
    const { client, sftp } = await connect(port, { username: 'alice.srv1', password: alicePassword });
    const files = ops(sftp);
    try {
      // A streamed upload stops where the quota (16 MiB; a filler takes most of it) ends.
      await fs.writeFile(path.join(folder, 'filler.bin'), Buffer.alloc(15 * 1024 * 1024));
      await files.put('/small.bin', Buffer.alloc(256 * 1024, 1));
      expect(await refusal(files.put('/big.bin', Buffer.alloc(2 * 1024 * 1024, 1)))).toBe(STATUS_CODE.FAILURE);
      expect((await fs.stat(path.join(folder, 'big.bin'))).size).toBeLessThan(1024 * 1024);
      await files.remove('/big.bin');
      await files.remove('/small.bin');
      await fs.rm(path.join(folder, 'filler.bin'));
      // A write far past the end (a sparse file's size would count against the quota) is refused too.
      const handle = await sftpCall<Buffer>((done) => sftp.open('/sparse.bin', 'w', done));
      expect(await refusal(sftpCall((done) => sftp.write(handle, Buffer.from('x'), 0, 1, 64 * 1024 * 1024, done)))).toBe(STATUS_CODE.FAILURE);
      await sftpCall((done) => sftp.write(handle, Buffer.from('fits'), 0, 4, 0, done));
      await sftpCall((done) => sftp.close(handle, done));
      expect(await fs.readFile(path.join(folder, 'sparse.bin'), 'utf8')).toBe('fits');
      await files.remove('/sparse.bin');
    } finally {
      client.end();
    }
  });

  it('keeps logins and the host key across restarts; removing a login ends its open session at once', async () => {
    const before = AgentNodeInfoSchema.parse((await call(agent.url, 'GET', '/api/node')).body).sftp?.host_key_fingerprint;
    await agent.stop();
    agent = await startAgent(dataDir);
    port = agent.sftpPort!;
    const session = await connect(port, { username: 'alice.srv1', password: alicePassword });
    expect(session.fingerprint).toBe(before);
    expect(await ops(session.sftp).list('/')).toContain('server.properties');
    const removed = await call(agent.url, 'DELETE', '/api/servers/srv1/sftp-users/Alice1');
    expect(AgentSftpUserRemovedSchema.parse(removed.body).closed_sessions).toBe(1);
    await session.closed;
    await expect(connect(port, { username: 'alice.srv1', password: alicePassword })).rejects.toThrow(/authentication/i);
  }, 120_000);

  it('refuses bad pushes with the field named', async () => {
    const bad = await call(agent.url, 'PUT', '/api/servers/srv1/sftp-users/Carol3', {
      json: { username: 'carol.srv1', password_hash: null, public_keys: ['ssh-ed25519 AAAAnotakey'], permissions: { read: true, write: true } },
    });
    expect(bad.status).toBe(400);
    expect((bad.body as { description: string }).description).toMatch(/^public_keys\.0: /);
    const weak = await call(agent.url, 'PUT', '/api/servers/srv1/sftp-users/Carol3', {
      json: { username: 'carol.srv1', password_hash: 'plain', public_keys: [], permissions: { read: true, write: true } },
    });
    expect((weak.body as { description: string }).description).toMatch(/^password_hash: /);
    const missing = await call(agent.url, 'PUT', '/api/servers/nope/sftp-users/Carol3', {
      json: { username: 'carol.nope', password_hash: null, public_keys: [], permissions: { read: true, write: true } },
    });
    expect(missing.status).toBe(404);
    const unauthorized = await call(agent.url, 'DELETE', '/api/servers/srv1/sftp-users/Bob2', { token: null });
    expect(unauthorized.status).toBe(401);
  });

  it('blocks an address after ten failed logins', async () => {
    await call(agent.url, 'PUT', '/api/servers/srv1/sftp-users/Alice1', {
      json: { username: 'alice.srv1', password_hash: hashPassword(alicePassword), public_keys: [], permissions: { read: true, write: true } },
    });
    for (let i = 0; i < 10; i += 1) await connect(port, { username: 'alice.srv1', password: `guess ${i}` }).then((s) => s.client.end(), () => undefined);
    await expect(connect(port, { username: 'alice.srv1', password: alicePassword })).rejects.toThrow();
  }, 60_000);
});
