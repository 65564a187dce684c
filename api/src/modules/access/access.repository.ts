import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { SEARCHABLE_PROJECT_STATUSES } from '@cairn/shared/constants/project-status';
import type { Executor } from '../../db/client.js';
import { anyBigint } from '../../db/sql-helpers.js';
import { organizations, projects, teamMembers, versions } from '../../db/schema/catalogue.js';
import { parseId } from '../../lib/ids.js';

export const projectRefColumns = {
  id: projects.id,
  slug: projects.slug,
  status: projects.status,
  teamId: projects.teamId,
  organizationId: projects.organizationId,
  organizationTeamId: organizations.teamId,
};
export type ProjectRef = { id: number; slug: string; status: string; teamId: number; organizationId: number | null; organizationTeamId: number | null };

/** Projects named by id or slug (case-insensitive); an id match wins over a slug match. */
export async function listProjectRefsByIdOrSlug(db: Executor, texts: readonly string[]): Promise<Map<string, ProjectRef>> {
  if (texts.length === 0) return new Map();
  const ids = texts.map(parseId).filter((id): id is number => id !== undefined);
  const slugs = texts.map((t) => t.toLowerCase());
  const rows = await db
    .select(projectRefColumns)
    .from(projects)
    .leftJoin(organizations, eq(organizations.id, projects.organizationId))
    .where(or(ids.length ? inArray(projects.id, ids) : undefined, inArray(sql`lower(${projects.slug})`, slugs)));
  const found = new Map<string, ProjectRef>();
  for (const text of texts) {
    const id = parseId(text);
    const byId = id !== undefined ? rows.find((r) => r.id === id) : undefined;
    const match = byId ?? rows.find((r) => r.slug.toLowerCase() === text.toLowerCase());
    if (match) found.set(text, match);
  }
  return found;
}

export function listProjectRefsByIds(db: Executor, ids: readonly number[]): Promise<ProjectRef[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select(projectRefColumns)
    .from(projects)
    .leftJoin(organizations, eq(organizations.id, projects.organizationId))
    .where(anyBigint(projects.id, ids));
}

export interface MembershipRow {
  teamId: number;
  accepted: boolean;
  isOwner: boolean;
  permissions: number;
  organizationPermissions: number | null;
}

/** The user's membership rows (pending included) in the given teams. */
export function listMemberships(db: Executor, userId: number, teamIds: readonly number[]): Promise<MembershipRow[]> {
  if (teamIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      teamId: teamMembers.teamId,
      accepted: teamMembers.accepted,
      isOwner: teamMembers.isOwner,
      permissions: teamMembers.permissions,
      organizationPermissions: teamMembers.organizationPermissions,
    })
    .from(teamMembers)
    .where(and(eq(teamMembers.userId, userId), anyBigint(teamMembers.teamId, teamIds)));
}

/** Facts deciding whether outsiders may see an organization. */
export async function listOrganizationPublicity(db: Executor, organizationIds: readonly number[]) {
  if (organizationIds.length === 0) return [];
  return db
    .select({
      id: organizations.id,
      teamId: organizations.teamId,
      acceptedMembers: sql<number>`(select count(*) from ${teamMembers} m where m.team_id = organizations.team_id and m.accepted)`.mapWith(Number),
      hasSearchableProject: sql<boolean>`exists (select 1 from ${projects} p where p.organization_id = organizations.id and p.status in ${[...SEARCHABLE_PROJECT_STATUSES]})`,
    })
    .from(organizations)
    .where(inArray(organizations.id, [...organizationIds]));
}

/** The project and status of a version, for access checks outside the versions module. */
export async function findVersionRef(db: Executor, versionId: number): Promise<{ id: number; projectId: number; status: string } | undefined> {
  const [row] = await db.select({ id: versions.id, projectId: versions.projectId, status: versions.status }).from(versions).where(eq(versions.id, versionId)).limit(1);
  return row;
}
