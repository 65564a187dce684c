import { createHash, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import ssh2 from 'ssh2';
import { SFTP_PASSWORD_HASH_PATTERN, type AgentSftpUserBody } from '@cairn/shared/schemas/node-agent';
import { invalidInput } from '../errors.js';

/** One user's SFTP login to one server, as the API pushed it (docs/api/node-agent.md, "SFTP"). */
export interface SftpUserRecord {
  serverId: string;
  /** The API's user id (base62), recorded as the actor in the activity journal. */
  userId: string;
  username: string;
  passwordHash: string | null;
  publicKeys: string[];
  permissions: { read: boolean; write: boolean };
}

/** The most a pushed hash may ask of the node per login attempt (about 64 MiB and a fraction of a second). */
const MAX_SCRYPT_N = 2 ** 17;
const MAX_SCRYPT_R = 16;
const MAX_SCRYPT_P = 4;

interface ParsedHash {
  salt: Buffer;
  key: Buffer;
  options: ScryptOptions;
}

function parseHash(hash: string): ParsedHash | undefined {
  const match = SFTP_PASSWORD_HASH_PATTERN.exec(hash);
  if (!match) return undefined;
  const [n, r, p] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (n < 2 || n > MAX_SCRYPT_N || (n & (n - 1)) !== 0 || r < 1 || r > MAX_SCRYPT_R || p < 1 || p > MAX_SCRYPT_P) return undefined;
  return { salt: Buffer.from(match[4]!, 'base64'), key: Buffer.from(match[5]!, 'base64'), options: { N: n, r, p, maxmem: 256 * n * r + 1024 * 1024 } };
}

const derive = (password: string, parsed: ParsedHash) =>
  new Promise<Buffer>((resolve, reject) => scrypt(password, parsed.salt, parsed.key.length, parsed.options, (error, key) => (error ? reject(error) : resolve(key))));

/**
 * Compared when no user or no password matches, so a wrong user name costs the same time as a
 * wrong password and the answer tells nothing about which logins exist.
 */
const DUMMY_HASH = parseHash(`scrypt$16384$8$1$${Buffer.alloc(16, 7).toString('base64')}$${Buffer.alloc(32, 9).toString('base64')}`)!;

/** A pushed public key, parsed once: its algorithm and wire blob, what a client's key is compared with. */
interface AcceptedKey {
  type: string;
  blob: Buffer;
  parsed: ssh2.ParsedKey;
}

function parsePublicKey(line: string, field: string): AcceptedKey {
  const parsed = ssh2.utils.parseKey(line.trim());
  const key = Array.isArray(parsed) ? parsed[0] : parsed;
  if (!key || key instanceof Error || key.isPrivateKey()) throw invalidInput(`${field}: must be an OpenSSH public key`);
  return { type: key.type, blob: key.getPublicSSH(), parsed: key };
}

/** An open SFTP connection of a user, ended when their login is removed. */
export interface SftpSession {
  end(): void;
}

/**
 * The SFTP logins of every server on the node, kept in `<data>/sftp-users.json` (mode 600,
 * rewritten atomically) so they survive restarts; the API pushes and removes them. Open
 * sessions are tracked per login, so removing one ends them at once.
 */
export class SftpUsers {
  private readonly byKey = new Map<string, SftpUserRecord & { keys: AcceptedKey[] }>();
  private readonly sessions = new Map<string, Set<SftpSession>>();
  private readonly file: string;
  private writing: Promise<void> = Promise.resolve();

  constructor(dataDir: string) {
    this.file = path.join(dataDir, 'sftp-users.json');
  }

  private static key(serverId: string, userId: string): string {
    return `${serverId}/${userId}`;
  }

  async load(): Promise<void> {
    const text = await fs.readFile(this.file, 'utf8').catch(() => '[]');
    let records: SftpUserRecord[] = [];
    try {
      records = JSON.parse(text) as SftpUserRecord[];
    } catch {
      // A torn file cannot happen with the atomic rewrite below; start empty if it ever does.
    }
    for (const record of records) {
      try {
        this.byKey.set(SftpUsers.key(record.serverId, record.userId), { ...record, keys: record.publicKeys.map((line, i) => parsePublicKey(line, `public_keys.${i}`)) });
      } catch {
        // A key this version cannot read: the login is dropped until the API pushes it again.
      }
    }
  }

  private persist(): Promise<void> {
    const snapshot = JSON.stringify([...this.byKey.values()].map(({ keys: _keys, ...record }) => record));
    this.writing = this.writing.then(async () => {
      const temporary = `${this.file}.${process.pid}.tmp`;
      await fs.writeFile(temporary, snapshot, { mode: 0o600 });
      await fs.rename(temporary, this.file);
    });
    return this.writing;
  }

  /** Adds or replaces a login; 409 when another login of the node already has its user name. */
  async put(serverId: string, userId: string, body: AgentSftpUserBody): Promise<void> {
    if (body.password_hash !== null && !parseHash(body.password_hash)) throw invalidInput('password_hash: scrypt parameters out of range');
    const keys = body.public_keys.map((line, i) => parsePublicKey(line, `public_keys.${i}`));
    const key = SftpUsers.key(serverId, userId);
    for (const [other, record] of this.byKey) {
      if (other !== key && record.username === body.username) throw invalidInput('username: another SFTP login on this node has this name');
    }
    const previous = this.byKey.get(key);
    this.byKey.set(key, { serverId, userId, username: body.username, passwordHash: body.password_hash, publicKeys: body.public_keys, permissions: body.permissions, keys });
    // A changed name, password, key set or narrower permissions apply to new sessions; end the old ones.
    if (previous) this.endSessions(key);
    await this.persist();
  }

  /** Removes a login and ends its open sessions; resolves with how many were ended. */
  async remove(serverId: string, userId: string): Promise<number> {
    const key = SftpUsers.key(serverId, userId);
    const existed = this.byKey.delete(key);
    const closed = this.endSessions(key);
    if (existed) await this.persist();
    return closed;
  }

  /** Every login of a deleted server goes with it. */
  async forgetServer(serverId: string): Promise<void> {
    const keys = [...this.byKey.values()].filter((record) => record.serverId === serverId).map((record) => SftpUsers.key(record.serverId, record.userId));
    for (const key of keys) {
      this.byKey.delete(key);
      this.endSessions(key);
    }
    if (keys.length > 0) await this.persist();
  }

  private endSessions(key: string): number {
    const open = this.sessions.get(key);
    this.sessions.delete(key);
    for (const session of open ?? []) session.end();
    return open?.size ?? 0;
  }

  private findByName(username: string) {
    for (const record of this.byKey.values()) if (record.username === username) return record;
    return undefined;
  }

  /** The login a password opens, or undefined; always takes one scrypt computation. */
  async checkPassword(username: string, password: string): Promise<SftpUserRecord | undefined> {
    const record = this.findByName(username);
    const parsed = record?.passwordHash ? parseHash(record.passwordHash) : undefined;
    const target = parsed ?? DUMMY_HASH;
    const derived = await derive(password, target);
    const equal = derived.length === target.key.length && timingSafeEqual(derived, target.key);
    return parsed && equal ? record : undefined;
  }

  /**
   * Whether `username` has the public key `algo`/`blob` (compared by a digest in constant time);
   * with a signature, also that it verifies over `signed`.
   */
  checkKey(username: string, algo: string, blob: Buffer, signature?: { signed: Buffer; signature: Buffer; hashAlgo: string | undefined }): SftpUserRecord | undefined {
    const record = this.findByName(username);
    const presented = createHash('sha256').update(blob).digest();
    const match = record?.keys.find((key) => key.type === algo && timingSafeEqual(createHash('sha256').update(key.blob).digest(), presented));
    if (!record || !match) return undefined;
    if (signature && !match.parsed.verify(signature.signed, signature.signature, signature.hashAlgo)) return undefined;
    return record;
  }

  /** The current record of a login (a session checks it is still there). */
  get(serverId: string, userId: string): SftpUserRecord | undefined {
    return this.byKey.get(SftpUsers.key(serverId, userId));
  }

  /** Tracks an open session of a login; the returned function forgets it. */
  track(record: SftpUserRecord, session: SftpSession): () => void {
    const key = SftpUsers.key(record.serverId, record.userId);
    let open = this.sessions.get(key);
    if (!open) this.sessions.set(key, (open = new Set()));
    open.add(session);
    return () => {
      open.delete(session);
      if (open.size === 0 && this.sessions.get(key) === open) this.sessions.delete(key);
    };
  }
}
