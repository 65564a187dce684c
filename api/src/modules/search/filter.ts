import { SIDE_TYPES } from '@cairn/shared/constants/side-types';
import type { FacetCountField } from '@cairn/shared/constants/search';
import { badRequest } from '../../lib/errors.js';
import { comboToken, DIMENSIONS, indexedProjectId, sidePair, type Dimension } from './document-fields.js';
import type { Clause, Condition, FacetField, FacetGroup } from './conditions.js';

/**
 * Translates parsed facet groups into Meilisearch filter expressions over the documents of
 * documents.ts (pure).
 *
 * Semantics:
 * - Project-level conditions (categories, license, open_source, title, author, project_id,
 *   all_project_types, numbers, disclosures, dependencies) test the project.
 * - Positive version-level conditions (loaders — also written `categories:<loader>` —,
 *   game versions, project types, environment, client_side, server_side) must be met by ONE
 *   listed version together: the AND of all groups is expanded into alternatives, and each
 *   alternative asks for a version meeting all of its requirements. A version has one
 *   environment and one client/server side pair, so requirements on those must hold together;
 *   when an alternative requires two values of a field a version may list several of (two
 *   separate groups `versions:1.20` and `versions:1.21`), each value needs a version meeting
 *   it with the other requirements (not necessarily the same one).
 * - Negated version-level conditions (`versions != 1.20.1`) mean that no listed version of the
 *   project has the value.
 */

/** Beyond this, a request is refused rather than sent to Meilisearch. */
const MAX_ALTERNATIVES = 256;
const MAX_TOKENS = 4096;

type VersionDimension = Dimension;

interface Requirement {
  dimension: VersionDimension;
  /** A version meets it when it has any of these values. */
  values: readonly string[];
}

/** One way of satisfying the version-level part: project-level expressions plus requirements. */
interface Alternative {
  expressions: string[];
  requirements: Requirement[];
}

/** Side pairs (`p` values) with the given client or server side. */
const pairsWith = (side: 'client' | 'server', value: string) =>
  SIDE_TYPES.map((other) => (side === 'client' ? sidePair(value, other) : sidePair(other, value)));
const SIDE_PAIRS = {
  client: new Map<string, readonly string[]>(SIDE_TYPES.map((value) => [value, pairsWith('client', value)])),
  server: new Map<string, readonly string[]>(SIDE_TYPES.map((value) => [value, pairsWith('server', value)])),
};
const sidePairs = (side: 'client' | 'server', value: string): readonly string[] => SIDE_PAIRS[side].get(value) ?? pairsWith(side, value);

/** The dimension of each version-level field. */
const VERSION_FIELD_DIMENSION: Partial<Record<FacetField, VersionDimension>> = {
  loaders: 'l',
  game_versions: 'g',
  project_types: 't',
  environment: 'e',
  client_side: 'p',
  server_side: 'p',
};

const NEEDS_ESCAPE = /["\\]/;

export function quote(value: string): string {
  return NEEDS_ESCAPE.test(value) ? `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"` : `"${value}"`;
}

function inList(field: string, values: readonly string[]): string {
  return values.length === 1 ? `${field} = ${quote(values[0]!)}` : `${field} IN [${values.map(quote).join(', ')}]`;
}

/** The dimension and accepted values of a version-level condition, or undefined. */
function versionRequirement(condition: Condition): Requirement | undefined {
  const value = String(condition.value);
  switch (condition.field) {
    case 'loaders':
      return { dimension: 'l', values: [value] };
    case 'game_versions':
      return { dimension: 'g', values: [value] };
    case 'project_types':
      return { dimension: 't', values: [value] };
    case 'environment':
      return { dimension: 'e', values: [value] };
    case 'client_side':
      return { dimension: 'p', values: sidePairs('client', value) };
    case 'server_side':
      return { dimension: 'p', values: sidePairs('server', value) };
    default:
      return undefined;
  }
}

/** "Some listed version of the project has one of these values" (counting documents list the other versions' values in `x`). */
function projectHas(dimension: VersionDimension, values: readonly string[]): string {
  return `(${inList(dimension, values)} OR ${inList('x', values.map((value) => `${dimension}|${value}`))})`;
}

const NUMERIC_ATTRIBUTE: Partial<Record<FacetField, string>> = {
  downloads: 'downloads',
  follows: 'follows',
  created_timestamp: 'created',
  modified_timestamp: 'modified',
};

const DEPENDENCY_TYPES: Partial<Record<FacetField, readonly string[]>> = {
  required_dependency_project_ids: ['required'],
  optional_dependency_project_ids: ['optional'],
  embedded_dependency_project_ids: ['embedded'],
  incompatible_dependency_project_ids: ['incompatible'],
  compatible_dependency_project_ids: ['required', 'optional'],
};

/** A project-level condition (or a negated version-level one) as a filter expression. */
function projectExpression(condition: Condition): string {
  const { field, op, value } = condition;
  const numeric = NUMERIC_ATTRIBUTE[field];
  if (numeric) return `${numeric} ${op} ${Number(value)}`;
  const negate = (expression: string) => (op === '!=' ? `NOT ${expression}` : expression);
  const text = String(value);
  const requirement = versionRequirement(condition);
  if (requirement) return negate(projectHas(requirement.dimension, requirement.values));
  switch (field) {
    case 'all_project_types':
      return negate(projectHas('t', [text]));
    case 'categories':
      return negate(`cat = ${quote(text)}`);
    case 'license':
      return negate(`license = ${quote(text)}`);
    case 'open_source':
      return `oss ${op} ${value === true ? 'true' : 'false'}`;
    case 'title':
      return negate(`title = ${quote(text)}`);
    case 'author':
      return negate(`author = ${quote(text)}`);
    case 'project_id':
      return negate(`pid = ${quote(indexedProjectId(text))}`);
    case 'disclosure_types':
      return negate(`disc = ${quote(text)}`);
    case 'dependency_project_ids':
      return negate(`dep = ${quote(indexedProjectId(text))}`);
    default: {
      const types = DEPENDENCY_TYPES[field];
      if (!types) throw new Error(`no filter for facet field ${field}`);
      return negate(inList('dep', types.map((type) => `${type}:${indexedProjectId(text)}`)));
    }
  }
}

function isVersionCondition(condition: Condition): boolean {
  return condition.op === '=' && VERSION_FIELD_DIMENSION[condition.field] !== undefined;
}

function and(parts: readonly string[]): string {
  if (parts.length === 0) throw new Error('an empty AND has no filter expression');
  return parts.length === 1 ? parts[0]! : parts.map((p) => `(${p})`).join(' AND ');
}

function or(parts: readonly string[]): string {
  return parts.length === 1 ? parts[0]! : parts.map((p) => `(${p})`).join(' OR ');
}

function clauseExpression(clause: Clause): string {
  return and(clause.map(projectExpression));
}

function product<T>(lists: ReadonlyArray<readonly T[]>): T[][] {
  let result: T[][] = [[]];
  for (const list of lists) {
    const next: T[][] = [];
    for (const prefix of result) for (const item of list) next.push([...prefix, item]);
    result = next;
  }
  return result;
}

function subsetsOfTwoOrMore<T>(items: readonly T[]): T[][] {
  const subsets: T[][] = [];
  for (let mask = 0; mask < 1 << items.length; mask++) {
    const subset = items.filter((_, i) => mask & (1 << i));
    if (subset.length >= 2) subsets.push(subset);
  }
  return subsets;
}

/** Dimensions a version has exactly one value of: their requirements must hold together. */
const SINGLE_VALUED: ReadonlySet<VersionDimension> = new Set(['e', 'p']);

/** A filter no document passes. */
const NOTHING = 'main = true AND main = false';

/**
 * "For every choice of one requirement per dimension, some version meets them all."
 * Requirements on a single-valued dimension (environment, sides) intersect. Every requirement
 * must be met by the value arrays; and for every group B of two or more required dimensions
 * none of which the document marks uniform (`u`), the combination tokens of B must show one
 * version meeting them together (a uniform dimension of B makes B's arrays suffice).
 */
function requirementsExpression(requirements: readonly Requirement[], budget: { tokens: number }): string[] {
  const byDimension = new Map<VersionDimension, Array<readonly string[]>>();
  for (const r of requirements) {
    const list = byDimension.get(r.dimension) ?? [];
    const values = r.values.length === 1 ? r.values : [...new Set(r.values)].sort();
    if (SINGLE_VALUED.has(r.dimension) && list.length) list[0] = list[0]!.filter((v) => values.includes(v));
    else if (!list.some((existing) => sameValues(existing, values))) list.push(values);
    byDimension.set(r.dimension, list);
  }
  if ([...byDimension.values()].some((list) => list.some((values) => values.length === 0))) return [NOTHING];
  const dims = DIMENSIONS.filter((d) => byDimension.has(d));
  const parts: string[] = [];
  for (const d of dims) for (const values of byDimension.get(d)!) parts.push(inList(d, values));
  for (const subset of subsetsOfTwoOrMore(dims)) {
    const choices = product(subset.map((d) => byDimension.get(d)!));
    const combos = choices.map((choice) => {
      const tokens = product(choice).map((values) => comboToken(subset, values));
      budget.tokens += tokens.length;
      if (budget.tokens > MAX_TOKENS) {
        throw badRequest('facets: too many combinations of version-level values (loaders × game versions × types × environments × sides); narrow the filter');
      }
      return inList('vt', tokens);
    });
    parts.push(or([inList('u', subset), and(combos)]));
  }
  return parts;
}

function sameValues(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((value, i) => value === b[i]);
}

/**
 * One alternative per clause; a group whose clauses are all single positive conditions on
 * the same dimension collapses to one requirement with the union of their values (OR of
 * values of one field is "the version has any of them").
 */
function groupAlternatives(group: FacetGroup): Alternative[] {
  const single = group.every((clause) => clause.length === 1 && isVersionCondition(clause[0]!));
  if (single) {
    const requirements = group.map((clause) => versionRequirement(clause[0]!)!);
    const dimension = requirements[0]!.dimension;
    if (requirements.every((r) => r.dimension === dimension)) {
      const values = [...new Set(requirements.flatMap((r) => r.values))];
      return [{ expressions: [], requirements: [{ dimension, values }] }];
    }
  }
  return group.map((clause) => ({
    expressions: clause.filter((c) => !isVersionCondition(c)).map(projectExpression),
    requirements: clause.filter(isVersionCondition).map((c) => versionRequirement(c)!),
  }));
}

/**
 * The filter (AND of the returned expressions) selecting the documents (main and counting)
 * of projects that match every group; none for no groups.
 */
export function compileGroups(groups: readonly FacetGroup[]): string[] {
  const expressions: string[] = [];
  let alternatives: Alternative[] = [{ expressions: [], requirements: [] }];
  for (const group of groups) {
    if (!group.some((clause) => clause.some(isVersionCondition))) {
      expressions.push(or(group.map(clauseExpression)));
      continue;
    }
    const next: Alternative[] = [];
    for (const left of alternatives) {
      for (const right of groupAlternatives(group)) {
        next.push({ expressions: [...left.expressions, ...right.expressions], requirements: [...left.requirements, ...right.requirements] });
        if (next.length > MAX_ALTERNATIVES) {
          throw badRequest(`facets: the version-level groups combine into more than ${MAX_ALTERNATIVES} alternatives; simplify them`);
        }
      }
    }
    alternatives = next;
  }
  const budget = { tokens: 0 };
  const versionPart = alternatives
    .filter((a) => a.expressions.length > 0 || a.requirements.length > 0)
    .map((a) => and([...a.expressions, ...requirementsExpression(a.requirements, budget)]));
  if (versionPart.length > 0) expressions.push(or(versionPart));
  return expressions;
}

/** The facet fields (after aliasing) whose groups are left out when counting `field`. */
const COUNTED_BY: Readonly<Record<FacetCountField, FacetField>> = {
  categories: 'categories',
  versions: 'game_versions',
  project_type: 'project_types',
  loaders: 'loaders',
  client_side: 'client_side',
  server_side: 'server_side',
  license: 'license',
  open_source: 'open_source',
};

/** Whether a group filters on the counted field (then it is left out of that field's counts). */
export function groupMentions(group: FacetGroup, field: FacetCountField): boolean {
  const name = COUNTED_BY[field];
  return group.some((clause) => clause.some((condition) => condition.field === name));
}
