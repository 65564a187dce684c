/**
 * Addresses of the staff pages of hosted servers. Kept out of config/paths.ts, which the shell
 * bundles into every page's first download; only staff pages and their navigation import these.
 */
export const staffServerPaths = {
  notices: () => '/admin/servers/notices',
  admin: () => '/servers/admin',
};
