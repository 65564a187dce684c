/** The hosted servers' pages (see app/page-table.ts). */
export const pages = {
  marketing: () => import('./marketing'),
  manage: () => import('./manage'),
  ownNodes: () => import('./own-nodes'),
  panel: () => import('./panel'),
  notices: () => import('./notices'),
  admin: () => import('./admin'),
};
