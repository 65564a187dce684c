/**
 * Paths in a server folder as the node agent reads them: always rooted at "/" (the folder),
 * "/"-separated, no trailing slash.
 */
export const ROOT_PATH = '/';

export function joinPath(folder: string, name: string): string {
  return folder === ROOT_PATH ? `/${name}` : `${folder}/${name}`;
}

export function parentPath(path: string): string {
  const index = path.lastIndexOf('/');
  return index <= 0 ? ROOT_PATH : path.slice(0, index);
}

export function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/** "/a/b" → [{name: 'a', path: '/a'}, {name: 'b', path: '/a/b'}]; the root itself is not a segment. */
export function pathSegments(path: string): Array<{ name: string; path: string }> {
  const names = path.split('/').filter(Boolean);
  return names.map((name, index) => ({ name, path: `/${names.slice(0, index + 1).join('/')}` }));
}

/**
 * What the user typed as a destination folder ("plugins", "/world/", "./x") as an agent path;
 * undefined when it is not one (".." segments are refused rather than silently resolved).
 */
export function normalizeFolderInput(input: string): string | undefined {
  const parts = input.trim().split('/').filter((part) => part !== '' && part !== '.');
  if (parts.some((part) => part === '..')) return undefined;
  return parts.length === 0 ? ROOT_PATH : `/${parts.join('/')}`;
}

/** A single file or folder name: not empty, no slashes, not "." or "..". */
export function isValidName(name: string): boolean {
  const trimmed = name.trim();
  return trimmed !== '' && trimmed !== '.' && trimmed !== '..' && !/[/\\\0]/.test(trimmed);
}

const TEXT_EXTENSIONS = new Set([
  'txt', 'properties', 'yml', 'yaml', 'json', 'json5', 'toml', 'cfg', 'conf', 'ini', 'log', 'md', 'mcmeta', 'mcfunction',
  'js', 'ts', 'sh', 'bat', 'xml', 'csv', 'lang', 'secret', 'env', 'html', 'css',
]);
const IMAGE_EXTENSIONS = new Set(['png', 'jpg', 'jpeg', 'gif', 'webp']);
const TEXT_NAMES = new Set(['eula.txt', 'ops.json', 'whitelist.json', 'banned-ips.json', 'banned-players.json', 'usercache.json']);
/** The agent reads text files up to 5 MiB; larger ones are downloaded instead. */
export const MAX_EDITABLE_BYTES = 5 * 1024 * 1024;

export type FileKind = 'text' | 'image' | 'archive' | 'other';

export function fileKind(name: string): FileKind {
  const lower = name.toLowerCase();
  if (lower.endsWith('.tar.gz') || lower.endsWith('.tgz')) return 'archive';
  const dot = lower.lastIndexOf('.');
  const extension = dot > 0 ? lower.slice(dot + 1) : '';
  if (TEXT_NAMES.has(lower) || TEXT_EXTENSIONS.has(extension)) return 'text';
  if (IMAGE_EXTENSIONS.has(extension)) return 'image';
  return 'other';
}
