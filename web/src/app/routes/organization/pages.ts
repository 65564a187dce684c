/** The organization page and its settings (see app/page-table.ts). */
export const pages = {
  page: () => import('./page'),
  settings: () => import('./settings'),
};
