import type { HashAlgorithm } from '@cairn/shared/schemas/hashes';
import type { Executor } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { filterVisible } from './version-details.js';
import { listVersionsByFileHashes } from './versions.repository.js';

/** A version holding a file with one of the hashes asked about. */
export interface HashMatch {
  /** The hash as stored (lower-case hex). */
  hash: string;
  fileId: number;
  versionId: number;
  projectId: number;
  status: string;
}

/**
 * The versions holding files with these hashes that the caller may see, newest first: what every
 * lookup by hash answers from (hidden versions and versions of projects the caller may not see
 * are left out, as if absent).
 */
export async function listVisibleHashMatches(db: Executor, actor: Actor | null, hashes: readonly string[], algorithm: HashAlgorithm): Promise<HashMatch[]> {
  return filterVisible(db, actor, await listVersionsByFileHashes(db, algorithm, [...new Set(hashes)]));
}

/** The project of each hash's file: that of the newest matching version (matches come newest first). */
export function projectOfEachHash(matches: readonly HashMatch[]): Map<string, number> {
  const projects = new Map<string, number>();
  for (const match of matches) if (!projects.has(match.hash)) projects.set(match.hash, match.projectId);
  return projects;
}
