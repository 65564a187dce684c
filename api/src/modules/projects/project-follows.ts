import type { Project } from '@cairn/shared/schemas/projects';
import type { FollowFilterBody, ProjectFollow } from '@cairn/shared/schemas/follows';
import type { Executor } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { badRequest, notFound, unauthorized } from '../../lib/errors.js';
import { parseId } from '../../lib/ids.js';
import { recordSearchChange } from '../../lib/search-outbox.js';
import { listProjectAccess, requireVisibleProject } from '../access/project.policy.js';
import { mayActForUser } from '../access/user.policy.js';
import type { ProjectContext } from './project-context.js';
import { toProjectFollow } from './projects.mapper.js';
import * as repo from './projects.repository.js';

/**
 * A filter from a request body, its game versions checked against the game-version tags (the
 * schema already checked the loader names). Lists the body leaves out stay undefined.
 */
async function checkedFilter(db: Executor, body: FollowFilterBody | undefined): Promise<Partial<repo.FollowFilter>> {
  const gameVersions = body?.game_versions;
  if (gameVersions?.length) {
    const known = await repo.listKnownGameVersions(db, gameVersions);
    const unknown = gameVersions.filter((v) => !known.has(v));
    if (unknown.length) throw badRequest(`Invalid body 'game_versions': unknown game version${unknown.length > 1 ? 's' : ''} ${unknown.map((v) => `'${v}'`).join(', ')}`);
  }
  return { ...(body?.loaders ? { loaders: [...body.loaders] } : {}), ...(gameVersions ? { gameVersions: [...gameVersions] } : {}) };
}

/** Following projects (optionally narrowed to loaders and game versions) and the list of followed projects. */
export function createProjectFollows(context: ProjectContext) {
  const { db, toProjects } = context;

  return {
    /** Follows a project; without a filter (or with empty lists) every new version is announced. */
    async followProject(actor: Actor, idOrSlug: string, body?: FollowFilterBody): Promise<void> {
      const access = await requireVisibleProject(db, actor, idOrSlug);
      const filter = await checkedFilter(db, body);
      await db.transaction(async (tx) => {
        const inserted = await repo.insertFollow(tx, actor.userId, access.project.id, { loaders: filter.loaders ?? [], gameVersions: filter.gameVersions ?? [] });
        if (!inserted) throw badRequest('You are already following this project');
        await recordSearchChange(tx, [access.project.id]);
      });
    },

    /** The caller's follow of the project with its filter. */
    async getProjectFollow(actor: Actor, idOrSlug: string): Promise<ProjectFollow> {
      const access = await requireVisibleProject(db, actor, idOrSlug);
      const follow = await repo.findFollow(db, actor.userId, access.project.id);
      if (!follow) throw notFound('You are not following this project');
      return toProjectFollow(follow);
    },

    /** Changes the filter of the caller's follow; a list the body leaves out stays as it is. */
    async updateProjectFollow(actor: Actor, idOrSlug: string, body: FollowFilterBody): Promise<ProjectFollow> {
      const access = await requireVisibleProject(db, actor, idOrSlug);
      const filter = await checkedFilter(db, body);
      // A body naming neither list changes nothing: the follow is answered as it is.
      const changes = filter.loaders || filter.gameVersions;
      const updated = changes
        ? await db.transaction((tx) => repo.updateFollowFilter(tx, actor.userId, access.project.id, filter))
        : await repo.findFollow(db, actor.userId, access.project.id);
      if (!updated) throw notFound('You are not following this project');
      return toProjectFollow(updated);
    },

    /** The filters of a user's follows of projects the caller may see; only the user (or an admin) may ask. */
    async getFollowFilters(actor: Actor, userText: string): Promise<ProjectFollow[]> {
      const user = await repo.findUserByIdOrUsername(db, userText, parseId(userText));
      if (!user) throw notFound('No such user');
      if (!mayActForUser(actor, user.id)) throw unauthorized("You may not see this user's follows");
      const follows = await repo.listFollows(db, user.id);
      const visible = new Set((await listProjectAccess(db, actor, follows.map((f) => f.projectId))).filter((a) => a.visible).map((a) => a.project.id));
      return follows.filter((f) => visible.has(f.projectId)).map(toProjectFollow);
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
