/**
 * Token scopes: bit flags carried as an integer on PATs and OAuth tokens. The bit values are
 * those of the public v2 API, so existing clients' scope integers mean the same here.
 * Values exceed 2^31, so they are plain numbers combined with arithmetic helpers (never `|`).
 */
export const SCOPES = {
  USER_READ_EMAIL: 0,
  USER_READ: 1,
  USER_WRITE: 2,
  USER_DELETE: 3,
  USER_AUTH_WRITE: 4,
  NOTIFICATION_READ: 5,
  NOTIFICATION_WRITE: 6,
  PAYOUTS_READ: 7,
  PAYOUTS_WRITE: 8,
  ANALYTICS: 9,
  PROJECT_CREATE: 10,
  PROJECT_READ: 11,
  PROJECT_WRITE: 12,
  PROJECT_DELETE: 13,
  VERSION_CREATE: 14,
  VERSION_READ: 15,
  VERSION_WRITE: 16,
  VERSION_DELETE: 17,
  REPORT_CREATE: 18,
  REPORT_READ: 19,
  REPORT_WRITE: 20,
  REPORT_DELETE: 21,
  THREAD_READ: 22,
  THREAD_WRITE: 23,
  PAT_CREATE: 24,
  PAT_READ: 25,
  PAT_WRITE: 26,
  PAT_DELETE: 27,
  SESSION_READ: 28,
  SESSION_DELETE: 29,
  PERFORM_ANALYTICS: 30,
  COLLECTION_CREATE: 31,
  COLLECTION_READ: 32,
  COLLECTION_WRITE: 33,
  COLLECTION_DELETE: 34,
  ORGANIZATION_CREATE: 35,
  ORGANIZATION_READ: 36,
  ORGANIZATION_WRITE: 37,
  ORGANIZATION_DELETE: 38,
  SESSION_ACCESS: 39,
  SHARED_INSTANCE_CREATE: 40,
  SHARED_INSTANCE_READ: 41,
  SHARED_INSTANCE_WRITE: 42,
  SHARED_INSTANCE_DELETE: 43,
  SHARED_INSTANCE_VERSION_CREATE: 44,
  SHARED_INSTANCE_VERSION_READ: 45,
  SHARED_INSTANCE_VERSION_WRITE: 46,
  SHARED_INSTANCE_VERSION_DELETE: 47,
} as const;

export type ScopeName = keyof typeof SCOPES;
export const SCOPE_NAMES = Object.keys(SCOPES) as ScopeName[];

/** Only first-party sessions hold these; PATs and OAuth tokens may not ask for them. */
export const RESTRICTED_SCOPES: readonly ScopeName[] = [
  'USER_DELETE',
  'USER_AUTH_WRITE',
  'PAT_CREATE',
  'PAT_READ',
  'PAT_WRITE',
  'PAT_DELETE',
  'SESSION_READ',
  'SESSION_DELETE',
  'PERFORM_ANALYTICS',
  'SESSION_ACCESS',
];

const bit = (name: ScopeName) => 2 ** SCOPES[name];

/** Integer with the given scopes set. */
export function scopeBits(...names: ScopeName[]): number {
  return [...new Set(names)].reduce((sum, name) => sum + bit(name), 0);
}

/** Every defined scope (2^48 - 1). */
export const ALL_SCOPES = scopeBits(...SCOPE_NAMES);
export const RESTRICTED_SCOPE_BITS = scopeBits(...RESTRICTED_SCOPES);

/** Names of the scopes set in `value`, in bit order. */
export function scopeNames(value: number): ScopeName[] {
  return SCOPE_NAMES.filter((name) => Math.floor(value / bit(name)) % 2 === 1);
}

export function hasScopes(value: number, required: number): boolean {
  return (BigInt(value) & BigInt(required)) === BigInt(required);
}

/** Whether `value` only uses defined bits. */
export function isValidScopeValue(value: number): boolean {
  return Number.isSafeInteger(value) && value >= 0 && (BigInt(value) & ~BigInt(ALL_SCOPES)) === 0n;
}

export function withoutRestricted(value: number): number {
  return Number(BigInt(value) & ~BigInt(RESTRICTED_SCOPE_BITS));
}

/**
 * OAuth `scope` strings: flag names separated by spaces or `+` (URL-decoded `%20`).
 * Returns undefined when a name is unknown.
 */
export function parseScopeString(text: string): number | undefined {
  const names = text.split(/[\s+]+/).filter(Boolean);
  if (!names.every((n): n is ScopeName => n in SCOPES)) return undefined;
  return scopeBits(...(names as ScopeName[]));
}

export function formatScopeString(value: number): string {
  return scopeNames(value).join(' ');
}

/** Plain-language groups for consent and token screens (spec §6). */
export const SCOPE_GROUPS: ReadonlyArray<{ label: string; scopes: readonly ScopeName[] }> = [
  { label: 'Your account', scopes: ['USER_READ', 'USER_READ_EMAIL', 'USER_WRITE', 'USER_DELETE', 'USER_AUTH_WRITE'] },
  { label: 'Projects', scopes: ['PROJECT_CREATE', 'PROJECT_READ', 'PROJECT_WRITE', 'PROJECT_DELETE'] },
  { label: 'Versions', scopes: ['VERSION_CREATE', 'VERSION_READ', 'VERSION_WRITE', 'VERSION_DELETE'] },
  { label: 'Collections', scopes: ['COLLECTION_CREATE', 'COLLECTION_READ', 'COLLECTION_WRITE', 'COLLECTION_DELETE'] },
  { label: 'Organizations', scopes: ['ORGANIZATION_CREATE', 'ORGANIZATION_READ', 'ORGANIZATION_WRITE', 'ORGANIZATION_DELETE'] },
  { label: 'Notifications', scopes: ['NOTIFICATION_READ', 'NOTIFICATION_WRITE'] },
  { label: 'Reports', scopes: ['REPORT_CREATE', 'REPORT_READ', 'REPORT_WRITE', 'REPORT_DELETE'] },
  { label: 'Threads', scopes: ['THREAD_READ', 'THREAD_WRITE'] },
  { label: 'Analytics', scopes: ['ANALYTICS', 'PERFORM_ANALYTICS'] },
  { label: 'Payouts', scopes: ['PAYOUTS_READ', 'PAYOUTS_WRITE'] },
  { label: 'Personal access tokens', scopes: ['PAT_CREATE', 'PAT_READ', 'PAT_WRITE', 'PAT_DELETE'] },
  { label: 'Sessions', scopes: ['SESSION_READ', 'SESSION_DELETE', 'SESSION_ACCESS'] },
  {
    label: 'Shared instances',
    scopes: [
      'SHARED_INSTANCE_CREATE', 'SHARED_INSTANCE_READ', 'SHARED_INSTANCE_WRITE', 'SHARED_INSTANCE_DELETE',
      'SHARED_INSTANCE_VERSION_CREATE', 'SHARED_INSTANCE_VERSION_READ', 'SHARED_INSTANCE_VERSION_WRITE', 'SHARED_INSTANCE_VERSION_DELETE',
    ],
  },
];

/** Short plain-words description of each scope, for consent and token screens. */
export const SCOPE_LABELS: Readonly<Record<ScopeName, string>> = {
  USER_READ_EMAIL: 'Read your email address',
  USER_READ: 'Read your profile',
  USER_WRITE: 'Edit your profile and follows',
  USER_DELETE: 'Delete your account',
  USER_AUTH_WRITE: 'Change your sign-in methods and password',
  NOTIFICATION_READ: 'Read your notifications',
  NOTIFICATION_WRITE: 'Mark read and delete your notifications',
  PAYOUTS_READ: 'Read your payouts and balance',
  PAYOUTS_WRITE: 'Withdraw your balance',
  ANALYTICS: 'Read your projects’ analytics',
  PROJECT_CREATE: 'Create projects',
  PROJECT_READ: 'Read your projects, including private ones',
  PROJECT_WRITE: 'Edit your projects',
  PROJECT_DELETE: 'Delete your projects',
  VERSION_CREATE: 'Upload versions',
  VERSION_READ: 'Read your versions, including unlisted ones',
  VERSION_WRITE: 'Edit your versions',
  VERSION_DELETE: 'Delete your versions',
  REPORT_CREATE: 'Submit reports',
  REPORT_READ: 'Read your reports',
  REPORT_WRITE: 'Edit your reports',
  REPORT_DELETE: 'Delete your reports',
  THREAD_READ: 'Read your message threads',
  THREAD_WRITE: 'Send messages in your threads',
  PAT_CREATE: 'Create personal access tokens',
  PAT_READ: 'List your personal access tokens',
  PAT_WRITE: 'Edit your personal access tokens',
  PAT_DELETE: 'Revoke your personal access tokens',
  SESSION_READ: 'List your sessions',
  SESSION_DELETE: 'Sign out your sessions',
  PERFORM_ANALYTICS: 'Record analytics events as you',
  COLLECTION_CREATE: 'Create collections',
  COLLECTION_READ: 'Read your collections, including private ones',
  COLLECTION_WRITE: 'Edit your collections',
  COLLECTION_DELETE: 'Delete your collections',
  ORGANIZATION_CREATE: 'Create organizations',
  ORGANIZATION_READ: 'Read your organizations',
  ORGANIZATION_WRITE: 'Edit your organizations',
  ORGANIZATION_DELETE: 'Delete your organizations',
  SESSION_ACCESS: 'Act with full session access (billing, apps)',
  SHARED_INSTANCE_CREATE: 'Create shared instances',
  SHARED_INSTANCE_READ: 'Read your shared instances',
  SHARED_INSTANCE_WRITE: 'Edit your shared instances',
  SHARED_INSTANCE_DELETE: 'Delete your shared instances',
  SHARED_INSTANCE_VERSION_CREATE: 'Publish shared instance versions',
  SHARED_INSTANCE_VERSION_READ: 'Read shared instance versions',
  SHARED_INSTANCE_VERSION_WRITE: 'Edit shared instance versions',
  SHARED_INSTANCE_VERSION_DELETE: 'Delete shared instance versions',
};
