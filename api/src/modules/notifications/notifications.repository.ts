import { and, asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { NotificationBody } from '@cairn/shared/schemas/notifications';
import type { Executor } from '../../db/client.js';
import { organizations, projects, teamMembers, versions } from '../../db/schema/catalogue.js';
import { users } from '../../db/schema/users.js';
import { notifications } from '../../db/schema/trust.js';
import { randomId } from '../../lib/ids.js';

export async function insertNotifications(tx: Executor, userIds: readonly number[], body: NotificationBody): Promise<void> {
  const recipients = [...new Set(userIds)];
  if (recipients.length === 0) return;
  await tx.insert(notifications).values(recipients.map((userId) => ({ id: Number(randomId()), userId, body })));
}

/** Accepted members of a project's team and of the team of the organization owning it. */
export async function listAcceptedProjectMembers(tx: Executor, projectId: number): Promise<number[]> {
  const rows = await tx
    .selectDistinct({ userId: teamMembers.userId })
    .from(projects)
    .leftJoin(organizations, eq(organizations.id, projects.organizationId))
    .innerJoin(teamMembers, or(eq(teamMembers.teamId, projects.teamId), eq(teamMembers.teamId, organizations.teamId)))
    .where(and(eq(projects.id, projectId), eq(teamMembers.accepted, true)));
  return rows.map((r) => r.userId);
}

const notificationColumns = {
  id: notifications.id,
  userId: notifications.userId,
  body: notifications.body,
  read: notifications.read,
  created: notifications.created,
};
export type NotificationRow = { id: number; userId: number; body: NotificationBody; read: boolean; created: Date };

/** A user's notifications, newest first. */
export function listNotificationsOfUser(db: Executor, userId: number): Promise<NotificationRow[]> {
  return db.select(notificationColumns).from(notifications).where(eq(notifications.userId, userId)).orderBy(desc(notifications.created), desc(notifications.id));
}

export function listNotifications(db: Executor, ids: readonly number[]): Promise<NotificationRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.select(notificationColumns).from(notifications).where(inArray(notifications.id, [...ids])).orderBy(desc(notifications.created), desc(notifications.id));
}

/** Marks the given notifications read; `ownerId` limits it to that user's (null: any). */
export async function markNotificationsRead(db: Executor, ids: readonly number[], ownerId: number | null): Promise<void> {
  if (ids.length === 0) return;
  const owned = ownerId === null ? undefined : eq(notifications.userId, ownerId);
  await db.update(notifications).set({ read: true }).where(and(inArray(notifications.id, [...ids]), owned));
}

export async function deleteNotifications(db: Executor, ids: readonly number[], ownerId: number | null): Promise<void> {
  if (ids.length === 0) return;
  const owned = ownerId === null ? undefined : eq(notifications.userId, ownerId);
  await db.delete(notifications).where(and(inArray(notifications.id, [...ids]), owned));
}

/** By id (when the text decodes to one that exists) or else by username, case-insensitively. */
export async function findUserId(db: Executor, text: string, id: number | undefined): Promise<number | undefined> {
  const byName = sql`lower(${users.username}) = lower(${text})`;
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(id === undefined ? byName : or(eq(users.id, id), byName))
    .orderBy(id === undefined ? asc(users.id) : sql`(${users.id} = ${id}) desc`)
    .limit(1);
  return rows[0]?.id;
}

// What notifications point at, loaded in bulk (one query per kind) to write their texts.

export interface ProjectName {
  id: number;
  slug: string;
  title: string;
  declaredType: string;
}
export function listProjectNames(db: Executor, ids: readonly number[]): Promise<ProjectName[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({ id: projects.id, slug: projects.slug, title: projects.title, declaredType: projects.declaredType })
    .from(projects)
    .where(inArray(projects.id, [...ids]));
}

export interface VersionName {
  id: number;
  projectId: number;
  name: string;
  versionNumber: string;
}
export function listVersionNames(db: Executor, ids: readonly number[]): Promise<VersionName[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({ id: versions.id, projectId: versions.projectId, name: versions.name, versionNumber: versions.versionNumber })
    .from(versions)
    .where(inArray(versions.id, [...ids]));
}

export function listUsernames(db: Executor, ids: readonly number[]): Promise<Array<{ id: number; username: string }>> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.select({ id: users.id, username: users.username }).from(users).where(inArray(users.id, [...ids]));
}

export interface OrganizationName {
  id: number;
  slug: string;
  name: string;
}
export function listOrganizationNames(db: Executor, ids: readonly number[]): Promise<OrganizationName[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.select({ id: organizations.id, slug: organizations.slug, name: organizations.name }).from(organizations).where(inArray(organizations.id, [...ids]));
}

export interface NotificationSettingsRow {
  emailDigest: string;
  email: string | null;
  emailVerified: boolean;
}
const notificationSettingsColumns = { emailDigest: users.emailDigest, email: users.email, emailVerified: users.emailVerified };

export async function findNotificationSettings(db: Executor, userId: number): Promise<NotificationSettingsRow | undefined> {
  const [row] = await db.select(notificationSettingsColumns).from(users).where(eq(users.id, userId)).limit(1);
  return row;
}

/**
 * Sets the user's digest period. Turning it on starts the digest at this moment (only what is
 * announced from now on is mailed), turning it off forgets the mark, and moving between daily
 * and weekly keeps it (the SET reads the row as it was).
 */
export async function updateEmailDigest(tx: Executor, userId: number, period: string): Promise<NotificationSettingsRow | undefined> {
  const [row] = await tx
    .update(users)
    .set({
      emailDigest: period,
      digestLastSentAt: sql`case when ${period} = 'off' then null when ${users.emailDigest} = 'off' then now() else ${users.digestLastSentAt} end`,
    })
    .where(eq(users.id, userId))
    .returning(notificationSettingsColumns);
  return row;
}
