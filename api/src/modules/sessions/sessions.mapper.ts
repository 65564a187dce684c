import type { IssuedSession, Session } from '@cairn/shared/schemas/auth';
import { encodeBase62 } from '../../lib/ids.js';
import type { SessionRow } from './sessions.repository.js';

/** DB row → v2 Session; `currentId` is the session making the request. */
export function toSession(row: SessionRow, currentId: number | null): Session {
  return {
    id: encodeBase62(row.id),
    user_id: encodeBase62(row.userId),
    created: row.created.toISOString(),
    last_login: row.lastLogin.toISOString(),
    expires: row.expires.toISOString(),
    refresh_expires: row.refreshExpires.toISOString(),
    os: row.os,
    platform: row.platform,
    user_agent: row.userAgent,
    city: row.city,
    country: row.country,
    ip: row.ip,
    current: row.id === currentId,
  };
}

/** A freshly issued session, with its token; it is the current one of whoever receives it. */
export function toIssuedSession(issued: { row: SessionRow; token: string }): IssuedSession {
  return { ...toSession(issued.row, issued.row.id), session: issued.token };
}
