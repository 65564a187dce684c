import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ClientInfo } from '../../lib/user-agent.js';
import { SESSION_COOKIE } from '../../plugins/auth.js';

/**
 * The website keeps its session in an HttpOnly cookie set by every response that issues one.
 * It lives exactly as long as the session; signing out clears it.
 */
export function setSessionCookie(reply: FastifyReply, session: { token: string; expires: Date }, secure: boolean): void {
  reply.setCookie(SESSION_COOKIE, session.token, { httpOnly: true, secure, sameSite: 'lax', path: '/', expires: session.expires });
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean): void {
  reply.clearCookie(SESSION_COOKIE, { httpOnly: true, secure, sameSite: 'lax', path: '/' });
}

/** Where a request comes from, for the sessions list. */
export function clientInfo(request: FastifyRequest): ClientInfo {
  return { ip: request.ip || null, userAgent: request.headers['user-agent'] ?? null };
}
