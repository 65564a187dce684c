import { isHiddenProjectStatus, isHiddenVersionStatus } from '@cairn/shared/constants/project-status';
import type { HashAlgorithm } from '@cairn/shared/schemas/hashes';
import type { Executor } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { accessFor, type ProjectRef } from '../access/project.policy.js';
import { canSeeVersion, publicVersionsCondition } from '../access/version.policy.js';
import { listPublicVersionsByFileHashes, listVersionsByFileHashes, type HashRow } from './versions.repository.js';

/** A version holding a file with one of the hashes asked about. */
export interface HashMatch {
  /** The hash as stored (lower-case hex). */
  hash: string;
  fileId: number;
  versionId: number;
  projectId: number;
  status: string;
  /** Everyone may see it (neither it nor its project is hidden), so its file links need no signing. */
  public: boolean;
  /** Its project is hidden (only its members and staff see it). */
  projectHidden: boolean;
}

/**
 * The versions holding files with these hashes that the caller may see, newest first: what every
 * lookup by hash answers from (hidden versions and versions of projects the caller may not see
 * are left out, as if absent). One statement for an anonymous caller, two for a signed-in one.
 */
export async function listVisibleHashMatches(db: Executor, actor: Actor | null, hashes: readonly string[], algorithm: HashAlgorithm): Promise<HashMatch[]> {
  const distinct = [...new Set(hashes)];
  if (actor !== null) return visibleHashMatches(db, actor, await listVersionsByFileHashes(db, algorithm, distinct));
  const rows = await listPublicVersionsByFileHashes(db, algorithm, distinct, publicVersionsCondition);
  return rows.map((row) => ({ ...row, public: true, projectHidden: false }));
}

/** The rows of `listVersionsByFileHashes` a signed-in caller may see. */
async function visibleHashMatches(db: Executor, actor: Actor, rows: readonly HashRow[]): Promise<HashMatch[]> {
  if (rows.length === 0) return [];
  const refs = new Map<number, ProjectRef>();
  for (const row of rows) {
    if (refs.has(row.projectId)) continue;
    refs.set(row.projectId, {
      id: row.projectId,
      slug: row.projectSlug,
      status: row.projectStatus,
      teamId: row.teamId,
      organizationId: row.organizationId,
      organizationTeamId: row.organizationTeamId,
    });
  }
  const accessOf = new Map((await accessFor(db, actor, [...refs.values()])).map((access) => [access.project.id, access]));
  const visible: HashMatch[] = [];
  for (const row of rows) {
    if (!canSeeVersion(actor, row.status, accessOf.get(row.projectId)!)) continue;
    visible.push({
      hash: row.hash,
      fileId: row.fileId,
      versionId: row.versionId,
      projectId: row.projectId,
      status: row.status,
      public: !isHiddenVersionStatus(row.status) && !isHiddenProjectStatus(row.projectStatus),
      projectHidden: isHiddenProjectStatus(row.projectStatus),
    });
  }
  return visible;
}

/** The project of each hash's file: that of the newest matching version (matches come newest first). */
export function projectOfEachHash(matches: readonly HashMatch[]): Map<string, number> {
  const projects = new Map<string, number>();
  for (const match of matches) if (!projects.has(match.hash)) projects.set(match.hash, match.projectId);
  return projects;
}
