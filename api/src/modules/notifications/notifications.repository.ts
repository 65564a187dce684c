import { and, eq, or } from 'drizzle-orm';
import type { NotificationBody } from '@cairn/shared/schemas/notifications';
import type { Executor } from '../../db/client.js';
import { organizations, projects, teamMembers } from '../../db/schema/catalogue.js';
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
