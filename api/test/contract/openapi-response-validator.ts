import { Ajv, type ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

// ajv-formats is CommonJS with a default export that TypeScript sees one level down.
const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;

type JsonObject = Record<string, unknown>;

export interface OpenApiDocument {
  openapi: string;
  servers?: { url: string }[];
  paths?: Record<string, JsonObject>;
  components?: JsonObject;
}

export type ResponseCheck =
  /** The document has no such operation, status or JSON body: nothing was checked. */
  | { kind: 'not_described' }
  | { kind: 'valid'; operation: string }
  | { kind: 'invalid'; operation: string; message: string };

export interface ResponseValidator {
  readonly name: string;
  /** Method + path template of every operation the document describes, e.g. `GET /v2/project/{}`. */
  readonly operations: ReadonlySet<string>;
  /**
   * `path` is the server-side route template, Fastify style (`/v2/project/:id`) or OpenAPI style.
   * A request using a query parameter the operation does not declare (an extension of ours) is
   * outside what the document describes: nothing is checked.
   */
  check(method: string, path: string, status: number, body: unknown, queryNames?: readonly string[]): ResponseCheck;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head'] as const;

/**
 * Validates response bodies against the JSON schemas an OpenAPI 3.0 or 3.1 document declares for
 * an operation and status code. Operations are matched on method and path template with parameter
 * names ignored (`/project/{id|slug}` is `/v2/project/:id`), with the server URL's path in front.
 */
export function createResponseValidator(name: string, document: OpenApiDocument): ResponseValidator {
  const legacy = document.openapi.startsWith('3.0');
  const ajv = legacy ? new Ajv(ajvOptions) : new Ajv2020(ajvOptions);
  addFormats(ajv);
  // OpenAPI's own formats (and the contract's free-form ones) carry no rule a validator can check.
  for (const format of ['int32', 'int64', 'float', 'double', 'byte', 'binary', 'password', 'ISO-8601', 'bitfield']) {
    ajv.addFormat(format, true);
  }
  const documentId = `urn:cairn:openapi:${encodeURIComponent(name)}`;
  const converted = convertSchema(document.components ?? {}, { legacy, documentId }) as JsonObject;
  ajv.addSchema({ $id: documentId, components: converted });

  const operations = new Map<string, { responses: JsonObject; label: string; query: ReadonlySet<string> }>();
  const queryNamesOf = (parameters: unknown): string[] =>
    (Array.isArray(parameters) ? parameters : [])
      .map((parameter) => resolveParameter(document, parameter as JsonObject))
      .filter((parameter) => parameter?.in === 'query')
      .map((parameter) => String(parameter!.name));
  const globalBase = basePathOf(document.servers);
  for (const [template, item] of Object.entries(document.paths ?? {})) {
    const base = 'servers' in item ? basePathOf(item.servers as { url: string }[]) : globalBase;
    for (const method of METHODS) {
      const operation = item[method] as JsonObject | undefined;
      if (!operation) continue;
      const key = operationKey(method, base + template);
      const query = new Set([...queryNamesOf(item.parameters), ...queryNamesOf(operation.parameters)]);
      operations.set(key, { responses: (operation.responses ?? {}) as JsonObject, label: `${method.toUpperCase()} ${template}`, query });
    }
  }
  const compiled = new Map<string, ValidateFunction | undefined>();

  function validatorFor(key: string, responses: JsonObject, status: number): ValidateFunction | undefined {
    const cacheKey = `${key} ${status}`;
    if (compiled.has(cacheKey)) return compiled.get(cacheKey);
    const response = (responses[String(status)] ?? responses[`${String(status)[0]}XX`]) as JsonObject | undefined;
    const resolved = response && resolveResponse(document, response);
    const content = resolved?.content as Record<string, { schema?: unknown }> | undefined;
    const schema = content?.['application/json']?.schema;
    const validate = schema === undefined ? undefined : ajv.compile(convertSchema(schema, { legacy, documentId }) as JsonObject);
    compiled.set(cacheKey, validate);
    return validate;
  }

  return {
    name,
    operations: new Set(operations.keys()),
    check(method, path, status, body, queryNames = []) {
      const key = operationKey(method, path);
      const operation = operations.get(key);
      if (!operation || queryNames.some((name) => !operation.query.has(name))) return { kind: 'not_described' };
      const validate = validatorFor(key, operation.responses, status);
      if (!validate) return { kind: 'not_described' };
      if (validate(body)) return { kind: 'valid', operation: key };
      return { kind: 'invalid', operation: key, message: ajv.errorsText(validate.errors, { dataVar: 'body', separator: '; ' }) };
    },
  };
}

/** A parameter object, following a `#/components/parameters/…` reference. */
function resolveParameter(document: OpenApiDocument, parameter: JsonObject): JsonObject | undefined {
  const ref = parameter.$ref;
  if (typeof ref !== 'string') return parameter;
  const name = ref.replace('#/components/parameters/', '');
  return ((document.components as JsonObject | undefined)?.parameters as Record<string, JsonObject> | undefined)?.[name];
}

const ajvOptions = { strict: false, allErrors: true, validateFormats: true } as const;

/** `GET /v2/project/{}`: method and path template with every parameter unnamed. */
export function operationKey(method: string, path: string): string {
  const template = path
    .split('/')
    .map((segment) => (segment.startsWith(':') || /^\{[^}]*\}$/.test(segment) ? '{}' : segment))
    .join('/');
  return `${method.toUpperCase()} ${template}`;
}

function basePathOf(servers: { url: string }[] | undefined): string {
  const url = servers?.[0]?.url;
  if (!url) return '';
  return new URL(url, 'http://localhost').pathname.replace(/\/+$/, '');
}

function resolveResponse(document: OpenApiDocument, response: JsonObject): JsonObject | undefined {
  const ref = response.$ref;
  if (typeof ref !== 'string') return response;
  let target: unknown = document;
  for (const part of ref.replace(/^#\//, '').split('/')) {
    target = (target as JsonObject | undefined)?.[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return target as JsonObject | undefined;
}

/**
 * An OpenAPI schema object as plain JSON Schema: local references point into the document's
 * registered components, and for OpenAPI 3.0 `nullable: true` becomes "this, or null" and boolean
 * `exclusiveMinimum`/`exclusiveMaximum` take their numeric form.
 */
function convertSchema(schema: unknown, context: { legacy: boolean; documentId: string }): unknown {
  if (Array.isArray(schema)) return schema.map((item) => convertSchema(item, context));
  if (schema === null || typeof schema !== 'object') return schema;
  let source = schema as JsonObject;
  // `allOf: [{$ref: …}, {nullable: true}]` is how 3.0 documents write "this type, or null": the
  // flag is lifted to the whole, where it means what they meant (alone in a branch it means nothing).
  if (context.legacy && Array.isArray(source.allOf) && source.allOf.some(isNullableFlag)) {
    source = { ...source, nullable: true, allOf: source.allOf.map((member) => (isNullableFlag(member) ? withoutNullable(member) : member)) };
  }
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(source)) {
    if (key === '$ref' && typeof value === 'string' && value.startsWith('#/')) out.$ref = `${context.documentId}${value}`;
    else out[key] = convertSchema(value, context);
  }
  if (!context.legacy) return out;
  for (const [flag, bound] of [['exclusiveMinimum', 'minimum'], ['exclusiveMaximum', 'maximum']] as const) {
    if (typeof out[flag] === 'boolean') {
      if (out[flag] && typeof out[bound] === 'number') out[flag] = out[bound];
      else delete out[flag];
      if (typeof out[flag] === 'number') delete out[bound];
    }
  }
  if (out.nullable === true) {
    delete out.nullable;
    // An enum lists its values: null has to be one of them for a nullable enum to accept it.
    if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null];
    return { anyOf: [out, { type: 'null' }] };
  }
  delete out.nullable;
  return out;
}

function isNullableFlag(member: unknown): boolean {
  return typeof member === 'object' && member !== null && (member as JsonObject).nullable === true && !('type' in member);
}

function withoutNullable(member: unknown): JsonObject {
  const { nullable: _nullable, ...rest } = member as JsonObject;
  return rest;
}
