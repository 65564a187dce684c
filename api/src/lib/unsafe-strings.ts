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

function join(path: string, key: string): string {
  return path ? `${path}.${key}` : key;
}

/** Finds the first string (value or object key) in `value` that cannot be stored. */
export function findUnsafeString(value: unknown, path = ''): UnsafeString | null {
  if (typeof value === 'string') {
    const reason = checkText(value);
    return reason ? { path, reason } : null;
  }
  if (value === null || typeof value !== 'object' || value instanceof Uint8Array || value instanceof Date) return null;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index += 1) {
      const found = findUnsafeString(value[index], join(path, String(index)));
      if (found) return found;
    }
    return null;
  }
  for (const [key, item] of Object.entries(value)) {
    const keyReason = checkText(key);
    if (keyReason) return { path: `key ${join(path, printable(key))}`, reason: keyReason };
    const found = findUnsafeString(item, join(path, key));
    if (found) return found;
  }
  return null;
}
