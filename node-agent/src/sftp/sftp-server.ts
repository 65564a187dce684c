import type { AddressInfo } from 'node:net';
import ssh2, { type Connection } from 'ssh2';
import type { ActivityJournal } from '../access-journal.js';
import type { ServerManager } from '../server-manager.js';
import { loadHostKey } from './host-key.js';
import { serveSftp } from './sftp-files.js';
import type { SftpUserRecord, SftpUsers } from './sftp-users.js';

/** Failed logins one address may make per window before every attempt from it is refused. */
const FAILURES_PER_WINDOW = 10;
const FAILURE_WINDOW_MS = 5 * 60_000;
/** Addresses remembered at most (a flood of addresses cannot grow the table without bound). */
const MAX_TRACKED_ADDRESSES = 10_000;
/** A connection that has not logged in by then is closed. */
const LOGIN_TIMEOUT_MS = 60_000;
/** How long a measured free storage figure is trusted before the folder is measured again. */
const QUOTA_FRESH_MS = 2000;

/** Failed logins per source address in fixed windows. */
class LoginFailures {
  private readonly byAddress = new Map<string, { count: number; until: number }>();

  blocked(address: string, now = Date.now()): boolean {
    const entry = this.byAddress.get(address);
    return entry !== undefined && entry.until > now && entry.count >= FAILURES_PER_WINDOW;
  }

  fail(address: string, now = Date.now()): void {
    let entry = this.byAddress.get(address);
    if (!entry || entry.until <= now) {
      if (this.byAddress.size >= MAX_TRACKED_ADDRESSES) {
        for (const [key, value] of this.byAddress) if (value.until <= now) this.byAddress.delete(key);
        if (this.byAddress.size >= MAX_TRACKED_ADDRESSES) this.byAddress.delete(this.byAddress.keys().next().value!);
      }
      entry = { count: 0, until: now + FAILURE_WINDOW_MS };
      this.byAddress.set(address, entry);
    }
    entry.count += 1;
  }
}

/** What the node reports of its SFTP server (GET /api/node, `sftp`). */
export interface SftpInfo {
  port: number;
  host_key_fingerprint: string;
}

/**
 * The node's SFTP server (docs/api/node-agent.md, "SFTP"): SSH with password or public-key logins
 * the API pushed, only the `sftp` subsystem (no shell, exec, forwarding or agent), each login
 * confined to its server's folder seen as `/`.
 */
export class SftpServer {
  private server: ssh2.Server | undefined;
  private readonly connections = new Set<Connection>();
  private readonly failures = new LoginFailures();
  private readonly quota = new Map<string, { free: number; at: number }>();
  info: SftpInfo | null = null;

  constructor(
    private readonly dataDir: string,
    private readonly manager: ServerManager,
    private readonly users: SftpUsers,
    private readonly journal: ActivityJournal,
    private readonly log: { warn(message: string): void },
  ) {}

  /** Generates or loads the host key and listens; resolves with what the node reports. */
  async listen(host: string, port: number): Promise<SftpInfo> {
    const hostKey = await loadHostKey(this.dataDir);
    const server = new ssh2.Server({ hostKeys: [hostKey.privateKey], ident: 'Cairn-SFTP', keepaliveInterval: 30_000, keepaliveCountMax: 4 }, (client, info) =>
      this.accept(client, info.ip),
    );
    this.server = server;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
    server.on('error', (error: Error) => this.log.warn(`SFTP server error: ${error.message}`));
    this.info = { port: (server.address() as AddressInfo).port, host_key_fingerprint: hostKey.fingerprint };
    return this.info;
  }

  async close(): Promise<void> {
    for (const connection of this.connections) connection.end();
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Takes bytes from a server's free storage, measuring the folder again when the figure is old or short. */
  private async reserve(serverId: string, bytes: number): Promise<boolean> {
    const now = Date.now();
    let entry = this.quota.get(serverId);
    if (!entry || now - entry.at > QUOTA_FRESH_MS || entry.free < bytes) {
      const server = this.manager.get(serverId);
      entry = { free: this.manager.storageLimit(server) - (await this.manager.storageUsed(server)), at: now };
      this.quota.set(serverId, entry);
    }
    if (entry.free < bytes) return false;
    entry.free -= bytes;
    return true;
  }

  private accept(client: Connection, address: string): void {
    this.connections.add(client);
    let login: { record: SftpUserRecord; method: string } | undefined;
    const timer = setTimeout(() => {
      if (!login) client.end();
    }, LOGIN_TIMEOUT_MS);
    timer.unref();
    // Errors of one connection (a client resetting it mid-handshake) end only that connection.
    client.on('error', () => undefined);
    let forget: (() => void) | undefined;
    let closeHandles: Array<() => Promise<void>> = [];
    client.on('close', () => {
      clearTimeout(timer);
      this.connections.delete(client);
      forget?.();
      const closing = closeHandles;
      closeHandles = [];
      for (const close of closing) void close();
    });

    client.on('authentication', (ctx) => {
      const methods: Array<'password' | 'publickey'> = ['password', 'publickey'];
      if (this.failures.blocked(address)) {
        ctx.reject();
        client.end();
        return;
      }
      const { username } = ctx;
      const admit = (record: SftpUserRecord | undefined, method: string) => {
        // A login for a server this node no longer has opens nothing.
        if (record && this.manager.list().some((server) => server.record.id === record.serverId) && (record.permissions.read || record.permissions.write)) {
          login = { record, method };
          ctx.accept();
          return;
        }
        this.failures.fail(address);
        ctx.reject(methods);
      };
      if (ctx.method === 'password') {
        this.users.checkPassword(username, ctx.password).then(
          (record) => admit(record, 'password'),
          () => ctx.reject(methods),
        );
        return;
      }
      if (ctx.method === 'publickey') {
        const { signature, blob } = ctx;
        // Without a signature the client only asks whether the key would do: no failure is counted.
        if (!signature || !blob) {
          if (this.users.checkKey(username, ctx.key.algo, ctx.key.data)) ctx.accept();
          else ctx.reject(methods);
          return;
        }
        admit(this.users.checkKey(username, ctx.key.algo, ctx.key.data, { signed: blob, signature, hashAlgo: ctx.hashAlgo }), 'public key');
        return;
      }
      ctx.reject(methods);
    });

    client.on('ready', () => {
      // A login removed between the check and now opens nothing.
      if (!login || this.users.get(login.record.serverId, login.record.userId) !== login.record) return client.end();
      const { record, method } = login;
      forget = this.users.track(record, { end: () => client.end() });
      void this.journal.record(record.serverId, { user: record.userId, kind: 'files', action: 'sftp_login', detail: `with a ${method}` });
      client.on('session', (acceptSession) => {
        const session = acceptSession();
        // Only the sftp subsystem: shell, exec, pty, env, forwarding and agent requests have no
        // listener, which ssh2 answers with a refusal.
        session.on('sftp', (acceptSftp) => {
          const sftp = acceptSftp();
          const served = serveSftp(sftp, {
            folder: () => this.manager.get(record.serverId).files,
            reserve: (bytes) => this.reserve(record.serverId, bytes),
            permissions: record.permissions,
            report: (action, detail) => void this.journal.record(record.serverId, { user: record.userId, kind: 'files', action, detail: detail.slice(0, 500) }),
          });
          closeHandles.push(() => served.closeAll());
          sftp.on('close', () => void served.closeAll());
        });
      });
    });
  }
}
