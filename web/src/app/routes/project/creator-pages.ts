/** The team's version upload and edit pages and the project settings (see app/page-table.ts). */
export const pages = {
  versionCreate: () => import('./version-create'),
  versionEdit: () => import('./version-edit'),
  settings: () => import('./settings/pages'),
};
