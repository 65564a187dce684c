import { isModerator, type Actor } from '../../lib/actor.js';

/** An OAuth application is managed by the user who created it, and by moderators. */
export function canManageOAuthApp(actor: Actor, app: { createdBy: number }): boolean {
  return app.createdBy === actor.userId || isModerator(actor);
}

/** A user's list of applications is for that user and moderators. */
export function canListUserOAuthApps(actor: Actor, userId: number): boolean {
  return userId === actor.userId || isModerator(actor);
}
