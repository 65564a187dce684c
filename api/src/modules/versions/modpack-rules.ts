/**
 * The rules a modpack index (`modrinth.index.json`) must follow to be uploaded, so that every
 * launcher can install it: format 1 for Minecraft, and for every file a safe relative path, both
 * hashes, a size and at least one download URL on an allowed host. Messages name the entry and
 * the rule (`files[3].downloads[0]: host example.org is not allowed`).
 */

/** Where the files a pack lists may be downloaded from. */
export interface ModpackDownloadPolicy {
  /**
   * Origins of Cairn's own file links (the API, the CDN, presigned bucket URLs), allowed with
   * their own scheme (a development instance serves plain http).
   */
  ownOrigins: readonly string[];
  /** Further host names, allowed over https only (MODPACK_DOWNLOAD_HOSTS). */
  hosts: readonly string[];
}

/** Launcher dependency ids a pack may name (what launchers know how to install). */
export const MODPACK_DEPENDENCY_IDS = ['minecraft', 'forge', 'neoforge', 'fabric-loader', 'quilt-loader', 'ornithe-loader'] as const;

const SIDE_VALUES = ['required', 'optional', 'unsupported'] as const;
const MAX_FILES = 100_000;
const MAX_DOWNLOADS = 32;
const SHA1 = /^[0-9a-f]{40}$/i;
const SHA512 = /^[0-9a-f]{128}$/i;
/** Characters RFC 3986 allows in a URI (anything else, spaces included, must be percent-encoded). */
const URI_CHARACTERS = /^[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%]+$/;

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const has = (object: Json, key: string) => Object.hasOwn(object, key);

/** Why a path could leave the instance folder (or be unusable on some system), or undefined. */
export function packPathProblem(path: string): string | undefined {
  if (path.length === 0) return 'must not be empty';
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(path)) return 'must not contain control characters';
  if (path.includes('\\')) return 'must use forward slashes (no backslashes)';
  if (path.startsWith('/')) return 'must be relative to the instance folder (no leading slash)';
  if (/^[A-Za-z]:/.test(path)) return 'must be relative to the instance folder (no drive letter)';
  const segments = path.split('/');
  if (segments.includes('..')) return "must stay inside the instance folder (no '..' segments)";
  if (segments.includes('')) return 'must not have empty segments (no double or trailing slashes)';
  return undefined;
}

/** Why a download URL is refused, or undefined. */
export function downloadUrlProblem(value: unknown, policy: ModpackDownloadPolicy): string | undefined {
  if (typeof value !== 'string' || value.length === 0) return 'must be a URL';
  if (value.length > 2048) return 'must be at most 2048 characters long';
  if (!URI_CHARACTERS.test(value)) return 'must not contain spaces or other characters URLs do not allow (percent-encode them)';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'is not a valid URL';
  }
  if (url.username || url.password) return 'must not carry a user name or password';
  if (policy.ownOrigins.includes(url.origin)) return undefined;
  if (url.protocol !== 'https:') return 'must be an https URL';
  const host = url.hostname.toLowerCase();
  const ownHosts = policy.ownOrigins.map((origin) => new URL(origin).hostname.toLowerCase());
  if (policy.hosts.includes(host) || ownHosts.includes(host)) return undefined;
  return `host ${host} is not allowed (allowed: ${[...new Set([...ownHosts, ...policy.hosts])].join(', ')})`;
}

function fileProblem(file: unknown, at: string, policy: ModpackDownloadPolicy): string | undefined {
  if (!isObject(file)) return `${at}: must be an object`;

  if (typeof file.path !== 'string') return `${at}.path: must be a string`;
  const pathProblem = packPathProblem(file.path);
  if (pathProblem) return `${at}.path: ${pathProblem}`;

  if (!isObject(file.hashes)) return `${at}.hashes: must be an object with sha1 and sha512`;
  for (const [name, pattern, length] of [['sha1', SHA1, 40], ['sha512', SHA512, 128]] as const) {
    const hash = has(file.hashes, name) ? file.hashes[name] : undefined;
    if (hash === undefined) return `${at}.hashes.${name}: missing (every file needs both a sha1 and a sha512 hash)`;
    if (typeof hash !== 'string' || !pattern.test(hash)) return `${at}.hashes.${name}: must be ${length} hexadecimal characters`;
  }

  if (has(file, 'env') && file.env !== undefined) {
    if (!isObject(file.env)) return `${at}.env: must be an object with client and server`;
    for (const [side, value] of Object.entries(file.env)) {
      if (side !== 'client' && side !== 'server') return `${at}.env.${side}: unknown environment (only client and server)`;
      if (!(SIDE_VALUES as readonly unknown[]).includes(value)) return `${at}.env.${side}: must be ${SIDE_VALUES.join(', ')}`;
    }
  }

  if (!Array.isArray(file.downloads) || file.downloads.length === 0) return `${at}.downloads: must list at least one URL the file is downloaded from`;
  if (file.downloads.length > MAX_DOWNLOADS) return `${at}.downloads: at most ${MAX_DOWNLOADS} URLs`;
  for (const [d, url] of file.downloads.entries()) {
    const problem = downloadUrlProblem(url, policy);
    if (problem) return `${at}.downloads[${d}]: ${problem}`;
  }

  const size = file.fileSize;
  if (typeof size !== 'number' || !Number.isSafeInteger(size) || size < 0) return `${at}.fileSize: must be a non-negative whole number (the file's size in bytes)`;
  return undefined;
}

const optionalText = (index: Json, key: string, max: number, required: boolean): string | undefined => {
  const value = index[key];
  if (value === undefined && !required) return undefined;
  if (typeof value !== 'string' || (required && value.trim().length === 0)) return `${key}: must be a${required ? ' non-empty' : ''} string`;
  return value.length > max ? `${key}: must be at most ${max} characters long` : undefined;
};

/** The first rule a parsed index breaks, as `<field>: <rule>`, or undefined when it is installable. */
export function modpackIndexProblem(index: unknown, policy: ModpackDownloadPolicy): string | undefined {
  if (!isObject(index)) return 'the index must be a JSON object';
  if (index.formatVersion !== 1) return 'formatVersion: must be 1';
  if (index.game !== 'minecraft') return 'game: must be "minecraft"';
  const text = optionalText(index, 'versionId', 512, true) ?? optionalText(index, 'name', 512, true) ?? optionalText(index, 'summary', 2048, false);
  if (text) return text;

  if (!isObject(index.dependencies)) return 'dependencies: must be an object of launcher dependency ids and versions';
  for (const [id, version] of Object.entries(index.dependencies)) {
    if (!(MODPACK_DEPENDENCY_IDS as readonly string[]).includes(id)) return `dependencies.${id}: unknown dependency (known: ${MODPACK_DEPENDENCY_IDS.join(', ')})`;
    if (typeof version !== 'string' || version.length === 0) return `dependencies.${id}: must be a version string`;
  }

  if (!Array.isArray(index.files)) return 'files: must be a list';
  if (index.files.length > MAX_FILES) return `files: at most ${MAX_FILES} entries`;
  for (const [i, file] of index.files.entries()) {
    const problem = fileProblem(file, `files[${i}]`, policy);
    if (problem) return problem;
  }
  return undefined;
}
