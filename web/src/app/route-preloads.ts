import { PROJECT_TYPE_INFO, PROJECT_TYPES } from '@cairn/shared/constants/project-types';

/**
 * The pages visitors arrive on from outside, and the route modules each one loads first (their
 * files under web/, as Vite's manifest names them). The build turns this into
 * `dist/.vite/route-preloads.json` (plugins/route-preloads.ts): for each path pattern, the chunks
 * those modules need beyond the entry's. The web server writes them into the page's HTML as
 * `<link rel="modulepreload">`, so the page's code downloads together with the entry instead of
 * one round trip after it, and so do the data modules the entry imports to start the page's
 * requests at once (initial-data/).
 * Keep the modules in step with the routes in router.tsx (the plugin fails the build on a module
 * the build does not contain).
 */
export interface RoutePreload {
  /** A regular expression over the URL's path (no query). */
  pattern: string;
  modules: readonly string[];
}

const alternatives = (values: readonly string[]) => values.map((value) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
const searchSegments = alternatives(PROJECT_TYPES.map((type) => PROJECT_TYPE_INFO[type].searchSegment));
const projectTypes = alternatives([...PROJECT_TYPES, 'project']);

/** What every project page starts with: the data module the entry imports (initial-data/), and the layout. */
const projectData = ['src/app/initial-data/project-page.ts', 'src/app/routes/project/layout.tsx'];

export const ROUTE_PRELOADS: readonly RoutePreload[] = [
  { pattern: '^/$', modules: ['src/app/routes/home.tsx'] },
  { pattern: `^/(?:${searchSegments})/?$`, modules: ['src/app/routes/search.tsx', 'src/app/initial-data/search-page.ts'] },
  { pattern: `^/(?:${projectTypes})/[^/]+/?$`, modules: [...projectData, 'src/app/routes/project/description.tsx'] },
  { pattern: `^/(?:${projectTypes})/[^/]+/versions/?$`, modules: [...projectData, 'src/app/routes/project/versions.tsx'] },
  // A version's page, not the upload page at version/create (another route, whose styles these are not).
  { pattern: `^/(?:${projectTypes})/[^/]+/version/(?!create/?$)[^/]+/?$`, modules: [...projectData, 'src/app/routes/project/version.tsx'] },
  { pattern: '^/user/[^/]+(?:/[^/]+)?/?$', modules: ['src/app/routes/user.tsx'] },
];
