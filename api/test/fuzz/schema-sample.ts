/** A JSON Schema as the app's OpenAPI document carries it (only what the fuzzer reads). */
export interface JsonSchema {
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  minItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  exclusiveMinimum?: number;
  maximum?: number;
  format?: string;
  pattern?: string;
  default?: unknown;
  additionalProperties?: boolean | JsonSchema;
}

/**
 * A plausible value for a schema (its required fields, smallest sizes): the base that each fuzz
 * case changes in one place, so the change — not an unrelated missing field — meets validation.
 */
export function sampleOf(schema: JsonSchema | undefined, depth = 0): unknown {
  if (!schema || depth > 6) return null;
  if ('const' in schema) return schema.const;
  if (schema.default !== undefined) return schema.default;
  if (schema.enum?.length) return schema.enum[0];
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return sampleOf(alternatives.find((s) => s.type !== 'null') ?? alternatives[0], depth + 1);
  if (schema.allOf?.length) return sampleOf(schema.allOf[0], depth + 1);
  const type = Array.isArray(schema.type) ? (schema.type.find((t) => t !== 'null') ?? 'null') : schema.type;
  switch (type) {
    case 'string':
      return sampleString(schema);
    case 'integer':
    case 'number':
      return schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 1);
    case 'boolean':
      return true;
    case 'array': {
      if (schema.prefixItems) return schema.prefixItems.map((item) => sampleOf(item, depth + 1));
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () => sampleOf(schema.items, depth + 1));
    }
    case 'object':
    case undefined: {
      if (!schema.properties) return {};
      const value: Record<string, unknown> = {};
      for (const name of schema.required ?? []) value[name] = sampleOf(schema.properties[name], depth + 1);
      return value;
    }
    default:
      return null;
  }
}

function sampleString(schema: JsonSchema): string {
  switch (schema.format) {
    case 'email':
      return 'fuzz@example.test';
    case 'uri':
    case 'url':
      return 'https://example.test/page';
    case 'date-time':
      return '2030-01-01T00:00:00.000Z';
  }
  const length = Math.min(Math.max(schema.minLength ?? 0, 4), schema.maxLength ?? 4);
  return 'fuzz'.padEnd(length, 'z').slice(0, Math.max(length, schema.minLength ?? 0));
}

/** Every property path of a sample object (depth-first), for changing one place at a time. */
export function propertyPaths(schema: JsonSchema | undefined, prefix: string[] = [], depth = 0): string[][] {
  if (!schema || depth > 4) return [];
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return propertyPaths(alternatives.find((s) => s.type !== 'null') ?? alternatives[0], prefix, depth + 1);
  const paths: string[][] = [];
  for (const [name, child] of Object.entries(schema.properties ?? {})) {
    paths.push([...prefix, name]);
    paths.push(...propertyPaths(child, [...prefix, name], depth + 1));
  }
  return paths;
}

/** A copy of `base` with the value at `path` replaced (objects on the way are created). */
export function withValueAt(base: unknown, path: readonly string[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path as [string, ...string[]];
  const object = base !== null && typeof base === 'object' && !Array.isArray(base) ? { ...(base as Record<string, unknown>) } : {};
  Object.defineProperty(object, head, { value: withValueAt(object[head], rest, value), enumerable: true, writable: true, configurable: true });
  return object;
}
