import { EVIL_JSON_BODIES, EVIL_PATH_SEGMENTS, EVIL_QUERY_VALUES, EVIL_STRINGS, EVIL_UPLOAD_BODIES, EVIL_VALUES } from './vectors.js';
import { propertyPaths, sampleOf, withValueAt, type JsonSchema } from './schema-sample.js';

export interface Operation {
  method: string;
  /** OpenAPI form, e.g. /v2/project/{id}. */
  path: string;
  pathParams: string[];
  query: { name: string; required: boolean; schema: JsonSchema }[];
  jsonBody: JsonSchema | undefined;
}

export interface FuzzCase {
  label: string;
  method: string;
  url: string;
  payload?: string | Buffer;
  headers: Record<string, string>;
  /** The case's credential is replaced by this Authorization header. */
  authorization?: string;
}

const WRITE_METHODS = new Set(['POST', 'PATCH', 'PUT', 'DELETE']);
export const isWrite = (operation: Operation) => WRITE_METHODS.has(operation.method);

/** The operations of an OpenAPI document. */
export function operationsOf(document: { paths: Record<string, Record<string, Record<string, unknown>>> }): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const parameters = (operation.parameters ?? []) as { in: string; name: string; required?: boolean; schema: JsonSchema }[];
      const content = (operation.requestBody as { content?: Record<string, { schema: JsonSchema }> } | undefined)?.content;
      operations.push({
        method: method.toUpperCase(),
        path,
        pathParams: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        query: parameters.filter((p) => p.in === 'query').map((p) => ({ name: p.name, required: p.required ?? false, schema: p.schema })),
        jsonBody: content?.['application/json']?.schema,
      });
    }
  }
  return operations;
}

const queryValue = (schema: JsonSchema) => {
  const sample = sampleOf(schema);
  return encodeURIComponent(typeof sample === 'string' ? sample : JSON.stringify(sample));
};

/**
 * Every hostile request for one operation: each path parameter, query parameter and body field
 * replaced in turn (everything else plausible), malformed bodies, and broken credentials.
 * `pathValue` gives a real, percent-encoded value for a path parameter (the fuzz user's own
 * project, version…) so that changes elsewhere reach the route's own checks.
 */
export function casesFor(operation: Operation, pathValue: (name: string) => string): FuzzCase[] {
  const cases: FuzzCase[] = [];
  const baseQuery = Object.fromEntries(operation.query.filter((q) => q.required).map((q) => [q.name, queryValue(q.schema)]));
  const url = (params: Record<string, string> = {}, query: Record<string, string> = baseQuery) => {
    const path = operation.path.replace(/\{(\w+)\}/g, (_, name: string) => params[name] ?? pathValue(name));
    const search = Object.entries(query).map(([name, value]) => `${name}=${value}`).join('&');
    return search ? `${path}?${search}` : path;
  };
  const baseBody = operation.jsonBody ? JSON.stringify(sampleOf(operation.jsonBody)) : undefined;
  const jsonHeaders = { 'content-type': 'application/json' };
  const withBase = (label: string, target: string): FuzzCase =>
    baseBody === undefined ? { label, method: operation.method, url: target, headers: {} } : { label, method: operation.method, url: target, payload: baseBody, headers: jsonHeaders };

  for (const name of operation.pathParams) {
    for (const segment of EVIL_PATH_SEGMENTS) cases.push(withBase(`path ${name}=${segment.slice(0, 40)}`, url({ [name]: segment })));
  }
  for (const { name } of operation.query) {
    for (const value of EVIL_QUERY_VALUES) cases.push(withBase(`query ${name}=${value.slice(0, 40)}`, url({}, { ...baseQuery, [name]: value })));
    cases.push(withBase(`query ${name} twice`, `${url()}${url().includes('?') ? '&' : '?'}${name}=a&${name}=b`));
  }
  if (operation.jsonBody) {
    const base = sampleOf(operation.jsonBody);
    for (const value of [...EVIL_VALUES, ...EVIL_STRINGS.slice(0, 8)]) {
      cases.push({ label: `body=${short(value)}`, method: operation.method, url: url(), payload: JSON.stringify(value), headers: jsonHeaders });
    }
    for (const path of propertyPaths(operation.jsonBody)) {
      for (const value of [...EVIL_STRINGS, ...EVIL_VALUES]) {
        cases.push({ label: `body ${path.join('.')}=${short(value)}`, method: operation.method, url: url(), payload: JSON.stringify(withValueAt(base, path, value)), headers: jsonHeaders });
      }
    }
    cases.push({ label: 'body with __proto__ key', method: operation.method, url: url(), payload: `{"__proto__":{"isAdmin":true},${(baseBody ?? '{}').slice(1)}`, headers: jsonHeaders });
    for (const body of EVIL_JSON_BODIES) {
      cases.push({ label: `raw ${body.contentType} ${short(body.payload)}`, method: operation.method, url: url(), payload: body.payload, headers: { 'content-type': body.contentType } });
    }
  } else if (isWrite(operation)) {
    for (const body of EVIL_UPLOAD_BODIES) {
      cases.push({ label: `upload ${body.contentType} ${short(body.payload)}`, method: operation.method, url: url(), payload: body.payload, headers: { 'content-type': body.contentType } });
    }
  }
  for (const authorization of ['Bearer', 'pat_not-a-real-token', 'x'.repeat(10_000), 'mra_' + 'A'.repeat(40), 'Basic Og==']) {
    cases.push({ ...withBase(`authorization ${authorization.slice(0, 20)}`, url()), authorization });
  }
  return cases;
}

function short(value: unknown): string {
  const text = Buffer.isBuffer(value) ? `<${value.length} bytes>` : typeof value === 'string' ? value : JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 37)}…(${text.length})` : text;
}
