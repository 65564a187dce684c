/**
 * Text that PostgreSQL or a JSON encoder cannot store faithfully: NUL characters (rejected
 * by PostgreSQL text columns) and unpaired UTF-16 surrogates (not representable in UTF-8).
 */
export interface UnsafeString {
  /** Dotted path to the offending value, e.g. `gallery.0.title` or `key links.x`. */
  path: string;
  reason: string;
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function checkText(text: string): string | null {
  if (text.includes('\u0000')) return 'must not contain a NUL character';
  if (LONE_SURROGATE.test(text)) return 'must not contain an unpaired UTF-16 surrogate';
  return null;
}

/** The key with the characters that made it unsafe shown as U+FFFD, for the error message. */
function printable(key: string): string {
  return [...key].map((char) => (char === '\u0000' || (char.length === 1 && /[\uD800-\uDFFF]/.test(char)) ? '\uFFFD' : char)).join('');
}

/** Where the unsafe text was found, innermost key first (the path is built only once one is found). */
interface Found {
  keys: string[];
  /** The unsafe text is this key itself, not a value. */
  inKey: boolean;
  reason: string;
}

function find(value: unknown): Found | null {
  if (typeof value === 'string') {
    const reason = checkText(value);
    return reason ? { keys: [], inKey: false, reason } : null;
  }
  if (value === null || typeof value !== 'object' || value instanceof Uint8Array || value instanceof Date) return null;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index += 1) {
      const found = find(value[index]);
      if (found) {
        found.keys.push(String(index));
        return found;
      }
    }
    return null;
  }
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    const keyReason = checkText(key);
    if (keyReason) return { keys: [printable(key)], inKey: true, reason: keyReason };
    const found = find((value as Record<string, unknown>)[key]);
    if (found) {
      found.keys.push(key);
      return found;
    }
  }
  return null;
}

/** Finds the first string (value or object key) in `value` that cannot be stored. */
export function findUnsafeString(value: unknown, path = ''): UnsafeString | null {
  const found = find(value);
  if (!found) return null;
  const keys = found.keys.reverse().join('.');
  const full = path && keys ? `${path}.${keys}` : path || keys;
  return { path: found.inKey ? `key ${full}` : full, reason: found.reason };
}
