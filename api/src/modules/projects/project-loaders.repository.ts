import { sql } from 'drizzle-orm';
import { LISTED_VERSION_STATUSES } from '@cairn/shared/constants/project-status';
import type { Executor } from '../../db/client.js';
import { versions } from '../../db/schema/catalogue.js';

/** The loaders of a project's listed versions, those of modpack versions apart from the others. */
export interface LoaderSplit {
  projectId: number;
  /** Loaders of the listed versions that are not modpacks, alphabetical. */
  plain: string[];
  /** Loaders the listed modpack versions run on, alphabetical. */
  modpack: string[];
  /** Whether any listed version is a modpack. */
  hasModpack: boolean;
}

/**
 * Per project, the loaders of its listed versions split by whether the version is a modpack:
 * the v3 shape shows a modpack version's loaders as `mrpack` plus the field `mrpack_loaders`.
 */
export async function listLoaderSplits(db: Executor, projectIds: readonly number[]): Promise<LoaderSplit[]> {
  if (projectIds.length === 0) return [];
  const rows = await db.execute<{ project_id: string; modpack: boolean; loaders: string[] | null }>(sql`
    select v.project_id::text as project_id,
      'modpack' = any(v.project_types) as modpack,
      array_agg(distinct l.loader order by l.loader) filter (where l.loader is not null) as loaders
    from ${versions} v left join lateral unnest(v.loaders) as l(loader) on true
    where v.project_id = any(${sql.param(projectIds.map(Number))}::bigint[]) and v.status in ${[...LISTED_VERSION_STATUSES]}
    group by v.project_id, 2
  `);
  return projectIds.map((projectId) => {
    const own = rows.filter((r) => Number(r.project_id) === projectId);
    const plain = own.find((r) => !r.modpack);
    const packs = own.find((r) => r.modpack);
    return { projectId, plain: plain?.loaders ?? [], modpack: packs?.loaders ?? [], hasModpack: packs !== undefined };
  });
}
