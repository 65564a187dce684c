import { LOADER_NAMES } from '@cairn/shared/constants/loaders';
import { ENVIRONMENTS } from '@cairn/shared/constants/environments';
import { SIDE_TYPES } from '@cairn/shared/constants/side-types';
import { badRequest } from '../../lib/errors.js';

/** Search conditions: the facet fields, their operators and values, and the request-size guards. */

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
