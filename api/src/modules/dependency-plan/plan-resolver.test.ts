import { describe, expect, it } from 'vitest';
import { createPlanResolver, fitsTarget, isEmptyRequest, type LevelRequest, type LoadedLevel, type PlanDependencyRef, type PlanInputRef, type PlanVersion } from './plan-resolver.js';

const target = { loader: 'fabric', gameVersion: '1.20.1' };

/** An in-memory catalogue: versions, best first; projects exist when they have one; `hidden` ones the caller may not see. */
function catalogue(versions: PlanVersion[], hidden: number[] = []) {
  const levels: LevelRequest[] = [];
  const load = (request: LevelRequest): LoadedLevel => {
    levels.push(request);
    const visible = new Set(request.projectIds.filter((id) => !hidden.includes(id) && versions.some((v) => v.projectId === id)));
    const best = new Map<number, PlanVersion>();
    for (const projectId of visible) {
      const found = versions.find((v) => v.projectId === projectId && fitsTarget(v, target));
      if (found) best.set(projectId, found);
    }
    const pinned = new Map(versions.filter((v) => request.versionIds.includes(v.id) && !hidden.includes(v.projectId)).map((v) => [v.id, v]));
    for (const v of pinned.values()) visible.add(v.projectId);
    return { visibleProjects: visible, best, pinned };
  };
  return {
    levels,
    run(inputs: PlanInputRef[], maxProjects = 100) {
      const resolver = createPlanResolver(target, inputs, maxProjects);
      let request = resolver.firstRequest();
      do request = resolver.resolveLevel(load(request));
      while (!isEmptyRequest(request));
      return resolver.finish(load(resolver.optionalRequest()));
    },
  };
}

const version = (id: number, projectId: number, dependencies: PlanDependencyRef[] = [], gameVersions = ['1.20.1']): PlanVersion => ({
  id,
  projectId,
  loaders: ['fabric'],
  gameVersions,
  dependencies,
});
const requires = (projectId: number | null, versionId: number | null = null): PlanDependencyRef => ({ projectId, versionId, type: 'required' });
const input = (projectId: number | undefined): PlanInputRef => ({ kind: 'project', projectId });

describe('the plan resolver', () => {
  it('walks the required graph breadth first, one load per level', () => {
    const world = catalogue([version(10, 1, [requires(2)]), version(20, 2, [requires(3)]), version(30, 3)]);
    const plan = world.run([input(1)]);
    expect(plan.inputs[0]).toMatchObject({ status: 'resolved', versionId: 10 });
    expect(plan.dependencies).toEqual([
      { projectId: 2, versionId: 20, requiredBy: [10] },
      { projectId: 3, versionId: 30, requiredBy: [20] },
    ]);
    // Inputs, depth 1, depth 2, and the optional level.
    expect(world.levels.map((l) => l.projectIds)).toEqual([[1], [2], [3], []]);
  });

  it('visits each project once in a cycle and records every requirer', () => {
    const plan = catalogue([version(10, 1, [requires(2)]), version(20, 2, [requires(1), requires(3)]), version(30, 3, [requires(1), requires(2)])]).run([input(1)]);
    expect(plan.dependencies).toEqual([
      { projectId: 2, versionId: 20, requiredBy: [10, 30] },
      { projectId: 3, versionId: 30, requiredBy: [20] },
    ]);
    expect(plan.unresolved).toEqual([]);
  });

  it('honours a pin over the best version requested in the same level', () => {
    const plan = catalogue([version(10, 1, [requires(3)]), version(11, 2, [requires(3, 31)]), version(30, 3), version(31, 3)]).run([input(1), input(2)]);
    expect(plan.dependencies).toEqual([{ projectId: 3, versionId: 31, requiredBy: [11, 10] }]);
    expect(plan.conflicts).toEqual([]);
  });

  it('reports pins that do not fit or lose to a version chosen earlier', () => {
    const plan = catalogue([version(10, 1, [requires(4, 40)]), version(11, 2, [requires(3, 31)]), version(30, 3), version(31, 3), version(40, 4, [], ['1.19.2'])]).run([
      input(1),
      input(3),
      input(2),
    ]);
    // The second is known as soon as the input's version is chosen, before the first pin is loaded.
    expect(plan.conflicts).toEqual([
      { projectId: 3, versionId: 31, requiredBy: [11], reason: 'other_version_chosen', chosenVersionId: 30 },
      { projectId: 4, versionId: 40, requiredBy: [10], reason: 'not_for_target', chosenVersionId: undefined },
    ]);
  });

  it('reports hidden and target-less dependencies once with all their requirers, and stops at the project limit', () => {
    const world = catalogue([version(10, 1, [requires(8), requires(9)]), version(11, 2, [requires(8), requires(7)]), version(90, 9, [], ['1.19.2'])], [8]);
    const plan = world.run([input(1), input(2)]);
    expect(plan.unresolved).toEqual([
      { projectId: 8, versionId: undefined, requiredBy: [10, 11], reason: 'not_found' },
      { projectId: 9, versionId: undefined, requiredBy: [10], reason: 'no_version_for_target' },
      { projectId: 7, versionId: undefined, requiredBy: [11], reason: 'not_found' },
    ]);
    expect(plan.projectsWithoutTarget).toEqual([9]);
    const limited = catalogue([version(10, 1, [requires(2)]), version(20, 2)]).run([input(1)], 1);
    expect(limited.unresolved).toEqual([{ projectId: 2, versionId: undefined, requiredBy: [10], reason: 'too_many_projects' }]);
  });

  it('offers optional dependencies and finds incompatibilities inside the set only', () => {
    const plan = catalogue([
      version(10, 1, [
        { projectId: 5, versionId: null, type: 'optional' },
        { projectId: 2, versionId: null, type: 'optional' },
        { projectId: 6, versionId: null, type: 'incompatible' },
        { projectId: 3, versionId: null, type: 'incompatible' },
      ]),
      version(20, 2),
      version(30, 3, [{ projectId: null, versionId: 20, type: 'incompatible' }]),
      version(50, 5),
    ]).run([input(1), input(2), input(3)]);
    expect(plan.optional).toEqual([{ projectId: 5, versionId: 50, offeredBy: [10] }]);
    expect(plan.incompatibilities).toEqual([
      { versionId: 10, projectId: 3, incompatibleVersionId: 30 },
      { versionId: 30, projectId: 2, incompatibleVersionId: 20 },
    ]);
  });

  it('answers inputs that were not found or have nothing for the target', () => {
    const plan = catalogue([version(90, 9, [], ['1.19.2'])], [8]).run([input(undefined), input(8), input(9)]);
    expect(plan.inputs.map((i) => i.status)).toEqual(['not_found', 'not_found', 'missing']);
    expect(plan.projectIds).toEqual([9]);
  });
});
