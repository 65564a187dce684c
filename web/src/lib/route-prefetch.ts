import { matchRoutes, type RouteObject } from 'react-router';

/**
 * Loads the code of the route a link points to when the pointer or focus reaches the link, so the
 * click feels instant. At most four preloads run at once; nothing is preloaded on a slow or
 * data-saving connection.
 */
const MAX_CONCURRENT_PREFETCHES = 4;

interface ConnectionInfo {
  saveData?: boolean;
  effectiveType?: string;
}

export function canPrefetch(connection: ConnectionInfo | undefined): boolean {
  if (!connection) return true;
  if (connection.saveData) return false;
  return !/(^|-)2g$/.test(connection.effectiveType ?? '');
}

interface PrefetchQueue {
  /** Runs `task` once per key, never more than `limit` at a time. */
  enqueue(key: string, task: () => Promise<unknown>): void;
  readonly running: number;
}

export function createPrefetchQueue(limit = MAX_CONCURRENT_PREFETCHES): PrefetchQueue {
  const seen = new Set<string>();
  const waiting: Array<() => Promise<unknown>> = [];
  let running = 0;

  const next = () => {
    while (running < limit && waiting.length > 0) {
      const task = waiting.shift()!;
      running++;
      void task()
        .catch(() => {
          /* a failed preload is retried by the real navigation, which reports errors */
        })
        .finally(() => {
          running--;
          next();
        });
    }
  };

  return {
    enqueue(key, task) {
      if (seen.has(key)) return;
      seen.add(key);
      waiting.push(task);
      next();
    },
    get running() {
      return running;
    },
  };
}

export type RoutePrefetcher = (href: string) => void;

/**
 * Prefetcher over a route tree whose lazy routes come from `lazyRoute` (memoised imports). A path
 * that only a catch-all `*` route matches may belong to routes the router has not added yet:
 * `discover` loads those (the same objects the router will add) and they are searched too.
 */
export function createRoutePrefetcher(
  getRoutes: () => RouteObject[],
  discover?: () => Promise<RouteObject[]>,
  queue: PrefetchQueue = createPrefetchQueue(),
  connection: () => ConnectionInfo | undefined = () =>
    (navigator as Navigator & { connection?: ConnectionInfo }).connection,
): RoutePrefetcher {
  const enqueueLazy = (routes: RouteObject[], pathname: string) => {
    const matches = matchRoutes(routes, pathname) ?? [];
    for (const { route } of matches) {
      const lazy = route.lazy;
      if (typeof lazy !== 'function') continue;
      queue.enqueue(route.id ?? `${route.path ?? ''}:${String(route.index ?? '')}:${pathname}`, () => Promise.resolve(lazy()));
    }
    return matches;
  };
  return (href) => {
    if (!canPrefetch(connection())) return;
    const pathname = href.split(/[?#]/)[0] || '/';
    const matches = enqueueLazy(getRoutes(), pathname);
    if (discover && matches.at(-1)?.route.path === '*') {
      queue.enqueue(`discover:${pathname}`, () => discover().then((routes) => void enqueueLazy(routes, pathname)));
    }
  };
}
