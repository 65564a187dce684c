/** The site's own pages (see app/page-table.ts). */
export const pages = {
  app: () => import('./app'),
  legal: () => import('./legal'),
  changelog: () => import('./changelog'),
  changelogEntry: () => import('./changelog-entry'),
  flags: () => import('./flags'),
  frog: () => import('./frog'),
  plus: () => import('./plus'),
};
