import type { Project } from '@cairn/shared/schemas/projects';
import type { Actor } from '../../lib/actor.js';
import { badRequest, notFound, unauthorized } from '../../lib/errors.js';
import { parseId } from '../../lib/ids.js';
import { recordSearchChange } from '../../lib/search-outbox.js';
import { listProjectAccess, requireVisibleProject } from '../access/project.policy.js';
import { mayActForUser } from '../access/user.policy.js';
import type { ProjectContext } from './project-context.js';
import * as repo from './projects.repository.js';

/** Following projects and the list of followed projects. */
export function createProjectFollows(context: ProjectContext) {
  const { db, toProjects } = context;

  return {
    async followProject(actor: Actor, idOrSlug: string): Promise<void> {
      const access = await requireVisibleProject(db, actor, idOrSlug);
      await db.transaction(async (tx) => {
        if (!(await repo.insertFollow(tx, actor.userId, access.project.id))) throw badRequest('You are already following this project');
        await recordSearchChange(tx, [access.project.id]);
      });
    },

    async unfollowProject(actor: Actor, idOrSlug: string): Promise<void> {
      const access = await requireVisibleProject(db, actor, idOrSlug);
      await db.transaction(async (tx) => {
        if (!(await repo.deleteFollow(tx, actor.userId, access.project.id))) throw badRequest('You are not following this project');
        await recordSearchChange(tx, [access.project.id]);
      });
    },

    /** The projects a user follows; only the user (or an admin) may ask. */
    async getFollowedProjects(actor: Actor, userText: string): Promise<Project[]> {
      const user = await repo.findUserByIdOrUsername(db, userText, parseId(userText));
      if (!user) throw notFound('No such user');
      if (!mayActForUser(actor, user.id)) throw unauthorized("You may not see this user's follows");
      const accesses = await listProjectAccess(db, actor, await repo.listFollowedProjectIds(db, user.id));
      return toProjects(
        db,
        accesses.filter((a) => a.visible).map((a) => a.project.id),
      );
    },
  };
}
