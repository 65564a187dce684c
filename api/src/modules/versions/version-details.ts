import type { Version } from '@cairn/shared/schemas/versions';
import type { Executor } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { notFound } from '../../lib/errors.js';
import { canSeeVersion, listProjectAccess, type ProjectAccess } from '../catalogue-access/access.js';
import { toVersion } from './versions.mapper.js';
import * as repo from './versions.repository.js';
import type { VersionRow } from './versions.repository.js';

/** Wire versions for rows already loaded, in the rows' order (files and dependencies in two queries). */
export async function toWireVersions(db: Executor, rows: readonly VersionRow[], filesBaseUrl: string): Promise<Version[]> {
  const ids = rows.map((r) => r.id);
  const [files, dependencies] = await Promise.all([repo.listFilesOfVersions(db, ids), repo.listDependenciesOfVersions(db, ids)]);
  const filesOf = groupBy(files, (f) => f.versionId);
  const dependenciesOf = groupBy(dependencies, (d) => d.versionId);
  return rows.map((row) => toVersion(row, filesOf.get(row.id) ?? [], dependenciesOf.get(row.id) ?? [], filesBaseUrl));
}

/** Wire versions by id, in the order given (missing ids skipped). */
export async function loadWireVersions(db: Executor, ids: readonly number[], filesBaseUrl: string, options: { changelog?: boolean } = {}): Promise<Version[]> {
  const rows = await repo.listVersionRows(db, [...new Set(ids)], options);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const ordered = ids.map((id) => byId.get(id)).filter((r): r is VersionRow => r !== undefined);
  return toWireVersions(db, ordered, filesBaseUrl);
}

function groupBy<T, K>(items: readonly T[], key: (item: T) => K): Map<K, T[]> {
  const out = new Map<K, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = out.get(k);
    if (list) list.push(item);
    else out.set(k, [item]);
  }
  return out;
}

/**
 * Keeps the items whose version the caller may see (hidden projects and hidden versions only
 * for their team and moderators). Access is looked up once per distinct project.
 */
export async function filterVisible<T extends { projectId: number; status: string }>(db: Executor, actor: Actor | null, items: readonly T[]): Promise<T[]> {
  if (items.length === 0) return [];
  const accesses = await listProjectAccess(db, actor, [...new Set(items.map((i) => i.projectId))]);
  const byProject = new Map(accesses.map((a) => [a.project.id, a]));
  return items.filter((item) => {
    const access = byProject.get(item.projectId);
    return access !== undefined && canSeeVersion(actor, item.status, access);
  });
}

/** A version the caller may see, with its project's access; otherwise 404, as for a missing one. */
export async function requireVisibleVersion(db: Executor, actor: Actor | null, id: number | undefined): Promise<{ row: VersionRow; access: ProjectAccess }> {
  const row = id === undefined ? undefined : await repo.findVersionRow(db, id);
  if (row) {
    const [access] = await listProjectAccess(db, actor, [row.projectId]);
    if (access && canSeeVersion(actor, row.status, access)) return { row, access };
  }
  throw notFound('The version does not exist or you may not see it');
}
