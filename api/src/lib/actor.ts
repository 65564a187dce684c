import type { UserRole } from '@cairn/shared/constants/permissions';
import type { TokenKind } from './tokens.js';
import { ApiError } from './errors.js';

/** Who is making a request, as services see it (never the request itself). */
export interface Actor {
  userId: number;
  role: UserRole;
  /** Scope bits the credential grants. Sessions hold every scope. */
  scopes: number;
  kind: TokenKind;
  /** Id of the session, PAT or OAuth token used. */
  credentialId: number;
}

export const isModerator = (actor: Actor | null | undefined): boolean =>
  actor?.role === 'moderator' || actor?.role === 'admin';
export const isAdmin = (actor: Actor | null | undefined): boolean => actor?.role === 'admin';

/**
 * The actor of a route declared with `requireAuth` — the auth plugin has already refused
 * anonymous calls, so this only narrows the type (and fails closed if a route is misdeclared).
 */
export function requiredActor(actor: Actor | null): Actor {
  if (!actor) throw new ApiError(401, 'unauthorized', 'Authentication is required for this request');
  return actor;
}
