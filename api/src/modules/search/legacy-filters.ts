import { badRequest } from '../../lib/errors.js';
import { parseCondition, SEARCH_LIMITS, type Clause, type FacetGroup, type Operator } from './conditions.js';

/**
 * The legacy `filters` and `version` parameters: Meilisearch-style filter strings
 * (`categories = fabric AND (versions = 1.20.1 OR versions = 1.20.2)`, `NOT`, `IN [..]`),
 * parsed into the same OR-group of AND-clauses the `facets` parameter gives.
 */

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
