/**
 * The dependency plan's rules, over data already loaded: no I/O here. The service loads one
 * dependency level at a time (what `resolveLevel` asks for next) and hands it back, so the graph
 * is walked breadth first with every project and pinned version visited once (cycles end there).
 * Rules: docs/api/dependency-plan.md, "Resolution".
 */

export interface PlanTarget {
  loader: string;
  gameVersion: string;
}

export interface PlanDependencyRef {
  projectId: number | null;
  versionId: number | null;
  type: string;
}

/** A version as the resolver sees it. */
export interface PlanVersion {
  id: number;
  projectId: number;
  loaders: readonly string[];
  gameVersions: readonly string[];
  dependencies: readonly PlanDependencyRef[];
}

/** What the service asks the database for: each project's best version for the target, and pinned versions. */
export interface LevelRequest {
  projectIds: number[];
  versionIds: number[];
}

/** What the service loaded for a request; only what the caller may see. */
export interface LoadedLevel {
  visibleProjects: ReadonlySet<number>;
  /** Best version for the target of visible projects that have one. */
  best: ReadonlyMap<number, PlanVersion>;
  /** Pinned versions the caller may see. */
  pinned: ReadonlyMap<number, PlanVersion>;
}

/** An input after its hash or project name was looked up; `projectId` undefined when nothing visible matched. */
export interface PlanInputRef {
  kind: 'hash' | 'project';
  projectId: number | undefined;
}

export interface ResolvedInput extends PlanInputRef {
  status: 'resolved' | 'missing' | 'not_found';
  versionId: number | undefined;
}

export interface ResolvedDependency {
  projectId: number;
  versionId: number;
  requiredBy: number[];
}

export interface ResolvedConflict {
  projectId: number;
  versionId: number;
  requiredBy: number[];
  reason: 'not_for_target' | 'other_version_chosen';
  chosenVersionId: number | undefined;
}

export interface ResolvedUnresolved {
  projectId: number | undefined;
  versionId: number | undefined;
  requiredBy: number[];
  reason: 'not_found' | 'no_version_for_target' | 'too_many_projects';
}

export interface ResolvedOptional {
  projectId: number;
  versionId: number | undefined;
  offeredBy: number[];
}

export interface ResolvedIncompatibility {
  versionId: number;
  projectId: number;
  incompatibleVersionId: number;
}

/** The plan in internal ids; the mapper turns it into the wire shape. */
export interface PlanOutcome {
  inputs: ResolvedInput[];
  dependencies: ResolvedDependency[];
  optional: ResolvedOptional[];
  incompatibilities: ResolvedIncompatibility[];
  conflicts: ResolvedConflict[];
  unresolved: ResolvedUnresolved[];
  /** Every version installed or offered. */
  versions: Array<{ versionId: number; projectId: number }>;
  /** Every visible project named (for their names and links). */
  projectIds: number[];
  /** Projects reported without a version for the target (their newest supported game version is looked up). */
  projectsWithoutTarget: number[];
}

interface Chosen {
  version: PlanVersion;
  requiredBy: Set<number>;
  isInput: boolean;
}

interface Pending {
  projectId: number | null;
  versionId: number | null;
  requiredBy: Set<number>;
}

/** Whether a request asks for nothing (the walk is over). */
export const isEmptyRequest = (request: LevelRequest) => request.projectIds.length === 0 && request.versionIds.length === 0;

/** Whether a version is for the target loader and game version. */
export function fitsTarget(version: Pick<PlanVersion, 'loaders' | 'gameVersions'>, target: PlanTarget): boolean {
  return version.loaders.includes(target.loader) && version.gameVersions.includes(target.gameVersion);
}

/** A resolver for one plan: feed it the loaded levels until it asks for nothing more, then `finish`. */
export function createPlanResolver(target: PlanTarget, inputs: readonly PlanInputRef[], maxProjects: number) {
  const chosen = new Map<number, Chosen>();
  const chosenVersions = new Map<number, number>();
  const conflicts = new Map<number, ResolvedConflict>();
  const unresolved = new Map<string, ResolvedUnresolved>();
  const inputResults: ResolvedInput[] = inputs.map((input) => ({ ...input, status: 'not_found', versionId: undefined }));
  let pendingInputs = true;
  let pendingPins = new Map<number, Pending>();
  let pendingProjects = new Map<number, Pending>();

  const addUnresolved = (key: string, entry: Omit<ResolvedUnresolved, 'requiredBy'>, requiredBy: Iterable<number>) => {
    const existing = unresolved.get(key) ?? { ...entry, requiredBy: [] };
    for (const by of requiredBy) if (!existing.requiredBy.includes(by)) existing.requiredBy.push(by);
    unresolved.set(key, existing);
  };

  const addConflict = (entry: Omit<ResolvedConflict, 'requiredBy'>, requiredBy: Iterable<number>) => {
    const existing = conflicts.get(entry.versionId) ?? { ...entry, requiredBy: [] };
    for (const by of requiredBy) if (!existing.requiredBy.includes(by)) existing.requiredBy.push(by);
    conflicts.set(entry.versionId, existing);
  };

  const queue = (map: Map<number, Pending>, key: number, projectId: number | null, versionId: number | null, by: number) => {
    const pending = map.get(key) ?? { projectId, versionId, requiredBy: new Set<number>() };
    pending.requiredBy.add(by);
    map.set(key, pending);
  };

  /** Records who requires what among a newly chosen version's required dependencies. */
  const followRequired = (version: PlanVersion) => {
    for (const dependency of version.dependencies) {
      if (dependency.type !== 'required' || dependency.projectId === version.projectId) continue;
      const { projectId, versionId } = dependency;
      if (versionId !== null) {
        const holder = chosenVersions.get(versionId);
        if (holder !== undefined) chosen.get(holder)!.requiredBy.add(version.id);
        else if (conflicts.has(versionId)) addConflict(conflicts.get(versionId)!, [version.id]);
        else if (unresolved.has(`v${versionId}`)) addUnresolved(`v${versionId}`, unresolved.get(`v${versionId}`)!, [version.id]);
        else if (projectId !== null && chosen.has(projectId))
          addConflict({ projectId, versionId, reason: 'other_version_chosen', chosenVersionId: chosen.get(projectId)!.version.id }, [version.id]);
        else queue(pendingPins, versionId, projectId, versionId, version.id);
      } else if (projectId !== null) {
        if (chosen.has(projectId)) chosen.get(projectId)!.requiredBy.add(version.id);
        else if (unresolved.has(`p${projectId}`)) addUnresolved(`p${projectId}`, unresolved.get(`p${projectId}`)!, [version.id]);
        else queue(pendingProjects, projectId, projectId, null, version.id);
      }
      // A dependency naming neither (an external file) is nothing the plan can install.
    }
  };

  const choose = (version: PlanVersion, requiredBy: Iterable<number>, isInput: boolean): boolean => {
    if (chosen.size >= maxProjects) return false;
    chosen.set(version.projectId, { version, requiredBy: new Set(requiredBy), isInput });
    chosenVersions.set(version.id, version.projectId);
    followRequired(version);
    return true;
  };

  const nextRequest = (): LevelRequest => ({ projectIds: [...pendingProjects.keys()], versionIds: [...pendingPins.keys()] });

  const projectsWithoutTarget = (): number[] => {
    const ids = inputResults.filter((r) => r.status === 'missing').map((r) => r.projectId!);
    for (const entry of unresolved.values()) if (entry.reason === 'no_version_for_target') ids.push(entry.projectId!);
    return [...new Set(ids)];
  };

  return {
    /** What to load first: the best versions of the inputs' projects. */
    firstRequest(): LevelRequest {
      return { projectIds: [...new Set(inputs.flatMap((i) => (i.projectId === undefined ? [] : [i.projectId])))], versionIds: [] };
    },

    /** Applies one loaded level; answers what to load next (empty: the required set is closed). */
    resolveLevel(level: LoadedLevel): LevelRequest {
      if (pendingInputs) {
        pendingInputs = false;
        for (const result of inputResults) {
          if (result.projectId === undefined || !level.visibleProjects.has(result.projectId)) continue;
          const best = chosen.get(result.projectId)?.version ?? level.best.get(result.projectId);
          if (best === undefined) result.status = 'missing';
          else if (chosen.has(result.projectId) || choose(best, [], true)) Object.assign(result, { status: 'resolved', versionId: best.id });
          else addUnresolved(`p${result.projectId}`, { projectId: result.projectId, versionId: undefined, reason: 'too_many_projects' }, []);
        }
        return nextRequest();
      }
      const pins = pendingPins;
      const projects = pendingProjects;
      pendingPins = new Map();
      pendingProjects = new Map();
      // Pins first: a project both pinned and required as a whole in one level takes the pinned version.
      for (const pin of pins.values()) {
        const versionId = pin.versionId!;
        const version = level.pinned.get(versionId);
        if (version === undefined) {
          addUnresolved(`v${versionId}`, { projectId: pin.projectId ?? undefined, versionId, reason: 'not_found' }, pin.requiredBy);
          continue;
        }
        const holder = chosen.get(version.projectId);
        if (!fitsTarget(version, target)) addConflict({ projectId: version.projectId, versionId, reason: 'not_for_target', chosenVersionId: undefined }, pin.requiredBy);
        else if (holder?.version.id === versionId) for (const by of pin.requiredBy) holder.requiredBy.add(by);
        else if (holder) addConflict({ projectId: version.projectId, versionId, reason: 'other_version_chosen', chosenVersionId: holder.version.id }, pin.requiredBy);
        else if (!choose(version, pin.requiredBy, false))
          addUnresolved(`v${versionId}`, { projectId: version.projectId, versionId, reason: 'too_many_projects' }, pin.requiredBy);
      }
      for (const [projectId, pending] of projects) {
        const holder = chosen.get(projectId);
        if (holder) {
          for (const by of pending.requiredBy) holder.requiredBy.add(by);
          continue;
        }
        const best = level.best.get(projectId);
        if (!level.visibleProjects.has(projectId)) addUnresolved(`p${projectId}`, { projectId, versionId: undefined, reason: 'not_found' }, pending.requiredBy);
        else if (best === undefined) addUnresolved(`p${projectId}`, { projectId, versionId: undefined, reason: 'no_version_for_target' }, pending.requiredBy);
        else if (!choose(best, pending.requiredBy, false)) addUnresolved(`p${projectId}`, { projectId, versionId: undefined, reason: 'too_many_projects' }, pending.requiredBy);
      }
      return nextRequest();
    },

    /** What to load for the optional dependencies of the chosen versions (not followed further). */
    optionalRequest(): LevelRequest {
      const request: LevelRequest = { projectIds: [], versionIds: [] };
      for (const { version } of chosen.values()) {
        for (const dependency of version.dependencies) {
          if (dependency.type !== 'optional') continue;
          if (dependency.versionId !== null) {
            if (!chosenVersions.has(dependency.versionId)) request.versionIds.push(dependency.versionId);
          } else if (dependency.projectId !== null && !chosen.has(dependency.projectId)) request.projectIds.push(dependency.projectId);
        }
      }
      return { projectIds: [...new Set(request.projectIds)], versionIds: [...new Set(request.versionIds)] };
    },

    /** Projects reported without a version for the target so far (final once `resolveLevel` asks for nothing). */
    projectsWithoutTarget,

    /** The plan, once the required set is closed and the optional level is loaded. */
    finish(optionalLevel: LoadedLevel): PlanOutcome {
      const optional = new Map<number, ResolvedOptional>();
      const offer = (projectId: number, versionId: number | undefined, by: number) => {
        if (chosen.has(projectId)) return;
        const entry = optional.get(projectId) ?? { projectId, versionId: undefined, offeredBy: [] };
        entry.versionId ??= versionId;
        if (!entry.offeredBy.includes(by)) entry.offeredBy.push(by);
        optional.set(projectId, entry);
      };
      const incompatibilities: ResolvedIncompatibility[] = [];
      for (const { version } of chosen.values()) {
        for (const dependency of version.dependencies) {
          if (dependency.type === 'optional') {
            if (dependency.versionId !== null) {
              const pinned = optionalLevel.pinned.get(dependency.versionId);
              if (pinned) offer(pinned.projectId, fitsTarget(pinned, target) ? pinned.id : undefined, version.id);
            } else if (dependency.projectId !== null && optionalLevel.visibleProjects.has(dependency.projectId)) {
              offer(dependency.projectId, optionalLevel.best.get(dependency.projectId)?.id, version.id);
            }
          } else if (dependency.type === 'incompatible') {
            const other =
              dependency.versionId !== null
                ? chosenVersions.get(dependency.versionId)
                : dependency.projectId !== null && chosen.has(dependency.projectId)
                  ? dependency.projectId
                  : undefined;
            if (other === undefined || other === version.projectId) continue;
            incompatibilities.push({ versionId: version.id, projectId: other, incompatibleVersionId: chosen.get(other)!.version.id });
          }
        }
      }
      const dependencies = [...chosen.values()]
        .filter((c) => !c.isInput)
        .map((c) => ({ projectId: c.version.projectId, versionId: c.version.id, requiredBy: [...c.requiredBy] }));
      const offered = [...optional.values()];
      const unresolvedList = [...unresolved.values()];
      const conflictList = [...conflicts.values()];
      const versions = [
        ...[...chosenVersions].map(([versionId, projectId]) => ({ versionId, projectId })),
        ...offered.flatMap((o) => (o.versionId === undefined ? [] : [{ versionId: o.versionId, projectId: o.projectId }])),
      ];
      const withoutTarget = projectsWithoutTarget();
      const projectIds = [...chosen.keys(), ...offered.map((o) => o.projectId), ...conflictList.map((c) => c.projectId), ...withoutTarget];
      return {
        inputs: inputResults,
        dependencies,
        optional: offered,
        incompatibilities,
        conflicts: conflictList,
        unresolved: unresolvedList,
        versions,
        projectIds: [...new Set(projectIds)],
        projectsWithoutTarget: withoutTarget,
      };
    },
  };
}

export type PlanResolver = ReturnType<typeof createPlanResolver>;
