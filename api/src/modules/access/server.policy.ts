import { isAdmin, type Actor } from '../../lib/actor.js';
import { notFound } from '../../lib/errors.js';

/** A game server is its owner's (and admins'); anyone else learns nothing of it (404). */
export function requireOwnServer<T extends { ownerId: number }>(actor: Actor, server: T | undefined): T {
  if (!server || (server.ownerId !== actor.userId && !isAdmin(actor))) throw notFound('The server does not exist');
  return server;
}
