/** The settings pages and their layout (see app/page-table.ts). */
export const pages = {
  layout: () => import('./layout'),
  appearance: () => import('./appearance'),
  language: () => import('./language'),
  profile: () => import('./profile'),
  account: () => import('./account'),
  notifications: () => import('./notifications'),
  sessions: () => import('./sessions'),
  pats: () => import('./pats'),
  applications: () => import('./applications'),
  authorizations: () => import('./authorizations'),
  billing: () => import('./billing'),
  billingCharges: () => import('./billing-charges'),
};
