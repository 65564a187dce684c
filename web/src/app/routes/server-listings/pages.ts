/** The public server listings' pages (see app/page-table.ts). */
export const pages = {
  browse: () => import('./browse'),
  listing: () => import('./listing'),
  create: () => import('./create'),
  edit: () => import('./edit'),
  mine: () => import('./mine'),
  queue: () => import('./queue'),
};
