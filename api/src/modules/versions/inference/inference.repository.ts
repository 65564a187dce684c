import { and, eq, inArray, sql } from 'drizzle-orm';
import { LISTED_VERSION_STATUSES } from '@cairn/shared/constants/project-status';
import type { Executor } from '../../../db/client.js';
import { projects, versions } from '../../../db/schema/catalogue.js';

/** Project ids by lower-cased slug (slugs only: a mod id that happens to read as an id is not one). */
export async function listProjectIdsBySlugs(db: Executor, slugs: readonly string[]): Promise<Map<string, number>> {
  if (slugs.length === 0) return new Map();
  const rows = await db
    .select({ id: projects.id, slug: sql<string>`lower(${projects.slug})` })
    .from(projects)
    .where(inArray(sql`lower(${projects.slug})`, [...slugs]));
  return new Map(rows.map((r) => [r.slug, r.id]));
}

/** What a project's type is derived from: the declared type and the types of its listed versions. */
export async function findProjectTypeSources(db: Executor, projectId: number): Promise<{ declaredType: string; versionTypes: string[] } | undefined> {
  const [project] = await db.select({ declaredType: projects.declaredType }).from(projects).where(eq(projects.id, projectId)).limit(1);
  if (!project) return undefined;
  const types = await db
    .selectDistinct({ type: sql<string>`unnest(${versions.projectTypes})` })
    .from(versions)
    .where(and(eq(versions.projectId, projectId), inArray(versions.status, [...LISTED_VERSION_STATUSES])));
  return { declaredType: project.declaredType, versionTypes: types.map((t) => t.type) };
}
