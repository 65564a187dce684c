import type { CreatedPat, Pat } from '@cairn/shared/schemas/pats';
import { encodeBase62 } from '../../lib/ids.js';
import type { PatRow } from './pats.repository.js';

/** DB row → v2 PAT object (the token is never stored, so it is null). */
export function toPat(row: PatRow): Pat {
  return {
    id: encodeBase62(row.id),
    name: row.name,
    access_token: null,
    scopes: row.scopes,
    user_id: encodeBase62(row.userId),
    created: row.created.toISOString(),
    expires: row.expires.toISOString(),
    last_used: row.lastUsed?.toISOString() ?? null,
  };
}

/** The creation response, the only one that carries the token. */
export function toCreatedPat(row: PatRow, token: string): CreatedPat {
  return { ...toPat(row), access_token: token };
}
