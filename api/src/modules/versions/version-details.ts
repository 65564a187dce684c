import type { Version } from '@cairn/shared/schemas/versions';
import type { VersionV3 } from '@cairn/shared/schemas/catalogue-v3';
import type { Executor } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { notFound } from '../../lib/errors.js';
import { listProjectAccess, type ProjectAccess } from '../access/project.policy.js';
import { canSeeVersion } from '../access/version.policy.js';
import { listVersionRows, loadVersionDetails, withFilesAndDependencies, type VersionDetails, type VersionRow } from './version-details.repository.js';
import type { VersionCache } from './version-cache.js';
import { toVersion, withSignedFileUrls, type FileLinks } from './versions.mapper.js';
import { toVersionV3 } from './version-v3.mapper.js';
import { findVersionRow, listNonPublicVersionIds } from './versions.repository.js';

/**
 * Wire versions for rows already loaded, in the rows' order. Callers answer only versions the
 * caller may see, so links to files of non-public versions are signed for this caller.
 */
export async function toWireVersions(db: Executor, rows: readonly VersionRow[], links: FileLinks, options: { changelog?: boolean } = {}): Promise<Version[]> {
  return present(db, rows, links, (details) => toVersion(details, links.publicApiUrl, options));
}

/** The same, in the reference's v3 shape (the /v3 routes). */
export async function toWireVersionsV3(db: Executor, rows: readonly VersionRow[], links: FileLinks): Promise<VersionV3[]> {
  return present(db, rows, links, (details) => toVersionV3(details, links.publicApiUrl));
}

async function present<T extends Version | VersionV3>(db: Executor, rows: readonly VersionRow[], links: FileLinks, map: (details: VersionDetails) => T): Promise<T[]> {
  const [all, nonPublic] = await Promise.all([withFilesAndDependencies(db, rows), listNonPublicVersionIds(db, rows.map((r) => r.id))]);
  return all.map((details) => {
    const version = map(details);
    return nonPublic.has(details.row.id) ? withSignedFileUrls(version, links.tokens) : version;
  });
}

/** Wire versions by id, in the order given (missing ids skipped). */
export async function loadWireVersions(db: Executor, ids: readonly number[], links: FileLinks): Promise<Version[]> {
  const rows = await listVersionRows(db, [...new Set(ids)]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return toWireVersions(db, ids.map((id) => byId.get(id)).filter((r): r is VersionRow => r !== undefined), links);
}

/**
 * Serialized wire versions (UTF-8 JSON) by id, from the cache where present; the others are
 * loaded (in three queries whatever their number), serialized and cached. Missing ids are left out.
 * The cache holds unsigned links: non-public versions (which callers answer only to those who
 * may see them) are re-serialized with signed file links.
 */
export async function loadVersionJson(
  db: Executor,
  cache: VersionCache,
  versions: readonly { versionId: number; projectId: number }[],
  links: FileLinks,
  /** Which of them are not public, when the caller already knows (else it is looked up). */
  nonPublic?: ReadonlySet<number>,
): Promise<Map<number, Buffer>> {
  const out = await loadUnsignedVersionJson(db, cache, versions, links.publicApiUrl);
  for (const id of nonPublic ?? (await listNonPublicVersionIds(db, [...out.keys()]))) {
    if (!out.has(id)) continue;
    const version = JSON.parse(out.get(id)!.toString('utf8')) as Version;
    out.set(id, Buffer.from(JSON.stringify(withSignedFileUrls(version, links.tokens))));
  }
  return out;
}

async function loadUnsignedVersionJson(
  db: Executor,
  cache: VersionCache,
  versions: readonly { versionId: number; projectId: number }[],
  publicApiUrl: string,
): Promise<Map<number, Buffer>> {
  const out = new Map<number, Buffer>();
  const generations = new Map<number, number>();
  for (const { versionId, projectId } of versions) {
    if (out.has(versionId)) continue;
    const json = cache.get(versionId);
    if (json !== undefined) out.set(versionId, json);
    // Read before loading: a change arriving meanwhile keeps the loaded copy out of the cache.
    else if (!generations.has(projectId)) generations.set(projectId, cache.generation(projectId));
  }
  const missing = versions.filter((v) => !out.has(v.versionId)).map((v) => v.versionId);
  for (const details of await loadVersionDetails(db, missing)) {
    const text = JSON.stringify(toVersion(details, publicApiUrl));
    // Memory of its own rather than a slice of Node's shared pool, as it may stay cached for long.
    const json = Buffer.allocUnsafeSlow(Buffer.byteLength(text));
    json.write(text);
    cache.set(details.row.id, details.row.projectId, json, generations.get(details.row.projectId)!);
    out.set(details.row.id, json);
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

/** The versions among `ids` the caller may see, as wire versions (the dependency lists of projects). */
export async function loadVisibleWireVersions(db: Executor, actor: Actor | null, ids: readonly number[], links: FileLinks): Promise<Version[]> {
  const rows = await filterVisible(db, actor, await listVersionRows(db, [...new Set(ids)]));
  return toWireVersions(db, rows, links);
}

/** A version the caller may see, with its project's access; otherwise 404, as for a missing one. */
export async function requireVisibleVersion(db: Executor, actor: Actor | null, id: number | undefined): Promise<{ row: VersionRow; access: ProjectAccess }> {
  const row = id === undefined ? undefined : await findVersionRow(db, id);
  if (row) {
    const [access] = await listProjectAccess(db, actor, [row.projectId]);
    if (access && canSeeVersion(actor, row.status, access)) return { row, access };
  }
  throw notFound('The version does not exist or you may not see it');
}
