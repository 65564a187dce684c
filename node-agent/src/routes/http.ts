import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AgentPermission } from '@cairn/shared/schemas/node-agent';
import { secretsEqual, verifyAccessToken, type AccessClaims } from '../auth.js';
import type { Revocations } from '../access-journal.js';
import { AgentError, invalidInput } from '../errors.js';

/** Parses one request part with a zod schema; the error names the first bad field. */
export function parse<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value ?? {});
  if (!result.success) {
    const issue = result.error.issues[0];
    const field = issue?.path.join('.') || 'body';
    throw invalidInput(`${field}: ${issue?.message ?? 'invalid'}`);
  }
  return result.data;
}

export interface AuthContext {
  nodeToken: string;
  accessKey: Buffer;
  /** Access the API withdrew (a member removed or their permissions changed). */
  revocations: Revocations;
}

export type Caller = { kind: 'node' } | { kind: 'access'; claims: AccessClaims };

declare module 'fastify' {
  interface FastifyRequest {
    caller?: Caller;
  }
}

function presentedToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7).trim();
  // Browsers cannot set headers on WebSockets or plain download links: a query parameter works too.
  const query = request.query as { token?: unknown } | undefined;
  return typeof query?.token === 'string' ? query.token : undefined;
}

/**
 * onRequest hook factory. 'node' admits only the node token (the Cairn API); a permission also
 * admits a per-server access token carrying it for the server named in the URL ('any': any permission).
 */
export function requireAuth(ctx: AuthContext, need: 'node' | 'any' | AgentPermission | readonly AgentPermission[]) {
  const allowed = (perms: AgentPermission[]) => need === 'any' || (typeof need === 'string' ? perms.includes(need as AgentPermission) : need.some((p) => perms.includes(p)));
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const token = presentedToken(request);
    if (!token) throw new AgentError(401, 'unauthorized', 'authorization: a bearer token is required');
    if (secretsEqual(token, ctx.nodeToken)) {
      request.caller = { kind: 'node' };
      return;
    }
    const claims = verifyAccessToken(ctx.accessKey, token);
    if (!claims) throw new AgentError(401, 'unauthorized', 'authorization: the token is invalid or expired');
    if (ctx.revocations.isRevoked(claims)) throw new AgentError(401, 'token_revoked', 'authorization: this access was withdrawn; ask the panel for a new token');
    const serverId = (request.params as { id?: string } | undefined)?.id;
    if (need === 'node' || claims.sid !== serverId || !allowed(claims.perms)) {
      throw new AgentError(403, 'forbidden', 'authorization: the token does not allow this on this server');
    }
    request.caller = { kind: 'access', claims };
  };
}
