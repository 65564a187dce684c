import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { organizations, projects, teamMembers, teams } from '../../db/schema/catalogue.js';
import { users } from '../../db/schema/users.js';

const organizationColumns = {
  id: organizations.id,
  slug: organizations.slug,
  name: organizations.name,
  description: organizations.description,
  iconKey: organizations.iconKey,
  rawIconKey: organizations.rawIconKey,
  color: organizations.color,
  teamId: organizations.teamId,
};
export type OrganizationRow = { id: number; slug: string; name: string; description: string; iconKey: string | null; rawIconKey: string | null; color: number | null; teamId: number };

/** Organizations named by id or slug (case-insensitive); an id match wins over a slug match. */
export async function findOrganization(db: Executor, text: string, id: number | undefined): Promise<OrganizationRow | undefined> {
  const bySlug = sql`lower(${organizations.slug}) = lower(${text})`;
  const rows = await db
    .select(organizationColumns)
    .from(organizations)
    .where(id === undefined ? bySlug : sql`${organizations.id} = ${id} or ${bySlug}`);
  return rows.find((r) => r.id === id) ?? rows[0];
}

export function listOrganizations(db: Executor, ids: readonly number[]): Promise<OrganizationRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.select(organizationColumns).from(organizations).where(inArray(organizations.id, [...ids]));
}

/** Whether a slug (or an id written like the slug) is taken by another organization. */
export async function isSlugTaken(db: Executor, slug: string, slugAsId: number | undefined, except?: number): Promise<boolean> {
  const rows = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(slugAsId === undefined ? sql`lower(${organizations.slug}) = lower(${slug})` : sql`lower(${organizations.slug}) = lower(${slug}) or ${organizations.id} = ${slugAsId}`);
  return rows.some((r) => r.id !== except);
}

/** Organizations whose team the user belongs to; pending invitations only when asked. */
export async function listOrganizationIdsOfMember(db: Executor, userId: number, includePending: boolean): Promise<number[]> {
  const rows = await db
    .select({ id: organizations.id })
    .from(organizations)
    .innerJoin(teamMembers, eq(teamMembers.teamId, organizations.teamId))
    .where(and(eq(teamMembers.userId, userId), includePending ? undefined : eq(teamMembers.accepted, true)))
    .orderBy(asc(organizations.name));
  return rows.map((r) => r.id);
}

export async function countOrganizationsOwnedBy(db: Executor, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(organizations)
    .innerJoin(teamMembers, eq(teamMembers.teamId, organizations.teamId))
    .where(and(eq(teamMembers.userId, userId), eq(teamMembers.isOwner, true)));
  return row?.n ?? 0;
}

export async function findUserEmailVerified(db: Executor, userId: number): Promise<boolean> {
  const [row] = await db.select({ verified: users.emailVerified }).from(users).where(eq(users.id, userId));
  return Boolean(row?.verified);
}

export async function insertOrganization(tx: Executor, row: typeof organizations.$inferInsert): Promise<void> {
  await tx.insert(teams).values({ id: row.teamId });
  await tx.insert(organizations).values(row);
}

export async function updateOrganization(tx: Executor, id: number, changes: Partial<typeof organizations.$inferInsert>): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  await tx.update(organizations).set(changes).where(eq(organizations.id, id));
}

export async function deleteOrganization(tx: Executor, organization: { id: number; teamId: number }): Promise<void> {
  await tx.update(projects).set({ organizationId: null }).where(eq(projects.organizationId, organization.id));
  await tx.delete(organizations).where(eq(organizations.id, organization.id));
  await tx.delete(teams).where(eq(teams.id, organization.teamId));
}

export function listProjectsOfOrganization(db: Executor, organizationId: number): Promise<Array<{ id: number; teamId: number }>> {
  return db.select({ id: projects.id, teamId: projects.teamId }).from(projects).where(eq(projects.organizationId, organizationId)).orderBy(asc(projects.title));
}

export async function setProjectOrganization(tx: Executor, projectId: number, organizationId: number | null): Promise<void> {
  await tx.update(projects).set({ organizationId }).where(eq(projects.id, projectId));
}

export interface TeamMemberRow {
  userId: number;
  accepted: boolean;
  isOwner: boolean;
  permissions: number;
}
export function listTeamMembers(db: Executor, teamId: number): Promise<TeamMemberRow[]> {
  return db
    .select({ userId: teamMembers.userId, accepted: teamMembers.accepted, isOwner: teamMembers.isOwner, permissions: teamMembers.permissions })
    .from(teamMembers)
    .where(eq(teamMembers.teamId, teamId));
}

export async function insertTeamMember(tx: Executor, member: typeof teamMembers.$inferInsert): Promise<void> {
  await tx.insert(teamMembers).values(member);
}

/** Makes the user the team's owner with every permission, adding the row when needed. */
export async function upsertTeamOwner(tx: Executor, teamId: number, userId: number, permissions: number, role: string): Promise<void> {
  await tx.update(teamMembers).set({ isOwner: false }).where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.isOwner, true)));
  await tx
    .insert(teamMembers)
    .values({ teamId, userId, role, isOwner: true, permissions, accepted: true })
    .onConflictDoUpdate({ target: [teamMembers.teamId, teamMembers.userId], set: { isOwner: true, permissions, accepted: true } });
}

export async function updateTeamMember(tx: Executor, teamId: number, userId: number, changes: { isOwner: boolean; permissions: number }): Promise<void> {
  await tx.update(teamMembers).set(changes).where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
}

export async function deleteTeamMembers(tx: Executor, teamId: number, userIds: readonly number[]): Promise<void> {
  if (userIds.length === 0) return;
  await tx.delete(teamMembers).where(and(eq(teamMembers.teamId, teamId), inArray(teamMembers.userId, [...userIds])));
}

export async function findUserId(db: Executor, text: string, id: number | undefined): Promise<number | undefined> {
  const byName = sql`lower(${users.username}) = lower(${text})`;
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(id === undefined ? byName : sql`${users.id} = ${id} or ${byName}`);
  return (rows.find((r) => r.id === id) ?? rows[0])?.id;
}
