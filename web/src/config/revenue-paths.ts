/**
 * The revenue pages' URLs. Apart from config/paths.ts because that module is part of the shell's
 * first download, which is at its budget; only lazily loaded pages import this one.
 */
export const revenuePaths = {
  path: '/dashboard/revenue',
  getHref: () => '/dashboard/revenue',
  transfers: { path: '/dashboard/revenue/transfers', getHref: () => '/dashboard/revenue/transfers' },
  withdraw: { path: '/dashboard/revenue/withdraw', getHref: () => '/dashboard/revenue/withdraw' },
};
