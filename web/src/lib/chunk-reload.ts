/**
 * A route chunk that fails to load (usually: a new deploy removed the old hashed file) is fixed by
 * reloading the page, but at most once per path per 10 seconds, so a chunk that is really broken
 * shows the error page instead of reloading forever.
 */
const CHUNK_RELOAD_WINDOW_MS = 10_000;
const STORAGE_PREFIX = 'cairn:chunk-reload:';

const CHUNK_ERROR_PATTERNS = [
  /failed to fetch dynamically imported module/i,
  /error loading dynamically imported module/i,
  /importing a module script failed/i,
  /unable to preload css/i,
];

export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && CHUNK_ERROR_PATTERNS.some((pattern) => pattern.test(error.message));
}

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** Decides and records in one step: true means "reload now". */
export function claimChunkReload(path: string, now: number, storage: KeyValueStorage): boolean {
  const key = STORAGE_PREFIX + path;
  const last = Number(storage.getItem(key));
  if (Number.isFinite(last) && last > 0 && now - last < CHUNK_RELOAD_WINDOW_MS) return false;
  storage.setItem(key, String(now));
  return true;
}

function sessionStore(): KeyValueStorage {
  try {
    return window.sessionStorage;
  } catch {
    // Storage disabled: remember within this page only (a reload then starts afresh, which is
    // still bounded because the browser keeps no state to loop on).
    const memory = new Map<string, string>();
    return { getItem: (key) => memory.get(key) ?? null, setItem: (key, value) => void memory.set(key, value) };
  }
}

/** Reloads the page for a chunk error if allowed; returns whether it did. */
export function reloadForChunkError(error: unknown, path = window.location.pathname): boolean {
  if (!isChunkLoadError(error)) return false;
  if (!claimChunkReload(path, Date.now(), sessionStore())) return false;
  window.location.reload();
  return true;
}
