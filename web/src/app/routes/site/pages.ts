/**
 * The site's own pages, each its own chunk. The shell imports only this small module, so its
 * first download carries one entry for all six pages instead of one per page (with its list of
 * files to preload) — the search route's budget has no room for six.
 */
const pages = {
  app: () => import('./app'),
  legal: () => import('./legal'),
  changelog: () => import('./changelog'),
  changelogEntry: () => import('./changelog-entry'),
  flags: () => import('./flags'),
  frog: () => import('./frog'),
};

export type SitePage = keyof typeof pages;

export function loadSitePage(page: SitePage) {
  return pages[page]();
}
