/**
 * The servers pages' addresses (the list, one server's panel, the staff pages all link to them).
 * A file of their own rather than part of config/paths.ts, which the shell bundles into every
 * page's first download.
 */
export const serverPaths = {
  marketing: () => '/servers',
  plans: () => '/servers#plan',
  manage: () => '/servers/manage',
  /** "My nodes": the user's own machines (bring your own node). */
  ownNodes: () => '/servers/nodes',
  panel: (id: string) => `/servers/manage/${encodeURIComponent(id)}`,
  billing: () => '/settings/billing',
};
