/** The dashboard's pages and their layout (see app/page-table.ts). */
export const pages = {
  layout: () => import('./layout'),
  home: () => import('./home'),
  projects: () => import('./projects'),
  organizations: () => import('./organizations'),
  notifications: () => import('./notifications'),
  notificationsHistory: () => import('./notifications-history'),
  analytics: () => import('./analytics'),
  revenue: () => import('./revenue'),
  revenueTransfers: () => import('./revenue-transfers'),
  revenueWithdraw: () => import('./revenue-withdraw'),
};
