import type { Database, Executor } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { ApiError, notFound } from '../../lib/errors.js';
import { parseId, randomId } from '../../lib/ids.js';
import { generateToken, hashToken, tokenKind } from '../../lib/tokens.js';
import { describeUserAgent, type ClientInfo } from '../../lib/user-agent.js';
import * as repo from './sessions.repository.js';

const DAY = 24 * 60 * 60 * 1000;
/** A session works for 14 days and can be refreshed (replaced) until 60 days after sign-in. */
export const SESSION_LIFETIME_MS = 14 * DAY;
export const SESSION_REFRESH_WINDOW_MS = 60 * DAY;

export interface IssuedSessionResult {
  row: repo.SessionRow;
  token: string;
}

/** Opens a session for a user who just proved who they are. */
export async function issueSession(db: Executor, userId: number, client: ClientInfo, refreshExpires?: Date): Promise<IssuedSessionResult> {
  const token = generateToken('session');
  const now = Date.now();
  const refreshDeadline = refreshExpires ?? new Date(now + SESSION_REFRESH_WINDOW_MS);
  const expires = new Date(Math.min(now + SESSION_LIFETIME_MS, refreshDeadline.getTime()));
  const row = await repo.insertSession(db, {
    id: Number(randomId()),
    tokenHash: hashToken(token),
    userId,
    expires,
    refreshExpires: refreshDeadline,
    ...describeUserAgent(client.userAgent),
    userAgent: client.userAgent?.slice(0, 1024) ?? null,
    ip: client.ip,
  });
  return { row, token };
}

const currentSessionId = (actor: Actor) => (actor.kind === 'session' ? actor.credentialId : null);

export function createSessionsService(deps: { db: Database }) {
  const { db } = deps;
  return {
    async listSessions(actor: Actor) {
      return { rows: await repo.listLiveSessions(db, actor.userId), currentId: currentSessionId(actor) };
    },

    /**
     * Signs out one of the actor's own sessions, named by id or token. Someone else's session
     * is reported as not found. Answers whether it was the calling session.
     */
    async revokeSession(actor: Actor, idOrToken: string): Promise<{ wasCurrent: boolean }> {
      const id = idOrToken.length <= 11 ? parseId(idOrToken) : undefined;
      const session = await repo.findUserSession(db, actor.userId, { id, tokenHash: hashToken(idOrToken) });
      if (!session) throw notFound('No such session');
      await repo.deleteSession(db, session.id);
      return { wasCurrent: session.id === currentSessionId(actor) };
    },

    async revokeCurrentSession(actor: Actor): Promise<void> {
      const id = currentSessionId(actor);
      if (id === null) throw new ApiError(400, 'invalid_input', 'Only a session can sign itself out; revoke tokens from the tokens page.');
      await repo.deleteSession(db, id);
    },

    /**
     * Replaces a session (expired ones too, until their refresh deadline) with a new one that
     * keeps the same refresh deadline.
     */
    async refreshSession(token: string | undefined, client: ClientInfo): Promise<IssuedSessionResult> {
      const refused = new ApiError(401, 'invalid_credentials', 'A session token that can still be refreshed is required.');
      if (!token || tokenKind(token) !== 'session') throw refused;
      return db.transaction(async (tx) => {
        const old = await repo.findSessionByTokenHash(tx, hashToken(token));
        if (!old || old.refreshExpires.getTime() <= Date.now()) throw refused;
        // Only one of two concurrent refreshes of the same token wins.
        if (!(await repo.deleteSession(tx, old.id))) throw refused;
        return issueSession(tx, old.userId, client, old.refreshExpires);
      });
    },
  };
}

export type SessionsService = ReturnType<typeof createSessionsService>;

/** Signs a user out everywhere, except the session `keepSessionId` when given. */
export function revokeUserSessions(db: Executor, userId: number, keepSessionId?: number): Promise<void> {
  return repo.deleteUserSessions(db, userId, keepSessionId);
}

/** Housekeeping: sessions past their refresh deadline can never be used again. */
export function pruneDeadSessions(db: Executor): Promise<number> {
  return repo.deleteDeadSessions(db);
}
