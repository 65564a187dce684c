import {
  MOD_CHANGELOG_LIMIT,
  VERSIONS_BETWEEN_LIMIT,
  type CompareVersionsQuery,
  type UpdatedMod,
  type VersionDiff,
} from '@cairn/shared/schemas/version-diffs';
import type { Database } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { encodeBase62, parseId } from '../../lib/ids.js';
import { listProjectAccess, requireVisibleProject, type ProjectAccess } from '../access/project.policy.js';
import { canSeeVersion, seesHiddenVersions } from '../access/version.policy.js';
import { listDependenciesOfVersions, listFilesOfVersions } from '../versions/version-contents.port.js';
import { diffDependencies, diffFiles, diffMods, diffValues, keepNewest, type DiffDependencyRow, type PackMod } from './version-diff.js';
import { toComparedVersion, toDiffDependency, toDiffFile, toDiffMod, toVersionBetween, type DiffNames } from './version-diffs.mapper.js';
import * as repo from './version-diffs.repository.js';

/**
 * Comparing two versions of a project (docs/api/versions.md, "Comparing two versions").
 * Everything is bulk-loaded: a fixed number of queries whatever the number of files,
 * dependencies or mods in a pack.
 */
export function createVersionDiffsService(deps: { db: Database }) {
  const { db } = deps;

  /** The two versions, oldest first; 404 naming the field for one the caller may not see in this project. */
  async function loadPair(actor: Actor | null, access: ProjectAccess, query: CompareVersionsQuery) {
    const fromId = parseId(query.from);
    const toId = parseId(query.to);
    if (query.from === query.to || (fromId !== undefined && fromId === toId)) throw badRequest("Invalid query 'to': must name another version than 'from'");
    const ids = [fromId, toId].filter((id): id is number => id !== undefined);
    const rows = (await repo.listComparedVersions(db, ids)).filter((r) => r.projectId === access.project.id && canSeeVersion(actor, r.status, access));
    for (const [field, id] of [['from', fromId], ['to', toId]] as const) {
      if (!rows.some((r) => r.id === id)) throw notFound(`Invalid query '${field}': version '${query[field]}' does not exist in this project or you may not see it`);
    }
    const [older, newer] = rows as [repo.ComparedVersionRow, repo.ComparedVersionRow];
    return { older, newer, swapped: older.id !== fromId };
  }

  /** Slugs and titles of the visible projects, numbers of the visible versions, among those named. */
  async function loadNames(actor: Actor | null, projectIds: readonly number[], versionRefs: readonly repo.VersionRefRow[]) {
    const accesses = await listProjectAccess(db, actor, [...new Set(projectIds)]);
    const visible = accesses.filter((a) => a.visible);
    const titles = await repo.listProjectTitles(
      db,
      visible.map((a) => a.project.id),
    );
    const accessOf = new Map(visible.map((a) => [a.project.id, a]));
    const names: DiffNames = {
      projects: new Map(visible.map((a) => [a.project.id, { slug: a.project.slug, title: titles.get(a.project.id) ?? a.project.slug }])),
      versionNumbers: new Map(),
    };
    for (const ref of versionRefs) {
      const access = accessOf.get(ref.projectId);
      if (access && canSeeVersion(actor, ref.status, access)) names.versionNumbers.set(ref.id, ref.versionNumber);
    }
    return { names, accessOf };
  }

  /**
   * Updated mods with the changelogs of the mod's versions in between (one query for every
   * mod); only for mods whose project the caller may see, and only upwards (a downgrade
   * lists none).
   */
  async function loadModUpdates(
    actor: Actor | null,
    updates: ReturnType<typeof diffMods>['updated'],
    names: DiffNames,
    accessOf: Map<number, ProjectAccess>,
  ): Promise<UpdatedMod[]> {
    const ranges = updates.flatMap((u) =>
      accessOf.has(u.projectId) && u.from.versionId !== null && u.to.versionId !== null ? [{ projectId: u.projectId, after: u.from.versionId, upTo: u.to.versionId }] : [],
    );
    const seesHidden = ranges.map((r) => r.projectId).filter((id) => seesHiddenVersions(actor, accessOf.get(id)!));
    const rows = await repo.listVersionsInRanges(db, ranges, seesHidden, MOD_CHANGELOG_LIMIT + 1);
    return updates.map((u) => {
      const kept = keepNewest(
        rows.filter((r) => r.projectId === u.projectId),
        MOD_CHANGELOG_LIMIT,
      );
      const side = (mod: PackMod) => {
        const wire = toDiffMod(mod, names);
        return { version_id: wire.version_id, version_number: wire.version_number };
      };
      const project = toDiffMod(u.to, names);
      return {
        project_id: encodeBase62(u.projectId),
        project_slug: project.project_slug,
        project_title: project.project_title,
        from: side(u.from),
        to: side(u.to),
        changelogs: kept.items.map((r) => ({ id: encodeBase62(r.id), version_number: r.versionNumber, date_published: r.datePublished.toISOString(), changelog: r.changelog })),
        changelogs_truncated: kept.truncated,
      };
    });
  }

  return {
    async compareVersions(actor: Actor | null, projectText: string, query: CompareVersionsQuery): Promise<VersionDiff> {
      const access = await requireVisibleProject(db, actor, projectText);
      const { older, newer, swapped } = await loadPair(actor, access, query);
      const pair = [older.id, newer.id];
      const [between, files, dependencies] = await Promise.all([
        repo.listVersionsBetween(db, { projectId: access.project.id, after: older.id, upTo: newer.id, hidden: seesHiddenVersions(actor, access), limit: VERSIONS_BETWEEN_LIMIT + 1 }),
        listFilesOfVersions(db, pair),
        listDependenciesOfVersions(db, pair),
      ]);

      const refs = await repo.listVersionRefs(db, [...new Set(dependencies.flatMap((d) => (d.dependencyVersionId === null ? [] : [d.dependencyVersionId])))]);
      const projectOfVersion = new Map(refs.map((r) => [r.id, r.projectId]));
      const resolved = dependencies.map((d) => ({
        versionOf: d.versionId,
        row: {
          projectId: d.dependencyProjectId ?? (d.dependencyVersionId === null ? null : (projectOfVersion.get(d.dependencyVersionId) ?? null)),
          versionId: d.dependencyVersionId,
          fileName: d.fileName,
          dependencyType: d.dependencyType,
        } satisfies DiffDependencyRow,
      }));
      // A modpack's embedded dependencies are its contents (version-creation.ts, embeddedDependencies).
      const modpack = [older, newer].some((v) => v.projectTypes.includes('modpack'));
      const isContent = (row: DiffDependencyRow) => modpack && row.dependencyType === 'embedded';
      const of = (versionId: number, content: boolean) => resolved.filter((d) => d.versionOf === versionId && isContent(d.row) === content).map((d) => d.row);
      const declared = diffDependencies(of(older.id, false), of(newer.id, false));
      const mods = modpack ? diffMods(of(older.id, true), of(newer.id, true)) : undefined;

      const { names, accessOf } = await loadNames(
        actor,
        resolved.flatMap((d) => (d.row.projectId === null ? [] : [d.row.projectId])),
        refs,
      );
      const updated = await loadModUpdates(actor, mods?.updated ?? [], names, accessOf);

      const filesOf = (versionId: number) => files.filter((f) => f.versionId === versionId);
      const fileChanges = diffFiles(filesOf(older.id), filesOf(newer.id));
      const betweenKept = keepNewest(between, VERSIONS_BETWEEN_LIMIT);
      return {
        project_id: encodeBase62(access.project.id),
        from: toComparedVersion(older),
        to: toComparedVersion(newer),
        swapped,
        versions_between: betweenKept.items.map(toVersionBetween),
        versions_between_truncated: betweenKept.truncated,
        game_versions: diffValues(older.gameVersions, newer.gameVersions),
        loaders: diffValues(older.loaders, newer.loaders),
        files: {
          added: fileChanges.added.map(toDiffFile),
          removed: fileChanges.removed.map(toDiffFile),
          changed: fileChanges.changed.map((c) => ({ from: toDiffFile(c.from), to: toDiffFile(c.to) })),
        },
        dependencies: {
          added: declared.added.map((d) => toDiffDependency(d, names)),
          removed: declared.removed.map((d) => toDiffDependency(d, names)),
          changed: declared.changed.map((c) => ({ from: toDiffDependency(c.from, names), to: toDiffDependency(c.to, names) })),
        },
        modpack: mods
          ? { added: mods.added.map((m) => toDiffMod(m, names)), removed: mods.removed.map((m) => toDiffMod(m, names)), updated }
          : null,
      };
    },
  };
}

export type VersionDiffsService = ReturnType<typeof createVersionDiffsService>;
