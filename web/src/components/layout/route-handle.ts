import type { Location, UIMatch } from 'react-router';

/** Layouts (spec §2): `default` (header, footer…) and `empty` (the page alone). */
type LayoutName = 'default' | 'empty';

/**
 * What a route may declare in its `handle`. `layout` may depend on the URL, e.g. sign-in pages
 * opened by the launcher: `layout: (location) => new URLSearchParams(location.search).has('launcher') ? 'empty' : 'default'`.
 */
export interface RouteHandle {
  layout?: LayoutName | ((location: Location) => LayoutName);
}

/** The deepest route that names a layout decides; `default` otherwise. */
export function resolveLayout(matches: readonly UIMatch[], location: Location): LayoutName {
  for (const match of [...matches].reverse()) {
    const layout = (match.handle as RouteHandle | undefined)?.layout;
    if (layout) return typeof layout === 'function' ? layout(location) : layout;
  }
  return 'default';
}
