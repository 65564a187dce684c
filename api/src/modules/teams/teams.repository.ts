import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { organizations, projects, teamMembers, teams } from '../../db/schema/catalogue.js';
import { users } from '../../db/schema/users.js';

/** What a team belongs to: a project or an organization. */
export async function listTeamOwners(db: Executor, teamIds: readonly number[]) {
  if (teamIds.length === 0) return [];
  return db
    .select({
      teamId: teams.id,
      projectId: sql<number | null>`(select p.id from ${projects} p where p.team_id = teams.id)`.mapWith((v: string | null) => (v === null ? null : Number(v))),
      organizationId: sql<number | null>`(select o.id from ${organizations} o where o.team_id = teams.id)`.mapWith((v: string | null) => (v === null ? null : Number(v))),
    })
    .from(teams)
    .where(inArray(teams.id, [...teamIds]));
}

export const memberColumns = {
  teamId: teamMembers.teamId,
  userId: teamMembers.userId,
  role: teamMembers.role,
  isOwner: teamMembers.isOwner,
  permissions: teamMembers.permissions,
  organizationPermissions: teamMembers.organizationPermissions,
  accepted: teamMembers.accepted,
  payoutsSplit: teamMembers.payoutsSplit,
  ordering: teamMembers.ordering,
  username: users.username,
  avatarUrl: users.avatarUrl,
  bio: users.bio,
  userCreated: users.created,
  userRole: users.role,
  badges: users.badges,
};

export function listMembers(db: Executor, teamIds: readonly number[]) {
  return db
    .select(memberColumns)
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(inArray(teamMembers.teamId, [...teamIds]))
    .orderBy(asc(teamMembers.ordering), asc(teamMembers.created), asc(users.username));
}
export type MemberRow = Awaited<ReturnType<typeof listMembers>>[number];

export async function findMember(db: Executor, teamId: number, userId: number): Promise<MemberRow | undefined> {
  const rows = await db
    .select(memberColumns)
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
  return rows[0];
}

export async function findUserId(db: Executor, text: string, id: number | undefined): Promise<number | undefined> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(id !== undefined ? sql`${users.id} = ${id} or lower(${users.username}) = lower(${text})` : sql`lower(${users.username}) = lower(${text})`);
  return (rows.find((r) => r.id === id) ?? rows[0])?.id;
}

export async function insertMember(tx: Executor, member: typeof teamMembers.$inferInsert): Promise<void> {
  await tx.insert(teamMembers).values(member);
}

export async function updateMember(tx: Executor, teamId: number, userId: number, changes: Partial<typeof teamMembers.$inferInsert>): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  await tx.update(teamMembers).set(changes).where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
}

export async function deleteMember(tx: Executor, teamId: number, userId: number): Promise<void> {
  await tx.delete(teamMembers).where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
}

/** Team ids of the projects an organization owns. */
export async function listProjectTeamsOfOrganization(db: Executor, organizationId: number): Promise<Array<{ teamId: number; projectId: number }>> {
  return db.select({ teamId: projects.teamId, projectId: projects.id }).from(projects).where(eq(projects.organizationId, organizationId));
}

export async function deleteMemberFromTeams(tx: Executor, teamIds: readonly number[], userId: number): Promise<void> {
  if (teamIds.length === 0) return;
  await tx.delete(teamMembers).where(and(inArray(teamMembers.teamId, [...teamIds]), eq(teamMembers.userId, userId)));
}
