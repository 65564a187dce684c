import { useCallback, useSyncExternalStore } from 'react';

/** Panel preferences kept in this browser, per server. */
export interface LocalServerPreferences {
  hideAddress: boolean;
  confirmPower: boolean;
  backupWhileRunning: boolean;
}

export const DEFAULT_SERVER_PREFERENCES: LocalServerPreferences = { hideAddress: false, confirmPower: false, backupWhileRunning: true };

const storageKey = (serverId: string) => `cairn:server-preferences:${serverId}`;
const listeners = new Set<() => void>();
const cache = new Map<string, { raw: string | null; value: LocalServerPreferences }>();

export function readServerPreferences(serverId: string): LocalServerPreferences {
  let raw: string | null = null;
  try {
    raw = localStorage.getItem(storageKey(serverId));
  } catch {
    // storage blocked: defaults
  }
  const cached = cache.get(serverId);
  // The same object while nothing changed, as useSyncExternalStore requires.
  if (cached && cached.raw === raw) return cached.value;
  let value = DEFAULT_SERVER_PREFERENCES;
  try {
    const parsed = JSON.parse(raw ?? 'null') as Partial<Record<keyof LocalServerPreferences, unknown>> | null;
    if (parsed && typeof parsed === 'object') {
      value = {
        hideAddress: typeof parsed.hideAddress === 'boolean' ? parsed.hideAddress : DEFAULT_SERVER_PREFERENCES.hideAddress,
        confirmPower: typeof parsed.confirmPower === 'boolean' ? parsed.confirmPower : DEFAULT_SERVER_PREFERENCES.confirmPower,
        backupWhileRunning: typeof parsed.backupWhileRunning === 'boolean' ? parsed.backupWhileRunning : DEFAULT_SERVER_PREFERENCES.backupWhileRunning,
      };
    }
  } catch {
    // a damaged entry: defaults
  }
  cache.set(serverId, { raw, value });
  return value;
}

export function writeServerPreferences(serverId: string, patch: Partial<LocalServerPreferences>): void {
  const next = { ...readServerPreferences(serverId), ...patch };
  try {
    localStorage.setItem(storageKey(serverId), JSON.stringify(next));
  } catch {
    // storage blocked: the choice lasts until the page reloads
    cache.set(serverId, { raw: null, value: next });
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

/** The server's browser-local preferences and a setter; every panel part using them updates together. */
export function useServerPreferences(serverId: string): [LocalServerPreferences, (patch: Partial<LocalServerPreferences>) => void] {
  const preferences = useSyncExternalStore(subscribe, () => readServerPreferences(serverId), () => DEFAULT_SERVER_PREFERENCES);
  const update = useCallback((patch: Partial<LocalServerPreferences>) => writeServerPreferences(serverId, patch), [serverId]);
  return [preferences, update];
}
