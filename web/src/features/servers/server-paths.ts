/**
 * The servers pages' addresses. Kept here rather than in config/paths.ts, which the shell
 * bundles into every page's first download.
 */
export const serverPaths = {
  marketing: () => '/servers',
  plans: () => '/servers#plan',
  manage: () => '/servers/manage',
  panel: (id: string) => `/servers/manage/${encodeURIComponent(id)}`,
  billing: () => '/settings/billing',
};
