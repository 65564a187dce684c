import type { Notification } from '@cairn/shared/schemas/notifications';
import { EmailDigestPeriodSchema, type ModifyNotificationSettingsBody, type NotificationSettings } from '@cairn/shared/schemas/notification-settings';
import type { Database } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { notFound, unauthorized } from '../../lib/errors.js';
import { parseId } from '../../lib/ids.js';
import { mayActForUser, ownScope } from '../access/user.policy.js';
import { subjectIds, toNotification, type NotificationSubjects } from './notifications.mapper.js';
import * as repo from './notifications.repository.js';

const byId = <T extends { id: number }>(rows: readonly T[]) => new Map(rows.map((r) => [r.id, r]));
const parseIds = (texts: readonly string[]) => [...new Set(texts.map(parseId).filter((id): id is number => id !== undefined))];

/** Reading, marking read and deleting one's notifications (admins: anyone's). */
export function createNotificationsService(deps: { db: Database }) {
  const { db } = deps;

  async function present(rows: readonly repo.NotificationRow[]): Promise<Notification[]> {
    const ids = subjectIds(rows.map((r) => r.body));
    const [projects, versions, users, organizations] = await Promise.all([
      repo.listProjectNames(db, ids.projects),
      repo.listVersionNames(db, ids.versions),
      repo.listUsernames(db, ids.users),
      repo.listOrganizationNames(db, ids.organizations),
    ]);
    const subjects: NotificationSubjects = {
      projects: byId(projects),
      versions: byId(versions),
      usernames: new Map(users.map((u) => [u.id, u.username])),
      organizations: byId(organizations),
    };
    return rows.map((row) => toNotification(row, subjects));
  }

  const mayRead = (actor: Actor, row: repo.NotificationRow) => mayActForUser(actor, row.userId);

  /** The one notification, if it exists and the caller may act on it (else 404 / 401). */
  async function requireOwn(actor: Actor, idText: string, action: string): Promise<repo.NotificationRow> {
    const id = parseId(idText);
    const [row] = id === undefined ? [] : await repo.listNotifications(db, [id]);
    if (!row) throw notFound('The notification does not exist');
    if (!mayRead(actor, row)) throw unauthorized(`You may not ${action} this notification`);
    return row;
  }

  /** The user named by `userText`, when the caller may act for them (else 404 / 401). */
  async function requireUser(actor: Actor, userText: string, what: string): Promise<number> {
    const userId = await repo.findUserId(db, userText, parseId(userText));
    if (userId === undefined) throw notFound('The user does not exist');
    if (!mayActForUser(actor, userId)) throw unauthorized(`You may not ${what}`);
    return userId;
  }

  const toSettings = (row: repo.NotificationSettingsRow): NotificationSettings => ({
    email_digest: EmailDigestPeriodSchema.parse(row.emailDigest),
    email_digest_active: row.emailDigest !== 'off' && row.email !== null && row.emailVerified,
  });

  return {
    /** The user's notification settings (docs/api/catalogue.md, "Email digest"). */
    async getNotificationSettings(actor: Actor, userText: string): Promise<NotificationSettings> {
      const userId = await requireUser(actor, userText, "see this user's notification settings");
      const row = await repo.findNotificationSettings(db, userId);
      if (!row) throw notFound('The user does not exist');
      return toSettings(row);
    },

    async modifyNotificationSettings(actor: Actor, userText: string, body: ModifyNotificationSettingsBody): Promise<NotificationSettings> {
      const userId = await requireUser(actor, userText, "change this user's notification settings");
      const period = body.email_digest;
      const row = await db.transaction((tx) => (period === undefined ? repo.findNotificationSettings(tx, userId) : repo.updateEmailDigest(tx, userId, period)));
      if (!row) throw notFound('The user does not exist');
      return toSettings(row);
    },

    async getUserNotifications(actor: Actor, userText: string): Promise<Notification[]> {
      const userId = await repo.findUserId(db, userText, parseId(userText));
      if (userId === undefined) throw notFound('The user does not exist');
      if (!mayActForUser(actor, userId)) throw unauthorized("You may not see this user's notifications");
      return present(await repo.listNotificationsOfUser(db, userId));
    },

    async getNotification(actor: Actor, idText: string): Promise<Notification> {
      const id = parseId(idText);
      const [row] = id === undefined ? [] : await repo.listNotifications(db, [id]);
      // Someone else's notification is answered like a missing one.
      if (!row || !mayRead(actor, row)) throw notFound('The notification does not exist');
      return (await present([row]))[0]!;
    },

    async getNotifications(actor: Actor, idTexts: readonly string[]): Promise<Notification[]> {
      const rows = await repo.listNotifications(db, parseIds(idTexts));
      return present(rows.filter((row) => mayRead(actor, row)));
    },

    async readNotification(actor: Actor, idText: string): Promise<void> {
      const row = await requireOwn(actor, idText, 'mark');
      await repo.markNotificationsRead(db, [row.id], null);
    },

    async readNotifications(actor: Actor, idTexts: readonly string[]): Promise<void> {
      await repo.markNotificationsRead(db, parseIds(idTexts), ownScope(actor));
    },

    async deleteNotification(actor: Actor, idText: string): Promise<void> {
      const row = await requireOwn(actor, idText, 'delete');
      await repo.deleteNotifications(db, [row.id], null);
    },

    async deleteNotifications(actor: Actor, idTexts: readonly string[]): Promise<void> {
      await repo.deleteNotifications(db, parseIds(idTexts), ownScope(actor));
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
