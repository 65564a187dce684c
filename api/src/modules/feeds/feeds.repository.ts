import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { organizations, projects, teamMembers, versions } from '../../db/schema/catalogue.js';
import { collectionProjects, collections } from '../../db/schema/collections.js';
import { users } from '../../db/schema/users.js';
import { anyText } from '../../db/sql-helpers.js';
import { FEED_PROJECT_STATUSES, FEED_VERSION_STATUSES } from '../access/feed.policy.js';

export interface FeedProjectRow {
  id: number;
  slug: string;
  title: string;
  summary: string;
  status: string;
  updated: Date;
  iconKey: string | null;
  /** The owning organization's name, or the team owner's username. */
  ownerName: string | null;
  organizationSlug: string | null;
}

export interface FeedVersionRow {
  id: number;
  projectId: number;
  projectTitle: string;
  versionNumber: string;
  name: string;
  versionType: string;
  changelog: string;
  datePublished: Date;
  loaders: string[];
  gameVersions: string[];
  authorName: string;
}

/** Projects named by id or slug: an id match wins over a slug match, as everywhere in the catalogue. */
export async function findProjectByIdOrSlug(db: Executor, text: string, id: number | undefined): Promise<FeedProjectRow | undefined> {
  const owner = db
    .select({ name: users.username })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(and(eq(teamMembers.teamId, projects.teamId), eq(teamMembers.isOwner, true)))
    .limit(1);
  const rows = await db
    .select({
      id: projects.id,
      slug: projects.slug,
      title: projects.title,
      summary: projects.summary,
      status: projects.status,
      updated: projects.updated,
      iconKey: projects.iconKey,
      ownerName: sql<string | null>`coalesce(${organizations.name}, (${owner}))`,
      organizationSlug: organizations.slug,
    })
    .from(projects)
    .leftJoin(organizations, eq(organizations.id, projects.organizationId))
    .where(id !== undefined ? sql`${projects.id} = ${id} or lower(${projects.slug}) = lower(${text})` : sql`lower(${projects.slug}) = lower(${text})`);
  return rows.find((r) => r.id === id) ?? rows[0];
}

export async function findUserByIdOrUsername(db: Executor, text: string, id: number | undefined): Promise<{ id: number; username: string; created: Date } | undefined> {
  const rows = await db
    .select({ id: users.id, username: users.username, created: users.created })
    .from(users)
    .where(id !== undefined ? sql`${users.id} = ${id} or lower(${users.username}) = lower(${text})` : sql`lower(${users.username}) = lower(${text})`);
  return rows.find((r) => r.id === id) ?? rows[0];
}

export interface FeedCollectionRow {
  id: number;
  userId: number;
  name: string;
  description: string | null;
  status: string;
  updated: Date;
  curatorName: string;
  projectCount: number;
}

export async function findCollection(db: Executor, id: number): Promise<FeedCollectionRow | undefined> {
  const [row] = await db
    .select({
      id: collections.id,
      userId: collections.userId,
      name: collections.name,
      description: collections.description,
      status: collections.status,
      updated: collections.updated,
      curatorName: users.username,
      projectCount: sql<number>`(select count(*) from ${collectionProjects} cp where cp.collection_id = ${collections.id})`.mapWith(Number),
    })
    .from(collections)
    .innerJoin(users, eq(users.id, collections.userId))
    .where(eq(collections.id, id));
  return row;
}

/** Which projects a version feed covers. */
export type VersionFeedScope = { projectId: number } | { memberId: number } | { collectionId: number };

function scopeCondition(scope: VersionFeedScope) {
  if ('projectId' in scope) return eq(projects.id, scope.projectId);
  // As on the user's page: projects whose own team has the user as an accepted member.
  if ('memberId' in scope)
    return sql`${projects.organizationId} is null and exists (select 1 from ${teamMembers} tm where tm.team_id = ${projects.teamId} and tm.user_id = ${scope.memberId} and tm.accepted)`;
  return sql`exists (select 1 from ${collectionProjects} cp where cp.project_id = ${projects.id} and cp.collection_id = ${scope.collectionId})`;
}

/** The newest versions the feeds may show of the projects in `scope`, newest first. */
export function listFeedVersions(db: Executor, scope: VersionFeedScope, limit: number): Promise<FeedVersionRow[]> {
  return db
    .select({
      id: versions.id,
      projectId: versions.projectId,
      projectTitle: projects.title,
      versionNumber: versions.versionNumber,
      name: versions.name,
      versionType: versions.versionType,
      changelog: versions.changelog,
      datePublished: versions.datePublished,
      loaders: versions.loaders,
      gameVersions: versions.gameVersions,
      authorName: users.username,
    })
    .from(versions)
    .innerJoin(projects, eq(projects.id, versions.projectId))
    .innerJoin(users, eq(users.id, versions.authorId))
    .where(and(scopeCondition(scope), anyText(projects.status, FEED_PROJECT_STATUSES), anyText(versions.status, FEED_VERSION_STATUSES)))
    .orderBy(desc(versions.datePublished), desc(versions.id))
    .limit(limit);
}
