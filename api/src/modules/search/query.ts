import { LOADER_NAMES } from '@cairn/shared/constants/loaders';
import { ENVIRONMENTS } from '@cairn/shared/constants/environments';
import { SIDE_TYPES } from '@cairn/shared/constants/side-types';
import {
  SEARCH_DEFAULT_LIMIT,
  SEARCH_MAX_LIMIT,
  SEARCH_SORT_ALIASES,
  SEARCH_SORTS,
  type SearchSort,
} from '@cairn/shared/constants/search';
import { badRequest } from '../../lib/errors.js';

/**
 * Search request parsing (pure): the v2 parameters — `query`, `facets`, `index`, `offset`,
 * `limit` and the legacy `filters` / `version` strings — become one normalized request:
 * text, an AND of OR-groups of AND-clauses of conditions, a sort, a page. Anything malformed
 * is a 400 whose description says what is wrong and where.
 */

export type Operator = '=' | '!=' | '>' | '>=' | '<' | '<=';

/** Facet fields after aliasing (`versions` → `game_versions`, `project_type` → `project_types`, `name` → `title`). */
export const FACET_FIELDS = [
  'categories',
  'loaders',
  'game_versions',
  'project_types',
  'environment',
  'client_side',
  'server_side',
  'all_project_types',
  'license',
  'open_source',
  'title',
  'author',
  'project_id',
  'downloads',
  'follows',
  'created_timestamp',
  'modified_timestamp',
  'disclosure_types',
  'dependency_project_ids',
  'required_dependency_project_ids',
  'optional_dependency_project_ids',
  'embedded_dependency_project_ids',
  'incompatible_dependency_project_ids',
  'compatible_dependency_project_ids',
] as const;
export type FacetField = (typeof FACET_FIELDS)[number];

const FIELD_ALIASES: Readonly<Record<string, FacetField>> = {
  versions: 'game_versions',
  project_type: 'project_types',
  name: 'title',
  date_created: 'created_timestamp',
  date_modified: 'modified_timestamp',
};

export const NUMERIC_FIELDS: ReadonlySet<FacetField> = new Set(['downloads', 'follows', 'created_timestamp', 'modified_timestamp']);

export interface Condition {
  field: FacetField;
  op: Operator;
  value: string | number | boolean;
}
/** Conditions that must all hold. */
export type Clause = Condition[];
/** Clauses of which one must hold. */
export type FacetGroup = Clause[];

export interface SearchRequest {
  /** Free text ('' = everything). */
  text: string;
  /** All groups must hold. */
  groups: FacetGroup[];
  sort: SearchSort;
  offset: number;
  limit: number;
}

export interface RawSearchParams {
  query?: string;
  facets?: string;
  index?: string;
  offset?: number;
  limit?: number;
  filters?: string;
  version?: string;
}

/** Guards against requests that would make huge filters. */
export const SEARCH_LIMITS = {
  textLength: 512,
  facetsLength: 64 * 1024,
  conditions: 1024,
  depth: 64,
  /** Alternatives a legacy filter string may expand to. */
  clauses: 64,
} as const;

const LOADER_SET: ReadonlySet<string> = new Set(LOADER_NAMES);

/**
 * Parses `field op value` (`categories:forge`, `versions != 1.20.1`, `downloads >= 100`).
 * `categories` naming a loader becomes `loaders` (loaders are listed with categories in v2).
 */
export function parseCondition(field: string, op: string, rawValue: string, where: string): Condition {
  const canonical = FIELD_ALIASES[field] ?? field;
  if (!(FACET_FIELDS as readonly string[]).includes(canonical)) {
    throw badRequest(`${where}: unknown facet field '${field}'. Known fields: ${[...FACET_FIELDS, ...Object.keys(FIELD_ALIASES)].sort().join(', ')}`);
  }
  let name = canonical as FacetField;
  const operator: Operator = op === ':' ? '=' : (op as Operator);
  const value = rawValue.trim();
  if (value === '') throw badRequest(`${where}: '${field}' has no value`);

  if (NUMERIC_FIELDS.has(name)) {
    const number = Number(value);
    if (!Number.isFinite(number)) throw badRequest(`${where}: '${field}' compares numbers, but '${value}' is not a number`);
    return { field: name, op: operator, value: number };
  }
  if (operator !== '=' && operator !== '!=') {
    throw badRequest(`${where}: '${op}' only applies to numeric fields (${[...NUMERIC_FIELDS].join(', ')}); use ':' or '!=' for '${field}'`);
  }
  if (name === 'open_source') {
    const lowered = value.toLowerCase();
    if (lowered !== 'true' && lowered !== 'false') throw badRequest(`${where}: 'open_source' is true or false, not '${value}'`);
    return { field: name, op: operator, value: lowered === 'true' };
  }
  if ((name === 'client_side' || name === 'server_side') && !(SIDE_TYPES as readonly string[]).includes(value)) {
    throw badRequest(`${where}: '${field}' is one of ${SIDE_TYPES.join(', ')}, not '${value}'`);
  }
  if (name === 'environment' && !(ENVIRONMENTS as readonly string[]).includes(value)) {
    throw badRequest(`${where}: 'environment' is one of ${ENVIRONMENTS.join(', ')}, not '${value}'`);
  }
  if (name === 'categories' && LOADER_SET.has(value.toLowerCase())) name = 'loaders';
  const lowerCased = name === 'loaders' || name === 'project_types' || name === 'all_project_types' || name === 'categories';
  return { field: name, op: operator, value: lowerCased ? value.toLowerCase() : value };
}

const CONDITION_PATTERN = /^\s*([A-Za-z_][A-Za-z0-9_]*)\s*(!=|>=|<=|:|=|>|<)([\s\S]*)$/;

function parseFacetString(entry: string, where: string): Condition {
  const match = CONDITION_PATTERN.exec(entry);
  if (!match) throw badRequest(`${where}: '${entry}' is not a facet; write field:value or field <op> value with op one of : = != > >= < <=`);
  return parseCondition(match[1]!, match[2]!, match[3]!, where);
}

/**
 * `facets`: a JSON array of OR-groups, combined with AND. An entry is a condition string or
 * an array of condition strings that must all hold.
 */
export function parseFacets(raw: string): FacetGroup[] {
  if (raw.length > SEARCH_LIMITS.facetsLength) throw badRequest(`facets: longer than ${SEARCH_LIMITS.facetsLength} characters`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw badRequest(`facets: not valid JSON; expected an array of arrays such as [["categories:forge"],["versions:1.20.1","versions:1.21"]]`);
  }
  if (!Array.isArray(parsed)) throw badRequest('facets: expected an array of OR-groups such as [["categories:forge"],["versions:1.20.1"]]');
  let count = 0;
  const groups: FacetGroup[] = [];
  parsed.forEach((group, g) => {
    const where = `facets[${g}]`;
    if (!Array.isArray(group)) throw badRequest(`${where}: expected an array of facet strings, got ${describeJson(group)}`);
    const clauses: FacetGroup = group.map((entry, e) => {
      const at = `${where}[${e}]`;
      if (typeof entry === 'string') return [parseFacetString(entry, at)];
      if (Array.isArray(entry) && entry.length > 0) {
        return entry.map((part, p) => {
          if (typeof part !== 'string') throw badRequest(`${at}[${p}]: expected a facet string, got ${describeJson(part)}`);
          return parseFacetString(part, `${at}[${p}]`);
        });
      }
      throw badRequest(`${at}: expected a facet string or a non-empty array of facet strings, got ${describeJson(entry)}`);
    });
    count += clauses.reduce((sum, clause) => sum + clause.length, 0);
    // An empty group constrains nothing (clients send [] for "no filter here").
    if (clauses.length > 0) groups.push(clauses);
  });
  if (count > SEARCH_LIMITS.conditions) throw badRequest(`facets: more than ${SEARCH_LIMITS.conditions} conditions`);
  return groups;
}

function describeJson(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `${typeof value} ${JSON.stringify(value)}`;
}

// ── Legacy filter strings ─────────────────────────────────────────────────────────────

type FilterNode =
  | { kind: 'cond'; field: string; op: string; value: string }
  | { kind: 'in'; field: string; values: string[]; negated: boolean }
  | { kind: 'not'; node: FilterNode }
  | { kind: 'and' | 'or'; nodes: FilterNode[] };

interface Token {
  type: 'word' | 'string' | 'op' | '(' | ')' | '[' | ']' | ',';
  text: string;
  at: number;
}

function tokenize(input: string, name: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < input.length) {
    const char = input[i]!;
    if (/\s/.test(char)) {
      i++;
      continue;
    }
    if ('()[],'.includes(char)) {
      tokens.push({ type: char as Token['type'], text: char, at: i });
      i++;
      continue;
    }
    const twoChars = input.slice(i, i + 2);
    if (twoChars === '!=' || twoChars === '>=' || twoChars === '<=') {
      tokens.push({ type: 'op', text: twoChars, at: i });
      i += 2;
      continue;
    }
    if ('=:<>'.includes(char)) {
      tokens.push({ type: 'op', text: char, at: i });
      i++;
      continue;
    }
    if (char === '"' || char === "'" || char === '`') {
      let j = i + 1;
      let text = '';
      while (j < input.length && input[j] !== char) {
        if (input[j] === '\\' && j + 1 < input.length) j++;
        text += input[j];
        j++;
      }
      if (j >= input.length) throw badRequest(`${name}: unterminated quoted value starting at character ${i + 1}`);
      tokens.push({ type: 'string', text, at: i });
      i = j + 1;
      continue;
    }
    let j = i;
    while (j < input.length && !/[\s()[\],=:<>!"'`]/.test(input[j]!)) j++;
    if (j === i) throw badRequest(`${name}: unexpected '${char}' at character ${i + 1}`);
    tokens.push({ type: 'word', text: input.slice(i, j), at: i });
    i = j;
  }
  return tokens;
}

/** `a = b AND (c != d OR e IN [f, g]) AND NOT h > 3` — AND binds tighter than OR. */
function parseFilterString(input: string, name: string): FilterNode {
  const tokens = tokenize(input, name);
  let position = 0;
  let nodes = 0;
  const peek = () => tokens[position];
  const keyword = (word: string) => {
    const token = peek();
    return token?.type === 'word' && token.text.toUpperCase() === word;
  };
  const fail = (message: string): never => {
    const token = peek();
    throw badRequest(`${name}: ${message}${token ? ` at character ${token.at + 1}` : ' at the end'}`);
  };
  const count = () => {
    if (++nodes > SEARCH_LIMITS.conditions) fail(`more than ${SEARCH_LIMITS.conditions} conditions`);
  };
  const value = (): string => {
    const token = peek();
    if (!token || (token.type !== 'word' && token.type !== 'string')) return fail('expected a value');
    position++;
    return token.text;
  };

  const parseOr = (depth: number): FilterNode => {
    if (depth > SEARCH_LIMITS.depth) fail(`nested deeper than ${SEARCH_LIMITS.depth} levels`);
    const parts = [parseAnd(depth)];
    while (keyword('OR')) {
      position++;
      parts.push(parseAnd(depth));
    }
    return parts.length === 1 ? parts[0]! : { kind: 'or', nodes: parts };
  };
  const parseAnd = (depth: number): FilterNode => {
    const parts = [parseUnary(depth)];
    while (keyword('AND')) {
      position++;
      parts.push(parseUnary(depth));
    }
    return parts.length === 1 ? parts[0]! : { kind: 'and', nodes: parts };
  };
  const parseUnary = (depth: number): FilterNode => {
    if (keyword('NOT')) {
      position++;
      return { kind: 'not', node: parseUnary(depth + 1) };
    }
    if (peek()?.type === '(') {
      position++;
      const inner = parseOr(depth + 1);
      if (peek()?.type !== ')') fail("expected ')'");
      position++;
      return inner;
    }
    const field = peek();
    if (!field || field.type !== 'word') return fail('expected a field name');
    position++;
    count();
    const negatedIn = keyword('NOT');
    if (negatedIn) position++;
    if (keyword('IN')) {
      position++;
      if (peek()?.type !== '[') fail("expected '[' after IN");
      position++;
      const values: string[] = [];
      while (peek()?.type !== ']') {
        values.push(value());
        if (peek()?.type === ',') position++;
        else if (peek()?.type !== ']') fail("expected ',' or ']'");
      }
      position++;
      if (values.length === 0) fail('IN needs at least one value');
      return { kind: 'in', field: field.text, values, negated: negatedIn };
    }
    if (negatedIn) fail("expected IN after NOT");
    if (keyword('EXISTS')) fail('EXISTS is not supported');
    const op = peek();
    if (!op || op.type !== 'op') return fail(`expected an operator after '${field.text}'`);
    position++;
    return { kind: 'cond', field: field.text, op: op.text, value: value() };
  };

  if (tokens.length === 0) throw badRequest(`${name}: empty filter`);
  const tree = parseOr(0);
  if (position < tokens.length) fail('unexpected text');
  return tree;
}

const NEGATED: Readonly<Record<Operator, Operator>> = { '=': '!=', '!=': '=', '>': '<=', '>=': '<', '<': '>=', '<=': '>' };

/** Disjunctive normal form (OR of AND-clauses) with negations pushed into the conditions. */
function toClauses(node: FilterNode, negate: boolean, name: string): Clause[] {
  switch (node.kind) {
    case 'not':
      return toClauses(node.node, !negate, name);
    case 'cond': {
      const condition = parseCondition(node.field, node.op, node.value, name);
      return [[negate ? { ...condition, op: NEGATED[condition.op] } : condition]];
    }
    case 'in': {
      const conditions = node.values.map((v) => parseCondition(node.field, '=', v, name));
      // x IN [a, b] = x = a OR x = b; NOT IN / negation: all must differ.
      const differ = node.negated !== negate;
      return differ ? [conditions.map((c) => ({ ...c, op: '!=' as const }))] : conditions.map((c) => [c]);
    }
    case 'and':
    case 'or': {
      const isAnd = (node.kind === 'and') !== negate;
      const parts = node.nodes.map((child) => toClauses(child, negate, name));
      if (!isAnd) return capped(parts.flat(), name);
      return parts.reduce<Clause[]>(
        (acc, part) => capped(acc.flatMap((left) => part.map((right) => [...left, ...right])), name),
        [[]],
      );
    }
  }
}

function capped(clauses: Clause[], name: string): Clause[] {
  if (clauses.length > SEARCH_LIMITS.clauses) {
    throw badRequest(`${name}: expands to more than ${SEARCH_LIMITS.clauses} alternatives; simplify the filter or use facets`);
  }
  return clauses;
}

/** A legacy filter string as one OR-group of AND-clauses. */
export function parseFilters(raw: string, name: 'filters' | 'version'): FacetGroup {
  if (raw.length > SEARCH_LIMITS.facetsLength) throw badRequest(`${name}: longer than ${SEARCH_LIMITS.facetsLength} characters`);
  return toClauses(parseFilterString(raw, name), false, name);
}

// ── The whole request ─────────────────────────────────────────────────────────────────

export function parseSort(raw: string | undefined): SearchSort {
  if (raw === undefined || raw === '') return 'relevance';
  const sort = SEARCH_SORT_ALIASES[raw] ?? raw;
  if (!(SEARCH_SORTS as readonly string[]).includes(sort)) {
    throw badRequest(`index: unknown sort '${raw}'; use one of ${SEARCH_SORTS.join(', ')}`);
  }
  return sort as SearchSort;
}

export function parseSearchRequest(params: RawSearchParams): SearchRequest {
  const text = (params.query ?? '').trim();
  if (text.length > SEARCH_LIMITS.textLength) throw badRequest(`query: longer than ${SEARCH_LIMITS.textLength} characters`);
  const limit = params.limit ?? SEARCH_DEFAULT_LIMIT;
  if (!Number.isInteger(limit) || limit < 0 || limit > SEARCH_MAX_LIMIT) {
    throw badRequest(`limit: must be an integer from 0 to ${SEARCH_MAX_LIMIT}`);
  }
  const offset = params.offset ?? 0;
  if (!Number.isInteger(offset) || offset < 0) throw badRequest('offset: must be a non-negative integer');

  const groups = params.facets ? parseFacets(params.facets) : [];
  if (params.filters?.trim()) groups.push(parseFilters(params.filters, 'filters'));
  if (params.version?.trim()) groups.push(parseFilters(params.version, 'version'));
  return { text, groups, sort: parseSort(params.index), offset, limit };
}
