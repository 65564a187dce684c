import { FACET_COUNT_FIELDS, type FacetCountField } from '@cairn/shared/constants/search';
import type { Clause, Condition, FacetGroup } from '../../src/modules/search/conditions.js';
import type { VersionFacts } from '../../src/modules/search/documents.js';

/**
 * Test oracles for search:
 * - `evaluateFilter`: Meilisearch's filter semantics for the expressions the filter compiler
 *   emits, over plain documents (to check documents + compiler without a server);
 * - `oracleMatches` / `oracleCounts`: the documented meaning of facets, computed by brute
 *   force from a project's versions.
 */

// ── A small evaluator of Meilisearch filter expressions ────────────────────────────────

type Node =
  | { kind: 'and' | 'or'; nodes: Node[] }
  | { kind: 'not'; node: Node }
  | { kind: 'cmp'; field: string; op: string; value: string | number | boolean }
  | { kind: 'in'; field: string; values: Array<string | number | boolean> };

function tokenize(input: string): string[] {
  const tokens: string[] = [];
  let i = 0;
  while (i < input.length) {
    const c = input[i]!;
    if (/\s/.test(c)) i++;
    else if ('()[],'.includes(c)) tokens.push(input[i++]!);
    else if (c === '"') {
      let j = i + 1;
      let text = '';
      while (input[j] !== '"') {
        if (input[j] === '\\') j++;
        text += input[j++];
      }
      tokens.push(`"${text}`);
      i = j + 1;
    } else if ('!<>='.includes(c)) {
      const two = input.slice(i, i + 2);
      const op = ['!=', '<=', '>='].includes(two) ? two : c;
      tokens.push(op);
      i += op.length;
    } else {
      let j = i;
      while (j < input.length && !/[\s()[\],!<>="]/.test(input[j]!)) j++;
      tokens.push(input.slice(i, j));
      i = j;
    }
  }
  return tokens;
}

function literal(token: string): string | number | boolean {
  if (token.startsWith('"')) return token.slice(1);
  if (token === 'true' || token === 'false') return token === 'true';
  return Number(token);
}

function parse(input: string): Node {
  const tokens = tokenize(input);
  let p = 0;
  const or = (): Node => {
    const nodes = [and()];
    while (tokens[p] === 'OR') {
      p++;
      nodes.push(and());
    }
    return nodes.length === 1 ? nodes[0]! : { kind: 'or', nodes };
  };
  const and = (): Node => {
    const nodes = [unary()];
    while (tokens[p] === 'AND') {
      p++;
      nodes.push(unary());
    }
    return nodes.length === 1 ? nodes[0]! : { kind: 'and', nodes };
  };
  const unary = (): Node => {
    if (tokens[p] === 'NOT') {
      p++;
      return { kind: 'not', node: unary() };
    }
    if (tokens[p] === '(') {
      p++;
      const node = or();
      if (tokens[p++] !== ')') throw new Error(`expected ) in ${input}`);
      return node;
    }
    const field = tokens[p++]!;
    if (tokens[p] === 'IN') {
      p += 2; // IN [
      const values: Array<string | number | boolean> = [];
      while (tokens[p] !== ']') {
        values.push(literal(tokens[p++]!));
        if (tokens[p] === ',') p++;
      }
      p++;
      return { kind: 'in', field, values };
    }
    const op = tokens[p++]!;
    return { kind: 'cmp', field, op, value: literal(tokens[p++]!) };
  };
  const node = or();
  if (p !== tokens.length) throw new Error(`unparsed filter text in ${input}`);
  return node;
}

const same = (a: unknown, b: unknown) =>
  typeof a === 'string' && typeof b === 'string' ? a.toLowerCase() === b.toLowerCase() : a === b;

function holds(node: Node, doc: Record<string, unknown>): boolean {
  switch (node.kind) {
    case 'and':
      return node.nodes.every((n) => holds(n, doc));
    case 'or':
      return node.nodes.some((n) => holds(n, doc));
    case 'not':
      return !holds(node.node, doc);
    case 'in': {
      const values = [doc[node.field]].flat().filter((v) => v !== undefined);
      return values.some((v) => node.values.some((w) => same(v, w)));
    }
    case 'cmp': {
      const values = [doc[node.field]].flat().filter((v) => v !== undefined);
      const test = (v: unknown): boolean => {
        switch (node.op) {
          case '=':
            return same(v, node.value);
          case '>':
            return (v as number) > (node.value as number);
          case '>=':
            return (v as number) >= (node.value as number);
          case '<':
            return (v as number) < (node.value as number);
          case '<=':
            return (v as number) <= (node.value as number);
          default:
            throw new Error(`operator ${node.op}`);
        }
      };
      if (node.op === '!=') return !values.some((v) => same(v, node.value));
      return values.some(test);
    }
  }
}

const parsed = new Map<string, Node>();

/** Whether a document passes every expression (Meilisearch's AND of a filter array). */
export function evaluateFilter(expressions: readonly string[], doc: Record<string, unknown>): boolean {
  return expressions.every((expression) => {
    let node = parsed.get(expression);
    if (!node) {
      node = parse(expression);
      parsed.set(expression, node);
    }
    return holds(node, doc);
  });
}

// ── The meaning of facets, by brute force ─────────────────────────────────────────────

export interface OracleProject {
  id: string;
  categories: string[];
  license: string;
  openSource: boolean;
  downloads: number;
  follows: number;
  created: number;
  modified: number;
  title: string;
  author: string;
  disclosures: string[];
  /** `<id>` and `<type>:<id>`. */
  dependencies: string[];
  versions: VersionFacts[];
}

const lower = (v: unknown) => String(v).toLowerCase();

/** The values of a version-level field on one version, or undefined for project-level fields. */
function versionValues(field: Condition['field'], v: VersionFacts): readonly string[] | undefined {
  switch (field) {
    case 'loaders':
      return v.loaders;
    case 'game_versions':
      return v.gameVersions;
    case 'project_types':
      return v.projectTypes;
    case 'environment':
      return [v.environment];
    case 'client_side':
      return [v.clientSide];
    case 'server_side':
      return [v.serverSide];
    default:
      return undefined;
  }
}

function projectCondition(c: Condition, p: OracleProject): boolean {
  // Text compares case-insensitively; ids are case-sensitive (base62).
  const has = (values: readonly unknown[]) => values.some((v) => lower(v) === lower(c.value));
  const eq = (values: readonly unknown[]) => (c.op === '!=' ? !has(values) : has(values));
  const isId = (values: readonly unknown[]) => (c.op === '!=') !== values.includes(c.value);
  const num = (value: number) => {
    const x = Number(c.value);
    return { '=': value === x, '!=': value !== x, '>': value > x, '>=': value >= x, '<': value < x, '<=': value <= x }[c.op];
  };
  const anyVersion = (field: Condition['field']) => p.versions.flatMap((v) => versionValues(field, v) ?? []);
  switch (c.field) {
    case 'categories':
      return eq(p.categories);
    case 'license':
      return eq([p.license]);
    case 'open_source':
      return c.op === '!=' ? p.openSource !== c.value : p.openSource === c.value;
    case 'title':
      return eq([p.title]);
    case 'author':
      return eq([p.author]);
    case 'project_id':
      return isId([p.id]);
    case 'downloads':
      return num(p.downloads);
    case 'follows':
      return num(p.follows);
    case 'created_timestamp':
      return num(p.created);
    case 'modified_timestamp':
      return num(p.modified);
    case 'disclosure_types':
      return eq(p.disclosures);
    case 'all_project_types':
      return eq(anyVersion('project_types'));
    case 'dependency_project_ids':
      return isId(p.dependencies.filter((d) => !d.includes(':')));
    case 'required_dependency_project_ids':
    case 'optional_dependency_project_ids':
    case 'embedded_dependency_project_ids':
    case 'incompatible_dependency_project_ids':
    case 'compatible_dependency_project_ids': {
      const kind = c.field.replace('_dependency_project_ids', '');
      const kinds = kind === 'compatible' ? ['required', 'optional'] : [kind];
      const hasAny = kinds.some((k) => p.dependencies.includes(`${k}:${c.value}`));
      return c.op === '!=' ? !hasAny : hasAny;
    }
    default:
      // A negated version-level condition: no listed version has the value.
      return eq(anyVersion(c.field));
  }
}

const isVersionRequirement = (c: Condition) => c.op === '=' && versionValues(c.field, { loaders: [], gameVersions: [], projectTypes: [], environment: '', clientSide: '', serverSide: '' }) !== undefined;

function product<T>(lists: ReadonlyArray<readonly T[]>): T[][] {
  return lists.reduce<T[][]>((acc, list) => acc.flatMap((prefix) => list.map((item) => [...prefix, item])), [[]]);
}

/** Field of a version requirement as the one-version rule groups them (client/server sides are one pair). */
const requirementDimension = (c: Condition) => (c.field === 'client_side' || c.field === 'server_side' ? 'sides' : c.field);

/**
 * One alternative (one clause chosen per group): its project-level conditions hold, and for
 * every choice of one requirement per field, some listed version meets the chosen ones.
 */
function alternativeHolds(conditions: Condition[], p: OracleProject): boolean {
  if (!conditions.filter((c) => !isVersionRequirement(c)).every((c) => projectCondition(c, p))) return false;
  const byField = new Map<string, Condition[]>();
  for (const c of conditions.filter(isVersionRequirement)) byField.set(requirementDimension(c), [...(byField.get(requirementDimension(c)) ?? []), c]);
  // A version has one environment and one side pair: those requirements hold together. Of
  // fields with several values per version, each required value needs a version with the rest.
  const lists = [...byField].map(([field, list]) => (field === 'sides' || field === 'environment' ? [list] : list.map((c) => [c])));
  return product(lists).every((choice) =>
    p.versions.some((v) => choice.flat().every((c) => (versionValues(c.field, v) ?? []).some((x) => lower(x) === lower(c.value)))),
  );
}

export function oracleMatches(groups: readonly FacetGroup[], p: OracleProject): boolean {
  return product(groups.map((g) => g as Clause[])).some((choice) => alternativeHolds(choice.flat(), p));
}

const COUNT_FIELD: Record<FacetCountField, Condition['field']> = {
  categories: 'categories',
  versions: 'game_versions',
  project_type: 'project_types',
  loaders: 'loaders',
  client_side: 'client_side',
  server_side: 'server_side',
  license: 'license',
  open_source: 'open_source',
};

function candidateValues(field: FacetCountField, p: OracleProject): Array<string | boolean> {
  switch (field) {
    case 'categories':
      return p.categories;
    case 'license':
      return [p.license];
    case 'open_source':
      return [p.openSource];
    default:
      return [...new Set(p.versions.flatMap((v) => versionValues(COUNT_FIELD[field], v) ?? []))];
  }
}

/** For each counted field and value: projects matching the groups that do not mention the field, plus that value. */
export function oracleCounts(groups: readonly FacetGroup[], projects: readonly OracleProject[]): Record<FacetCountField, Record<string, number>> {
  const counts = Object.fromEntries(FACET_COUNT_FIELDS.map((f) => [f, {} as Record<string, number>])) as Record<FacetCountField, Record<string, number>>;
  for (const field of FACET_COUNT_FIELDS) {
    const name = COUNT_FIELD[field];
    const others = groups.filter((g) => !g.some((clause) => clause.some((c) => c.field === name)));
    for (const p of projects) {
      for (const value of candidateValues(field, p)) {
        const withValue: FacetGroup[] = [...others, [[{ field: name, op: '=', value }]]];
        if (oracleMatches(withValue, p)) counts[field][String(value)] = (counts[field][String(value)] ?? 0) + 1;
      }
    }
  }
  return counts;
}
