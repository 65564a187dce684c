import { REVIEW_LOCK_MINUTES, type ModerationQueueQuery } from '@cairn/shared/schemas/moderation';
import type { Database } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { notFound } from '../../lib/errors.js';
import { canSeeQueuePosition, overridesReviewLocks, requireModerationTools } from '../access/moderation.policy.js';
import { findProjectAccess, requireVisibleProject } from '../access/project.policy.js';
import { requireAdmin } from '../access/staff.policy.js';
import * as repo from './moderation.repository.js';

export interface ModerationServiceDeps {
  db: Database;
}

const DAY_MS = 24 * 60 * 60 * 1000;

export type LockView =
  | { state: 'none' }
  | { state: 'held'; lock: repo.LockRow; own: boolean; expired: boolean };

/** The review queue, review locks, a project's place in the queue and the public decisions log. */
export function createModerationService({ db }: ModerationServiceDeps) {
  async function lockedProjectId(actor: Actor, idOrSlug: string): Promise<number> {
    requireModerationTools(actor);
    const access = await findProjectAccess(db, actor, idOrSlug);
    if (!access) throw notFound('The project does not exist');
    return access.project.id;
  }

  async function viewLock(actor: Actor, projectId: number, now = new Date()): Promise<LockView> {
    const lock = await repo.findLock(db, projectId);
    if (!lock) return { state: 'none' };
    return { state: 'held', lock, own: lock.moderatorId === actor.userId, expired: lock.expiresAt <= now };
  }

  async function take(actor: Actor, idOrSlug: string, force: boolean) {
    const projectId = await lockedProjectId(actor, idOrSlug);
    if (force) requireAdmin(actor);
    const now = new Date();
    const success = await repo.takeLock(db, {
      projectId,
      moderatorId: actor.userId,
      now,
      expiresAt: new Date(now.getTime() + REVIEW_LOCK_MINUTES * 60_000),
      force,
    });
    const view = await viewLock(actor, projectId, now);
    if (view.state === 'none') throw notFound('The project does not exist');
    return { success, view };
  }

  return {
    async listQueue(actor: Actor, query: ModerationQueueQuery) {
      requireModerationTools(actor);
      const queue = await repo.listQueue(db, {
        count: query.count,
        offset: query.offset,
        query: query.query || undefined,
        projectType: query.project_type,
        sort: query.sort,
      });
      // Moderators review every language's text: the queue shows each translated summary too.
      const translations = await repo.listTranslatedSummaries(db, queue.rows.map((row) => row.id));
      return { ...queue, translations };
    },

    takeLock: (actor: Actor, idOrSlug: string) => take(actor, idOrSlug, false),
    overrideLock: (actor: Actor, idOrSlug: string) => take(actor, idOrSlug, true),

    async getLock(actor: Actor, idOrSlug: string): Promise<LockView> {
      return viewLock(actor, await lockedProjectId(actor, idOrSlug));
    },

    /** Releases the caller's own lock (admins release anyone's). */
    async releaseLock(actor: Actor, idOrSlug: string): Promise<boolean> {
      const projectId = await lockedProjectId(actor, idOrSlug);
      return repo.deleteLock(db, projectId, overridesReviewLocks(actor) ? undefined : actor.userId);
    },

    async clearLocks(actor: Actor): Promise<number> {
      requireAdmin(actor);
      return repo.deleteAllLocks(db);
    },

    /** The project's place in the queue, for its team (pending invitees included) and moderators. */
    async getQueuePosition(actor: Actor, idOrSlug: string) {
      const access = await requireVisibleProject(db, actor, idOrSlug);
      if (!canSeeQueuePosition(actor, access)) throw notFound('The project does not exist or you may not see it');
      const [place, times] = await Promise.all([
        repo.findQueuePlace(db, access.project.id),
        repo.findReviewTimes(db, new Date(Date.now() - 30 * DAY_MS)),
      ]);
      return { ...place, ...times };
    },

    listLog: (offset: number, limit: number) => repo.listPublicLog(db, offset, limit),
  };
}

export type ModerationService = ReturnType<typeof createModerationService>;
