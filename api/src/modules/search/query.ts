import {
  SEARCH_DEFAULT_LIMIT,
  SEARCH_MAX_LIMIT,
  SEARCH_SORT_ALIASES,
  SEARCH_SORTS,
  type SearchSort,
} from '@cairn/shared/constants/search';
import { badRequest } from '../../lib/errors.js';
import { parseCondition, SEARCH_LIMITS, type Condition, type FacetGroup } from './conditions.js';
import { parseFilters } from './legacy-filters.js';


/**
 * Search request parsing (pure): the v2 parameters — `query`, `facets`, `index`, `offset`,
 * `limit` and the legacy `filters` / `version` strings — become one normalized request:
 * text, an AND of OR-groups of AND-clauses of conditions, a sort, a page. Anything malformed
 * is a 400 whose description says what is wrong and where.
 */

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
