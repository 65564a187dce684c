import { MAX_PLAN_PROJECTS, type DependencyPlanBody } from '@cairn/shared/schemas/dependency-plan';
import { algorithmOfHash, type HashAlgorithm } from '@cairn/shared/schemas/hashes';
import type { Database } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { parseId } from '../../lib/ids.js';
import { listProjectAccess, listProjectAccessByIdOrSlug } from '../access/project.policy.js';
import { canSeeVersion } from '../access/version.policy.js';
import { listVisibleHashMatches, projectOfEachHash } from '../versions/version-hashes.port.js';
import { loadVersionJson, type FileLinks, type VersionCache } from '../versions/version-json.port.js';
import { serializeDependencyPlan } from './dependency-plan.mapper.js';
import * as repo from './dependency-plan.repository.js';
import { createPlanResolver, isEmptyRequest, type LevelRequest, type LoadedLevel, type PlanInputRef } from './plan-resolver.js';

export interface DependencyPlanServiceDeps {
  db: Database;
  /** Serialized versions (the answer's `versions` are assembled from it). */
  cache: VersionCache;
  links: FileLinks;
}

const EMPTY_LEVEL: LoadedLevel = { visibleProjects: new Set(), best: new Map(), pinned: new Map() };

/**
 * POST /v2/dependency_plan: resolves a set of mods and their dependencies to one loader and game
 * version for the caller, seeing only what the caller may see (docs/api/dependency-plan.md).
 * Every dependency level costs two version statements (best versions of the projects named,
 * pinned versions) and the access look-up, whatever the number of projects in it.
 */
export function createDependencyPlanService(deps: DependencyPlanServiceDeps) {
  const { db } = deps;

  /** Which project each hash's file belongs to (files the caller may see; one statement per algorithm). */
  async function projectsOfHashes(actor: Actor | null, hashes: readonly string[], algorithm: HashAlgorithm | undefined): Promise<Map<string, number>> {
    const byAlgorithm = new Map<HashAlgorithm, string[]>();
    for (const hash of new Set(hashes)) {
      const chosen = algorithmOfHash(hash, algorithm);
      byAlgorithm.set(chosen, [...(byAlgorithm.get(chosen) ?? []), hash]);
    }
    const found = new Map<string, number>();
    for (const [chosen, group] of byAlgorithm) for (const [hash, projectId] of projectOfEachHash(await listVisibleHashMatches(db, actor, group, chosen))) found.set(hash, projectId);
    return found;
  }

  async function projectsOfNames(actor: Actor | null, names: readonly string[]): Promise<Map<string, number>> {
    const accesses = (await listProjectAccessByIdOrSlug(db, actor, names)).filter((a) => a.visible);
    const found = new Map<string, number>();
    for (const name of names) {
      const id = parseId(name);
      const access = accesses.find((a) => a.project.id === id) ?? accesses.find((a) => a.project.slug.toLowerCase() === name.toLowerCase());
      if (access) found.set(name, access.project.id);
    }
    return found;
  }

  /** One level: the best versions of the projects asked about and the pinned versions, kept to what the caller may see. */
  async function loadLevel(actor: Actor | null, request: LevelRequest, target: repo.PlanTargetFilter): Promise<LoadedLevel> {
    if (isEmptyRequest(request)) return EMPTY_LEVEL;
    const [best, pinned] = await Promise.all([repo.listBestVersions(db, request.projectIds, target), repo.listVersionsByIds(db, request.versionIds)]);
    const accesses = await listProjectAccess(db, actor, [...new Set([...request.projectIds, ...pinned.map((v) => v.projectId)])]);
    const accessOf = new Map(accesses.map((a) => [a.project.id, a]));
    const visibleProjects = new Set(accesses.filter((a) => a.visible).map((a) => a.project.id));
    return {
      visibleProjects,
      best: new Map(best.filter((v) => visibleProjects.has(v.projectId)).map((v) => [v.projectId, v])),
      pinned: new Map(
        pinned.filter((v) => accessOf.has(v.projectId) && canSeeVersion(actor, v.status, accessOf.get(v.projectId)!)).map((v) => [v.id, v]),
      ),
    };
  }

  return {
    /** The plan as serialized JSON (its versions come from the version cache). */
    async planDependencies(actor: Actor | null, body: DependencyPlanBody): Promise<Buffer> {
      const target = { loader: body.loader, gameVersion: body.game_version, versionTypes: [...new Set(body.version_types)] };
      const hashes = body.hashes ?? [];
      const names = body.projects ?? [];
      const [hashProjects, nameProjects] = await Promise.all([projectsOfHashes(actor, hashes, body.algorithm), projectsOfNames(actor, names)]);
      const inputs: PlanInputRef[] = [
        ...hashes.map((hash) => ({ kind: 'hash' as const, projectId: hashProjects.get(hash) })),
        ...names.map((name) => ({ kind: 'project' as const, projectId: nameProjects.get(name) })),
      ];
      const resolver = createPlanResolver(target, inputs, MAX_PLAN_PROJECTS);
      let request = resolver.firstRequest();
      do request = resolver.resolveLevel(await loadLevel(actor, request, target));
      while (!isEmptyRequest(request));
      const [optionalLevel, newest] = await Promise.all([
        loadLevel(actor, resolver.optionalRequest(), target),
        repo.listNewestGameVersions(db, resolver.projectsWithoutTarget(), target),
      ]);
      const outcome = resolver.finish(optionalLevel);
      const [versionJson, projects] = await Promise.all([loadVersionJson(db, deps.cache, outcome.versions, deps.links), repo.listPlanProjects(db, outcome.projectIds)]);
      return serializeDependencyPlan({ target: body, outcome, newestGameVersions: newest, projects, versionJson });
    },
  };
}

export type DependencyPlanService = ReturnType<typeof createDependencyPlanService>;
