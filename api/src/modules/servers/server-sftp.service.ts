import { randomBytes, scrypt } from 'node:crypto';
import type { ServerSftp, ServerSftpPassword, SetServerSftpKeysBody } from '@cairn/shared/schemas/server-sftp';
import type { Database } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { conflict, notFound } from '../../lib/errors.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';
import { requireSftpLogin } from '../access/server.policy.js';
import { agentClient } from './agent-client.js';
import { nodeAddresses } from './node-registry.js';
import { recordActivity } from './server-activity.js';
import * as members from './server-members.repository.js';
import { putLoginOnNode, removeLoginFromNode } from './server-sftp.js';
import * as sftp from './server-sftp.repository.js';
import type { ServersService } from './servers.service.js';
import * as repo from './servers.repository.js';
import { describeKey, parsePublicKeys } from './ssh-public-keys.js';

/**
 * scrypt cost of SFTP password hashes: about 16 MiB and a few tens of milliseconds per check on
 * the node. The password is 144 random bits, so the hash guards against a stolen data folder, not
 * a weak password.
 */
const SCRYPT = { N: 16_384, r: 8, p: 1 } as const;

/** `scrypt$N$r$p$salt$key`, the format nodes check (shared SFTP_PASSWORD_HASH_PATTERN). */
export async function hashSftpPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await new Promise<Buffer>((resolve, reject) => scrypt(password, salt, 32, SCRYPT, (error, derived) => (error ? reject(error) : resolve(derived))));
  return `scrypt$${SCRYPT.N}$${SCRYPT.r}$${SCRYPT.p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

/** SFTP access to a server's files for the panel (docs/api/servers.md, "SFTP"). */
export function createServerSftpService(deps: { db: Database; servers: ServersService }) {
  const { db, servers } = deps;

  /** The server, the caller's login permissions and the name their login has (or will have). */
  async function access(actor: Actor, id: string) {
    const { server, standing } = await servers.standing(actor, id, 'sftp');
    const permissions = requireSftpLogin(standing);
    const existing = await sftp.findSftpLogin(db, server.id, actor.userId);
    const username = existing?.username ?? `${(await members.findUserNames(db, [actor.userId])).get(actor.userId)?.username.toLowerCase() ?? 'user'}.${server.id}`;
    return { server, permissions, existing, username };
  }

  /**
   * Saves a change of the caller's login and puts it on the node in the same transaction, so a
   * node that cannot be reached leaves nothing changed (503, try again).
   */
  async function change(actor: Actor, id: string, values: { passwordHash?: string | null; publicKeys?: string[] }, action: string) {
    const { server, permissions, username } = await access(actor, id);
    servers.requireReady(server, 'offer SFTP');
    const node = await servers.placed(server, 'offer SFTP');
    try {
      return await db.transaction(async (tx) => {
        const row = await sftp.upsertSftpLogin(tx, { serverId: server.id, userId: actor.userId, username, ...values });
        await recordActivity(tx, { serverId: server.id, actorId: actor.userId, kind: 'files', action, detail: username });
        await putLoginOnNode(node, row, permissions);
        return row;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict('username: another SFTP login already has this name', 'sftp_username_taken');
      throw error;
    }
  }

  async function get(actor: Actor, id: string): Promise<ServerSftp> {
      const { server, permissions, existing, username } = await access(actor, id);
      const node = server.nodeId === null ? undefined : await repo.findNode(db, server.nodeId);
      const info = node ? await agentClient(node, 3000).info().catch(() => undefined) : undefined;
      const listening = node && info?.sftp ? { host: nodeAddresses(node).gameHost, ...info.sftp } : undefined;
      return {
        available: listening !== undefined,
        host: listening?.host ?? null,
        port: listening?.port ?? null,
        username,
        host_key_fingerprint: listening?.host_key_fingerprint ?? null,
        password_set: existing?.passwordHash != null,
        public_keys: (existing?.publicKeys ?? []).map((line) => {
          const key = describeKey(line);
          return { key: key.line, fingerprint: key.fingerprint };
        }),
        can_write: permissions.write,
      };
  }

  return {
    get,

    /** A new random password for the caller's login, answered this once; the previous one stops working. */
    async generatePassword(actor: Actor, id: string): Promise<ServerSftpPassword> {
      const password = randomBytes(18).toString('base64url');
      const row = await change(actor, id, { passwordHash: await hashSftpPassword(password) }, 'sftp_password');
      return { username: row.username, password };
    },

    /** Replaces the public keys that may log in as the caller (an empty list: none). */
    async setKeys(actor: Actor, id: string, body: SetServerSftpKeysBody): Promise<ServerSftp> {
      const keys = parsePublicKeys(body.public_keys);
      await change(actor, id, { publicKeys: keys.map((key) => key.line) }, 'sftp_keys');
      return get(actor, id);
    },

    /** Removes the caller's login: the node refuses it and ends its open sessions at once. */
    async revoke(actor: Actor, id: string): Promise<void> {
      const { server } = await servers.standing(actor, id, 'sftp');
      const node = server.nodeId === null ? undefined : await repo.findNode(db, server.nodeId);
      await db.transaction(async (tx) => {
        if (!(await sftp.deleteSftpLogin(tx, server.id, actor.userId))) throw notFound('You have no SFTP login on this server');
        await recordActivity(tx, { serverId: server.id, actorId: actor.userId, kind: 'files', action: 'sftp_revoke', detail: '' });
        if (node) await removeLoginFromNode(node, server.id, actor.userId);
      });
    },
  };
}

export type ServerSftpService = ReturnType<typeof createServerSftpService>;
