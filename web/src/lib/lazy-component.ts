import { lazy, type ComponentType } from 'react';
import { reloadForChunkError } from './chunk-reload';

/**
 * A component whose code loads on first render (wrap it in <Suspense>). If its chunk cannot be
 * fetched — usually an old page after a deploy — the page reloads, at most once per path per
 * 10 s like routes do; otherwise `fallback` renders in its place, so a missing chunk never takes
 * the page down.
 */
export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>, fallback: ComponentType<P>) {
  return lazy(() =>
    load().then(
      (component) => ({ default: component }),
      (error: unknown) => {
        if (reloadForChunkError(error)) return new Promise<never>(() => {});
        return { default: fallback };
      },
    ),
  );
}
