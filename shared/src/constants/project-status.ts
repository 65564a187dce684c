/** Project statuses (v2 `status`). */
export const PROJECT_STATUSES = [
  'approved', 'archived', 'rejected', 'draft', 'unlisted', 'processing', 'withheld', 'scheduled', 'private', 'unknown',
] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];

/** Seen only by the team and moderators; everyone else gets a 404. */
export const HIDDEN_PROJECT_STATUSES: readonly ProjectStatus[] = ['rejected', 'draft', 'processing', 'unknown', 'scheduled', 'private'];
/** Shown in search, random picks, statistics and outsiders' views of a user's projects. */
export const SEARCHABLE_PROJECT_STATUSES: readonly ProjectStatus[] = ['approved', 'archived'];
/** Statuses a project reaches only through moderator approval. */
export const APPROVED_LIKE_PROJECT_STATUSES: readonly ProjectStatus[] = ['approved', 'archived', 'unlisted', 'private'];
/** What the team may ask for (`requested_status`) and switch between once approved. */
export const REQUESTABLE_PROJECT_STATUSES = ['approved', 'archived', 'unlisted', 'private', 'draft'] as const;
export type RequestableProjectStatus = (typeof REQUESTABLE_PROJECT_STATUSES)[number];

export const isHiddenProjectStatus = (status: string) => (HIDDEN_PROJECT_STATUSES as readonly string[]).includes(status);
export const isSearchableProjectStatus = (status: string) => (SEARCHABLE_PROJECT_STATUSES as readonly string[]).includes(status);
export const isApprovedLikeProjectStatus = (status: string) => (APPROVED_LIKE_PROJECT_STATUSES as readonly string[]).includes(status);
export const isRequestableProjectStatus = (status: string): status is RequestableProjectStatus =>
  (REQUESTABLE_PROJECT_STATUSES as readonly string[]).includes(status);

/** Version statuses (v2 `status` of a version). */
export const VERSION_STATUSES = ['listed', 'archived', 'draft', 'unlisted', 'scheduled', 'unknown'] as const;
export type VersionStatus = (typeof VERSION_STATUSES)[number];
/** Seen only by the team and moderators. */
export const HIDDEN_VERSION_STATUSES: readonly VersionStatus[] = ['draft', 'scheduled', 'unknown'];
/** Counted in a project's aggregates (version list, loaders, game versions). */
export const LISTED_VERSION_STATUSES: readonly VersionStatus[] = ['listed', 'archived'];
/** What an uploader may set on a version. */
export const REQUESTABLE_VERSION_STATUSES = ['listed', 'archived', 'draft', 'unlisted'] as const;

export const isHiddenVersionStatus = (status: string) => (HIDDEN_VERSION_STATUSES as readonly string[]).includes(status);

export const MONETIZATION_STATUSES = ['monetized', 'demonetized', 'force-demonetized'] as const;
export type MonetizationStatus = (typeof MONETIZATION_STATUSES)[number];
