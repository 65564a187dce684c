/** Modules holding several pages each, which share almost all their files (see app/page-table.ts). */
export const pages = {
  reports: () => import('./reports-pages'),
  collections: () => import('./collection-pages'),
  moderation: () => import('./moderation/pages'),
  billingAdmin: () => import('./admin/billing'),
};
