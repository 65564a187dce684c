import type { DependencyPlan, DependencyPlanBody } from '@cairn/shared/schemas/dependency-plan';
import { encodeBase62 } from '../../lib/ids.js';
import type { PlanOutcome } from './plan-resolver.js';

const id = (value: number) => encodeBase62(value);
const maybeId = (value: number | undefined) => (value === undefined ? null : encodeBase62(value));

export interface PlanAnswerParts {
  target: Pick<DependencyPlanBody, 'loader' | 'game_version' | 'version_types'>;
  outcome: PlanOutcome;
  newestGameVersions: ReadonlyMap<number, string>;
  projects: ReadonlyArray<{ id: number; slug: string; title: string; declaredType: string }>;
  /** Serialized wire versions by id. */
  versionJson: ReadonlyMap<number, Buffer>;
}

/**
 * The DependencyPlan as UTF-8 JSON: everything but `versions` is built here, and the versions are
 * spliced in as the cached bytes they already are.
 */
export function serializeDependencyPlan({ target, outcome, newestGameVersions, projects, versionJson }: PlanAnswerParts): Buffer {
  const newest = (projectId: number | undefined) => (projectId === undefined ? null : (newestGameVersions.get(projectId) ?? null));
  const plan: Omit<DependencyPlan, 'versions'> = {
    target: { loader: target.loader, game_version: target.game_version, version_types: [...new Set(target.version_types)] },
    inputs: outcome.inputs.map((input) => ({
      kind: input.kind,
      status: input.status,
      project_id: input.status === 'not_found' ? null : maybeId(input.projectId),
      version_id: maybeId(input.versionId),
      newest_game_version: input.status === 'missing' ? newest(input.projectId) : null,
    })),
    dependencies: outcome.dependencies.map((d) => ({ project_id: id(d.projectId), version_id: id(d.versionId), required_by: d.requiredBy.map(id) })),
    optional: outcome.optional.map((o) => ({ project_id: id(o.projectId), version_id: maybeId(o.versionId), offered_by: o.offeredBy.map(id) })),
    incompatibilities: outcome.incompatibilities.map((i) => ({ version_id: id(i.versionId), project_id: id(i.projectId), incompatible_version_id: id(i.incompatibleVersionId) })),
    conflicts: outcome.conflicts.map((c) => ({
      project_id: id(c.projectId),
      version_id: id(c.versionId),
      required_by: c.requiredBy.map(id),
      reason: c.reason,
      chosen_version_id: maybeId(c.chosenVersionId),
    })),
    unresolved: outcome.unresolved.map((u) => ({
      project_id: maybeId(u.projectId),
      version_id: maybeId(u.versionId),
      required_by: u.requiredBy.map(id),
      reason: u.reason,
      newest_game_version: u.reason === 'no_version_for_target' ? newest(u.projectId) : null,
    })),
    projects: Object.fromEntries(projects.map((p) => [id(p.id), { id: id(p.id), slug: p.slug, title: p.title, project_type: p.declaredType }])),
  };
  const head = JSON.stringify(plan);
  const parts: Buffer[] = [Buffer.from(`${head.slice(0, -1)},"versions":{`)];
  let first = true;
  for (const { versionId } of outcome.versions) {
    const json = versionJson.get(versionId);
    if (json === undefined) continue;
    parts.push(Buffer.from(`${first ? '' : ','}${JSON.stringify(id(versionId))}:`), json);
    first = false;
  }
  parts.push(Buffer.from('}}'));
  return Buffer.concat(parts);
}
