import { sql } from 'drizzle-orm';
import { LISTED_VERSION_STATUSES } from '@cairn/shared/constants/project-status';
import type { Executor } from '../../db/client.js';
import { projects, versionDependencies, versions } from '../../db/schema/catalogue.js';
import { gameVersions } from '../../db/schema/tags.js';
import { anyBigint } from '../../db/sql-helpers.js';

/** A version with its dependencies, as the plan reads it. */
export interface PlanVersionRow {
  id: number;
  projectId: number;
  status: string;
  loaders: string[];
  gameVersions: string[];
  dependencies: Array<{ projectId: number | null; versionId: number | null; type: string }>;
}

interface RawVersionRow extends Record<string, unknown> {
  id: string;
  project_id: string;
  status: string;
  loaders: string[];
  game_versions: string[];
  dependencies: Array<[string | null, string | null, string]>;
}

// The dependencies travel with each version as a JSON array, so a level costs one statement.
const dependenciesColumn = sql`coalesce((
  select json_agg(json_build_array(d.dependency_project_id::text, d.dependency_version_id::text, d.dependency_type) order by d.id)
  from ${versionDependencies} d where d.version_id = ${versions.id}
), '[]'::json) as dependencies`;

const toRow = (raw: RawVersionRow): PlanVersionRow => ({
  id: Number(raw.id),
  projectId: Number(raw.project_id),
  status: raw.status,
  loaders: raw.loaders,
  gameVersions: raw.game_versions,
  dependencies: raw.dependencies.map(([projectId, versionId, type]) => ({
    projectId: projectId === null ? null : Number(projectId),
    versionId: versionId === null ? null : Number(versionId),
    type,
  })),
});

export interface PlanTargetFilter {
  loader: string;
  gameVersion: string;
  versionTypes: readonly string[];
}

/**
 * Each project's best version for the target, in one statement: listed (or archived) versions
 * for the loader and game version of an allowed type, a release before a beta before an alpha,
 * then the newest.
 */
export async function listBestVersions(
  db: Executor,
  projectIds: readonly number[],
  target: PlanTargetFilter,
): Promise<PlanVersionRow[]> {
  if (projectIds.length === 0) return [];
  const rows = await db.execute<RawVersionRow>(sql`
    select distinct on (${versions.projectId})
      ${versions.id}::text as id, ${versions.projectId}::text as project_id, ${versions.status} as status,
      ${versions.loaders} as loaders, ${versions.gameVersions} as game_versions, ${dependenciesColumn}
    from ${versions}
    where ${anyBigint(versions.projectId, projectIds)}
      and ${versions.status} in ${[...LISTED_VERSION_STATUSES]}
      and ${versions.loaders} @> array[${target.loader}]::text[]
      and ${versions.gameVersions} @> array[${target.gameVersion}]::text[]
      and ${versions.versionType} in ${[...target.versionTypes]}
    order by ${versions.projectId},
      case ${versions.versionType} when 'release' then 0 when 'beta' then 1 else 2 end,
      ${versions.datePublished} desc, ${versions.id} desc
  `);
  return rows.map(toRow);
}

/** Versions by id (any status: the caller's access is decided by the service), in one statement. */
export async function listVersionsByIds(db: Executor, ids: readonly number[]): Promise<PlanVersionRow[]> {
  if (ids.length === 0) return [];
  const rows = await db.execute<RawVersionRow>(sql`
    select ${versions.id}::text as id, ${versions.projectId}::text as project_id, ${versions.status} as status,
      ${versions.loaders} as loaders, ${versions.gameVersions} as game_versions, ${dependenciesColumn}
    from ${versions}
    where ${anyBigint(versions.id, ids)}
  `);
  return rows.map(toRow);
}

/**
 * Each project's newest game version among its listed versions for the loader and release
 * channels (game versions ordered as the tag list orders them: explicit ordering, then date).
 */
export async function listNewestGameVersions(
  db: Executor,
  projectIds: readonly number[],
  target: Omit<PlanTargetFilter, 'gameVersion'>,
): Promise<Map<number, string>> {
  if (projectIds.length === 0) return new Map();
  const rows = await db.execute<{ project_id: string; version: string }>(sql`
    select distinct on (${versions.projectId}) ${versions.projectId}::text as project_id, ${gameVersions.version} as version
    from ${versions}
    cross join lateral unnest(${versions.gameVersions}) as g(name)
    join ${gameVersions} on ${gameVersions.version} = g.name
    where ${anyBigint(versions.projectId, projectIds)}
      and ${versions.status} in ${[...LISTED_VERSION_STATUSES]}
      and ${versions.loaders} @> array[${target.loader}]::text[]
      and ${versions.versionType} in ${[...target.versionTypes]}
    order by ${versions.projectId}, ${gameVersions.ordering} asc nulls last, ${gameVersions.date} desc, ${gameVersions.id} desc
  `);
  return new Map(rows.map((r) => [Number(r.project_id), r.version]));
}

/** Names and slugs of projects, for the answer. */
export function listPlanProjects(db: Executor, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({ id: projects.id, slug: projects.slug, title: projects.title, declaredType: projects.declaredType })
    .from(projects)
    .where(anyBigint(projects.id, ids));
}
