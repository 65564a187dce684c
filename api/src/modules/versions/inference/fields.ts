import { ManifestError } from './manifest.js';

/** Lenient accessors over parsed manifests: authors write them by hand, so shapes vary. */

export function asRecord(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

/** A non-empty string (numbers as written), else null. */
export function asText(value: unknown): string | null {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed ? trimmed : null;
}

/** A list (a single value counts as a list of one). */
export function asList(value: unknown): unknown[] {
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? value : [value];
}

/** Own entries of an object, never inherited ones ("__proto__" in a manifest is just a key). */
export function entriesOf(value: unknown): Array<[string, unknown]> {
  const record = asRecord(value);
  return record ? Object.keys(record).map((key) => [key, record[key]]) : [];
}

/** "Name 1.2.0" when both are known, else whichever is. */
export function versionTitle(name: string | null, versionNumber: string | null): string | null {
  if (name && versionNumber) return `${name} ${versionNumber}`;
  return name ?? versionNumber;
}

/** The document's top-level object; anything else is a malformed manifest. */
export function rootObject(name: string, document: unknown): Record<string, unknown> {
  const record = asRecord(document);
  if (!record) throw new ManifestError(`${name} must hold an object at its top level`);
  return record;
}
