import { and, eq, inArray, sql } from 'drizzle-orm';
import { ALL_PROJECT_PERMISSIONS } from '@cairn/shared/constants/permissions';
import type { Executor } from '../../db/client.js';
import { projectFollows, projects, teamMembers, versions } from '../../db/schema/catalogue.js';
import { encodeBase62 } from '../../lib/ids.js';
import { recordSearchChange } from '../../lib/search-outbox.js';

/**
 * The "Ghost" account (created by migration 0003_ghost_user) keeps content whose owner is
 * gone: projects of deleted accounts, and rejected or withheld projects their team deleted.
 */
export const GHOST_USER_ID = 3_521_614_606_207; // base62 "zzzzzzz"

/**
 * Hands a project to the Ghost user: the team becomes Ghost alone, the organization link and
 * follows are dropped, and the slug is freed (`<slug>--deleted-<id>`).
 */
export async function handProjectToGhost(tx: Executor, projectId: number): Promise<void> {
  const [project] = await tx.select({ slug: projects.slug, teamId: projects.teamId }).from(projects).where(eq(projects.id, projectId));
  if (!project) return;
  await tx.delete(teamMembers).where(eq(teamMembers.teamId, project.teamId));
  await tx.insert(teamMembers).values({
    teamId: project.teamId,
    userId: GHOST_USER_ID,
    role: 'Member',
    isOwner: true,
    permissions: ALL_PROJECT_PERMISSIONS,
    accepted: true,
    payoutsSplit: 100,
  });
  await tx.delete(projectFollows).where(eq(projectFollows.projectId, projectId));
  await tx
    .update(projects)
    .set({ slug: `${project.slug}--deleted-${encodeBase62(projectId)}`, organizationId: null, followers: 0 })
    .where(eq(projects.id, projectId));
}

/**
 * Catalogue side of deleting an account; call it in the account deletion transaction before
 * the user row is deleted. Teams the user owns get Ghost as owner (projects still waiting
 * for review are rejected), versions they published are attributed to Ghost, and the
 * follower counts of the projects they followed drop by one.
 */
export async function reassignDeletedUserContent(tx: Executor, userId: number): Promise<void> {
  const owned = await tx
    .select({ teamId: teamMembers.teamId })
    .from(teamMembers)
    .where(and(eq(teamMembers.userId, userId), eq(teamMembers.isOwner, true)));
  const ownedTeams = owned.map((o) => o.teamId);
  const touched: number[] = [];
  if (ownedTeams.length > 0) {
    await tx.delete(teamMembers).where(and(inArray(teamMembers.teamId, ownedTeams), eq(teamMembers.userId, GHOST_USER_ID)));
    await tx
      .update(teamMembers)
      .set({ userId: GHOST_USER_ID })
      .where(and(inArray(teamMembers.teamId, ownedTeams), eq(teamMembers.userId, userId)));
    await tx
      .update(projects)
      .set({ status: 'rejected' })
      .where(and(inArray(projects.teamId, ownedTeams), eq(projects.status, 'processing')));
    const ownedProjects = await tx.select({ id: projects.id }).from(projects).where(inArray(projects.teamId, ownedTeams));
    touched.push(...ownedProjects.map((p) => p.id));
  }
  const authored = await tx
    .update(versions)
    .set({ authorId: GHOST_USER_ID })
    .where(eq(versions.authorId, userId))
    .returning({ projectId: versions.projectId });
  touched.push(...authored.map((v) => v.projectId));
  const unfollowed = await tx.delete(projectFollows).where(eq(projectFollows.userId, userId)).returning({ projectId: projectFollows.projectId });
  if (unfollowed.length > 0) {
    const ids = unfollowed.map((f) => f.projectId);
    await tx.update(projects).set({ followers: sql`${projects.followers} - 1` }).where(inArray(projects.id, ids));
    touched.push(...ids);
  }
  await recordSearchChange(tx, touched);
}
