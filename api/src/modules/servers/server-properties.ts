import { badRequest } from '../../lib/errors.js';

/** Keys the node rewrites before every start: customers cannot set them. */
const NODE_OWNED = new Set(['server-port', 'server-ip']);

/** `key=value` pairs of a server.properties text (comments and blank lines skipped). */
export function readProperties(text: string): Record<string, string> {
  const result: Record<string, string> = {};
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#') || line.startsWith('!')) continue;
    const at = line.indexOf('=');
    if (at > 0) result[line.slice(0, at).trim()] = line.slice(at + 1).trim();
  }
  return result;
}

/** The text with these values changed in place and new keys appended; comments stay as they were. */
export function applyProperties(text: string, changes: Record<string, string>): string {
  for (const key of Object.keys(changes)) {
    if (NODE_OWNED.has(key)) throw badRequest(`properties.${key}: set by the node, it cannot be changed`);
    if (/[\r\n]/.test(changes[key]!)) throw badRequest(`properties.${key}: must be a single line`);
  }
  const pending = new Map(Object.entries(changes));
  const lines = text.split(/\r?\n/).map((line) => {
    const at = line.indexOf('=');
    const key = at > 0 && !line.trimStart().startsWith('#') ? line.slice(0, at).trim() : undefined;
    if (key === undefined || !pending.has(key)) return line;
    const value = pending.get(key)!;
    pending.delete(key);
    return `${key}=${value}`;
  });
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  for (const [key, value] of pending) lines.push(`${key}=${value}`);
  return `${lines.join('\n')}\n`;
}
