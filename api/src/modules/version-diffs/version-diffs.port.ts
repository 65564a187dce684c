import type { CompareVersionsQuery, VersionDiff } from '@cairn/shared/schemas/version-diffs';
import type { Database } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { createVersionDiffsService } from './version-diffs.service.js';

/** Compares two versions of a project as GET /project/{id}/compare does, for the caller (the server content update preview). */
export type CompareVersions = (actor: Actor | null, project: string, query: CompareVersionsQuery) => Promise<VersionDiff>;

/** The comparison other modules may use, with the same visibility rules as the route. */
export function versionComparison(db: Database): CompareVersions {
  return createVersionDiffsService({ db }).compareVersions;
}
