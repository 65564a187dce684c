import { and, arrayOverlaps, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { HIDDEN_PROJECT_STATUSES, LISTED_VERSION_STATUSES } from '@cairn/shared/constants/project-status';
import type { Executor } from '../../db/client.js';
import { projects, versions } from '../../db/schema/catalogue.js';
import { anyBigint } from '../../db/sql-helpers.js';
import { versionColumns, withFilesAndDependencies } from './version-details.repository.js';

/** A public version that can be put on a game server: its primary file and its dependencies. */
export interface InstallableVersion {
  id: number;
  projectId: number;
  versionNumber: string;
  loaders: string[];
  gameVersions: string[];
  file: { filename: string; blobKey: string; size: number; sha1: string; sha512: string };
  dependencies: Array<{ projectId: number | null; versionId: number | null; type: string }>;
}

/**
 * Listed versions of public projects (what anyone may download), newest first, optionally only
 * those for one of `loaders` on `gameVersion`. Versions without a file are left out.
 */
export async function listInstallableVersions(
  db: Executor,
  where: { projectIds?: readonly number[]; versionIds?: readonly number[]; loaders?: readonly string[]; gameVersion?: string },
): Promise<InstallableVersion[]> {
  const conditions = [inArray(versions.status, [...LISTED_VERSION_STATUSES]), notInArray(projects.status, [...HIDDEN_PROJECT_STATUSES])];
  if (where.projectIds) conditions.push(anyBigint(versions.projectId, where.projectIds));
  if (where.versionIds) conditions.push(anyBigint(versions.id, where.versionIds));
  if (where.loaders) conditions.push(where.loaders.length ? arrayOverlaps(versions.loaders, [...where.loaders]) : sql`false`);
  if (where.gameVersion) conditions.push(arrayOverlaps(versions.gameVersions, [where.gameVersion]));
  const rows = await db
    .select(versionColumns)
    .from(versions)
    .innerJoin(projects, eq(projects.id, versions.projectId))
    .where(and(...conditions))
    .orderBy(desc(versions.datePublished), desc(versions.id));
  const out: InstallableVersion[] = [];
  for (const { row, files, dependencies } of await withFilesAndDependencies(db, rows)) {
    const file = files.find((f) => f.primary) ?? files[0];
    if (!file) continue;
    out.push({
      id: row.id,
      projectId: row.projectId,
      versionNumber: row.versionNumber,
      loaders: row.loaders,
      gameVersions: row.gameVersions,
      file: { filename: file.filename, blobKey: file.blobKey, size: file.size, sha1: file.sha1, sha512: file.sha512 },
      dependencies: dependencies.map((d) => ({ projectId: d.dependencyProjectId, versionId: d.dependencyVersionId, type: d.dependencyType })),
    });
  }
  return out;
}

/** Version id → its project id (any status): a dependency naming only a version needs its project. */
export { listVersionProjects } from './versions.repository.js';
