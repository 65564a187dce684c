import { PROJECT_TYPE_INFO, type ProjectType } from '@cairn/shared/constants/project-types';

/**
 * Every URL in the app is built here. `path` is the router pattern; `getHref` builds a concrete URL.
 * Pages for most of these come later; the builders exist so links never hand-assemble paths.
 */

const encode = encodeURIComponent;

export const LEGAL_PAGES = ['terms', 'rules', 'copyright', 'security', 'privacy', 'ccpa', 'cmp', 'cmp-info'] as const;
type LegalPage = (typeof LEGAL_PAGES)[number];

export const PROJECT_SETTINGS_SECTIONS = ['general', 'tags', 'description', 'license', 'links', 'members', 'webhooks'] as const;
/** Settings pages listed under "View", for members holding the permission each needs. */
export const PROJECT_VIEW_SECTIONS = ['analytics'] as const;
export type ProjectSettingsSection = (typeof PROJECT_SETTINGS_SECTIONS)[number] | (typeof PROJECT_VIEW_SECTIONS)[number];

/** `/{type}/{id}/settings[/{section}]`: the project settings pages (General when no section). */
export function projectSettings(type: ProjectType | 'project', idOrSlug: string, section?: ProjectSettingsSection): string {
  return `/${type}/${encodeURIComponent(idOrSlug)}/settings${section && section !== 'general' ? `/${section}` : ''}`;
}

export function withQuery(pathname: string, query?: Record<string, string | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined) params.set(key, value);
  const search = params.toString();
  return search ? `${pathname}?${search}` : pathname;
}

export const paths = {
  home: {
    path: '/',
    getHref: () => '/',
  },
  search: {
    /** `/mods`, `/plugins`, … one search page per project type. */
    path: (type: ProjectType) => `/${PROJECT_TYPE_INFO[type].searchSegment}`,
    getHref: (type: ProjectType, query?: Record<string, string | undefined>) =>
      withQuery(`/${PROJECT_TYPE_INFO[type].searchSegment}`, query),
  },
  project: {
    /**
     * `type` is the URL type (see the spec: a mod with a data pack loader lives under /datapack/);
     * `/project/:id` is the permanent link, which redirects to the canonical URL.
     */
    path: (type: ProjectType | 'project') => `/${type}/:id`,
    getHref: (type: ProjectType, idOrSlug: string, tab?: 'gallery' | 'changelog' | 'versions' | 'moderation', query?: Record<string, string | undefined>) =>
      withQuery(`/${type}/${encode(idOrSlug)}${tab ? `/${tab}` : ''}`, query),
    /** The permanent link: survives slug and type changes. */
    getPermanentHref: (id: string) => `/project/${encode(id)}`,
    /** A version through the permanent project link (redirects to the canonical URL). */
    getPermanentVersionHref: (projectId: string, versionId: string) => `/project/${encode(projectId)}/version/${encode(versionId)}`,
    /** The Moderation tab (the team's conversation with moderators). */
    moderationPath: 'moderation',
  },
  projectSettings: {
    /** One pattern for every project type and section (the route checks both). */
    path: '/:type/:id/settings/:section?',
    getHref: projectSettings,
  },
  projectVersion: {
    path: 'version/:version',
    getHref: (type: ProjectType, idOrSlug: string, version: string, query?: Record<string, string | undefined>) =>
      withQuery(`/${type}/${encode(idOrSlug)}/version/${encode(version)}`, query),
    /** The upload form (members who may upload versions). */
    createPath: 'version/create',
    getCreateHref: (type: ProjectType, idOrSlug: string) => `/${type}/${encode(idOrSlug)}/version/create`,
    editPath: 'version/:version/edit',
    getEditHref: (type: ProjectType, idOrSlug: string, version: string) => `/${type}/${encode(idOrSlug)}/version/${encode(version)}/edit`,
    /** What changed between this version and `other` (either order; the page shows the older one first). */
    comparePath: 'version/:version/compare/:other',
    getCompareHref: (type: ProjectType, idOrSlug: string, version: string, other: string) =>
      `/${type}/${encode(idOrSlug)}/version/${encode(version)}/compare/${encode(other)}`,
  },
  user: {
    path: '/user/:id',
    getHref: (idOrUsername: string, projectType?: ProjectType) => `/user/${encode(idOrUsername)}${projectType ? `/${projectType}` : ''}`,
  },
  organization: {
    path: '/organization/:id',
    getHref: (idOrSlug: string, projectType?: ProjectType) => `/organization/${encode(idOrSlug)}${projectType ? `/${projectType}` : ''}`,
    settings: {
      path: '/organization/:id/settings',
      getHref: (idOrSlug: string, page?: 'members' | 'projects' | 'analytics' | 'webhooks') => `/organization/${encode(idOrSlug)}/settings${page ? `/${page}` : ''}`,
    },
  },
  collection: {
    path: '/collection/:id',
    getHref: (id: string, projectType?: string) => `/collection/${encode(id)}${projectType ? `/${encode(projectType)}` : ''}`,
  },
  auth: {
    signIn: {
      path: '/auth/sign-in',
      getHref: (redirectTo?: string) => withQuery('/auth/sign-in', { redirect: redirectTo }),
    },
    signUp: {
      path: '/auth/sign-up',
      getHref: (redirectTo?: string) => withQuery('/auth/sign-up', { redirect: redirectTo }),
    },
    welcome: {
      path: '/auth/welcome',
      getHref: (redirectTo?: string) => withQuery('/auth/welcome', { redirect: redirectTo }),
    },
    resetPassword: {
      path: '/auth/reset-password',
      getHref: () => '/auth/reset-password',
    },
    verifyEmail: {
      path: '/auth/verify-email',
      getHref: () => '/auth/verify-email',
    },
    authorize: {
      path: '/auth/authorize',
      getHref: (query: Record<string, string | undefined>) => withQuery('/auth/authorize', query),
    },
  },
  app: {
    path: '/app',
    getHref: () => '/app',
  },
  servers: {
    path: '/servers',
    getHref: () => '/servers',
  },
  /** A hosted server's panel, for links from outside the servers pages (billing). */
  serverPanel: {
    path: '/servers/manage/:id',
    getHref: (id: string) => `/servers/manage/${encode(id)}`,
  },
  /** Public server listings: browse and search, one listing, the owner's forms and list, the review queue. */
  serverListings: {
    path: '/server-listings',
    getHref: (query?: Record<string, string | undefined>) => withQuery('/server-listings', query ?? {}),
  },
  serverListing: {
    path: '/server-listing/:id',
    getHref: (id: string) => `/server-listing/${encode(id)}`,
  },
  serverListingEdit: {
    path: '/server-listing/:id/edit',
    getHref: (id: string) => `/server-listing/${encode(id)}/edit`,
  },
  serverListingNew: {
    path: '/server-listings/new',
    /** `serverId`: list that hosted server (its panel links here). */
    getHref: (serverId?: string) => withQuery('/server-listings/new', { server: serverId }),
  },
  ownServerListings: {
    path: '/server-listings/mine',
    getHref: () => '/server-listings/mine',
  },
  serverListingQueue: {
    path: '/moderation/server-listings',
    getHref: () => '/moderation/server-listings',
  },
  plus: {
    path: '/plus',
    getHref: () => '/plus',
  },
  report: {
    path: '/report',
    getHref: (item?: { type: 'project' | 'version' | 'user'; id: string }) =>
      withQuery('/report', item ? { item: item.type, itemID: item.id } : undefined),
  },
  flags: {
    path: '/flags',
    getHref: () => '/flags',
  },
  changelog: {
    path: '/news/changelog',
    /** The whole changelog; one product's is `changelogPaths.product()` (features/changelog). */
    getHref: () => '/news/changelog',
  },
  legal: {
    path: '/legal/:page',
    getHref: (page: LegalPage, hash?: string) => `/legal/${page}${hash ? `#${hash}` : ''}`,
  },
  dashboard: {
    path: '/dashboard',
    getHref: () => '/dashboard',
    projects: { path: '/dashboard/projects', getHref: () => '/dashboard/projects' },
    organizations: { path: '/dashboard/organizations', getHref: () => '/dashboard/organizations' },
    notifications: {
      path: '/dashboard/notifications',
      getHref: () => '/dashboard/notifications',
      history: { path: '/dashboard/notifications/history', getHref: () => '/dashboard/notifications/history' },
    },
    reports: { path: '/dashboard/reports', getHref: () => '/dashboard/reports' },
    analytics: { path: '/dashboard/analytics', getHref: () => '/dashboard/analytics' },
    collections: { path: '/dashboard/collections', getHref: () => '/dashboard/collections' },
    report: { path: '/dashboard/report/:id', getHref: (id: string) => `/dashboard/report/${encode(id)}` },
  },
  /** Staff pages (moderators and admins). */
  moderation: {
    path: '/moderation',
    getHref: () => '/moderation',
    review: {
      path: '/moderation/review',
      getHref: (query?: Record<string, string | undefined>) => withQuery('/moderation/review', query),
    },
    reports: { path: '/moderation/reports', getHref: () => '/moderation/reports' },
    /** Versions the malware scan holds in quarantine, decided ones with `?state=`. */
    malware: {
      path: '/moderation/malware',
      getHref: (state?: 'open' | 'released' | 'removed') => withQuery('/moderation/malware', { state: state === 'open' ? undefined : state }),
    },
    report: { path: '/moderation/report/:id', getHref: (id: string) => `/moderation/report/${encode(id)}` },
    log: {
      path: '/moderation/log',
      getHref: (page?: number) => withQuery('/moderation/log', { page: page && page > 1 ? String(page) : undefined }),
    },
  },
  admin: {
    userEmail: { path: '/admin/user_email', getHref: () => '/admin/user_email' },
    billing: { path: '/admin/billing/:userId', getHref: (userId: string) => `/admin/billing/${encode(userId)}` },
  },
  settings: {
    /** The settings home is the appearance page. */
    path: '/settings',
    getHref: () => '/settings',
    language: { path: '/settings/language', getHref: () => '/settings/language' },
    profile: { path: '/settings/profile', getHref: () => '/settings/profile' },
    account: { path: '/settings/account', getHref: () => '/settings/account' },
    /** The email digest of followed projects; the digest's own link points here (api/src/lib/mail/messages.ts). */
    notifications: { path: '/settings/notifications', getHref: () => '/settings/notifications' },
    sessions: { path: '/settings/sessions', getHref: () => '/settings/sessions' },
    pats: { path: '/settings/pats', getHref: () => '/settings/pats' },
    applications: { path: '/settings/applications', getHref: () => '/settings/applications' },
    authorizations: { path: '/settings/authorizations', getHref: () => '/settings/authorizations' },
    billing: { path: '/settings/billing', getHref: () => '/settings/billing' },
    charges: { path: '/settings/billing/charges', getHref: () => '/settings/billing/charges' },
  },
} as const;
