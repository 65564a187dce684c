import { loadAreaMessages, type MessageArea, type MessageCatalog } from './catalogs';
import { DEFAULT_LOCALE } from './locales';

/**
 * The page areas whose messages are loaded, and those messages in the current language. Route
 * registrations name the areas they need (`lazyRoute(…, ['discover'])`), which loads them with
 * the route's code; the I18nProvider merges them into its catalog and reloads them when the
 * language changes.
 */
interface AreaMessagesSnapshot {
  locale: string;
  messages: MessageCatalog;
}

const loaded = new Map<MessageArea, MessageCatalog>();
let snapshot: AreaMessagesSnapshot = { locale: DEFAULT_LOCALE, messages: {} };
const listeners = new Set<() => void>();
const pending = new Map<string, Promise<void>>();

function publish(locale: string) {
  snapshot = { locale, messages: Object.assign({}, ...loaded.values()) as MessageCatalog };
  for (const listener of listeners) listener();
}

/** Loads the areas not loaded yet, in the current language. */
export function ensureMessageAreas(areas: readonly MessageArea[]): Promise<void> {
  const locale = snapshot.locale;
  const missing = areas.filter((area) => !loaded.has(area));
  if (missing.length === 0) return Promise.resolve();
  const key = `${locale}:${missing.join(',')}`;
  let promise = pending.get(key);
  if (!promise) {
    promise = Promise.all(missing.map(async (area) => [area, await loadAreaMessages(area, locale)] as const))
      .then((catalogs) => {
        // The language changed while these loaded: load them again in the new one (the switch
        // only reloads the areas it found loaded, and these were not yet).
        if (snapshot.locale !== locale) return ensureMessageAreas(areas);
        for (const [area, messages] of catalogs) loaded.set(area, messages);
        publish(locale);
      })
      .finally(() => pending.delete(key));
    pending.set(key, promise);
  }
  return promise;
}

/** Reloads every loaded area in `locale` (the provider calls this when the language changes). */
export async function switchMessageAreas(locale: string): Promise<void> {
  if (locale === snapshot.locale) return;
  const next = new Map<MessageArea, MessageCatalog>();
  // An area that finished loading in the old language meanwhile (the footer, right after the
  // first paint) is switched too: dropping it would show its keys instead of its text.
  for (;;) {
    const areas = [...loaded.keys()].filter((area) => !next.has(area));
    if (areas.length === 0) break;
    const catalogs = await Promise.all(areas.map(async (area) => [area, await loadAreaMessages(area, locale)] as const));
    for (const [area, messages] of catalogs) next.set(area, messages);
  }
  loaded.clear();
  for (const [area, messages] of next) loaded.set(area, messages);
  publish(locale);
}

export const areaMessagesStore = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  getSnapshot: (): AreaMessagesSnapshot => snapshot,
};
