/**
 * What a member of a game server may do (docs/api/server-members.md). The owner may do all of it
 * plus billing and deletion; a member's role is a preset of these or a custom set.
 */
export const SERVER_PERMISSIONS = [
  'console_read',
  'console_write',
  'power',
  'files_read',
  'files_write',
  'backups',
  'content',
  'options',
  'members',
  'sftp',
] as const;
export type ServerPermission = (typeof SERVER_PERMISSIONS)[number];

/** The roles a member can be given; `owner` is the server's buyer and is never given. */
export const SERVER_MEMBER_ROLES = ['editor', 'limited', 'custom'] as const;
export type ServerMemberRole = (typeof SERVER_MEMBER_ROLES)[number];

/**
 * Role presets. Editor runs the server day to day but cannot share it; Limited watches and drives
 * the console and power (a moderator of the game), with no files, backups, content or options.
 */
export const SERVER_ROLE_PRESETS: Record<Exclude<ServerMemberRole, 'custom'>, readonly ServerPermission[]> = {
  editor: ['console_read', 'console_write', 'power', 'files_read', 'files_write', 'backups', 'content', 'options', 'sftp'],
  limited: ['console_read', 'console_write', 'power'],
};

/** A permission set in the order of SERVER_PERMISSIONS, without repeats; writing implies reading. */
export function normalizeServerPermissions(permissions: readonly ServerPermission[]): ServerPermission[] {
  const set = new Set(permissions);
  if (set.has('console_write')) set.add('console_read');
  if (set.has('files_write')) set.add('files_read');
  return SERVER_PERMISSIONS.filter((permission) => set.has(permission));
}

/** What the log records, by kind (the activity tab's filter). */
export const SERVER_ACTIVITY_KINDS = ['power', 'console', 'files', 'backups', 'content', 'options', 'members'] as const;
export type ServerActivityKind = (typeof SERVER_ACTIVITY_KINDS)[number];
