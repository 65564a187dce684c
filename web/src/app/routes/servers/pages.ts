/** The hosted servers' pages (see app/page-table.ts). */
export const pages = {
  marketing: () => import('./marketing'),
  manage: () => import('./manage'),
  panel: () => import('./panel'),
  notices: () => import('./notices'),
  admin: () => import('./admin'),
};
