import { and, arrayContains, desc, eq, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { organizations, projects, teamMembers, versions } from '../../db/schema/catalogue.js';
import { webhookDeliveries, webhooks } from '../../db/schema/webhooks.js';

/** Queries of the webhooks module: hooks, their deliveries, and what an event's payload names. */

const hookColumns = {
  id: webhooks.id,
  projectId: webhooks.projectId,
  organizationId: webhooks.organizationId,
  url: webhooks.url,
  format: webhooks.format,
  events: webhooks.events,
  enabled: webhooks.enabled,
  disabledReason: webhooks.disabledReason,
  consecutiveFailures: webhooks.consecutiveFailures,
  deliveredCount: webhooks.deliveredCount,
  failedCount: webhooks.failedCount,
  lastDeliveryStatus: webhooks.lastDeliveryStatus,
  lastDeliveryAt: webhooks.lastDeliveryAt,
  created: webhooks.created,
};
export type WebhookRow = {
  id: number;
  projectId: number | null;
  organizationId: number | null;
  url: string;
  format: string;
  events: string[];
  enabled: boolean;
  disabledReason: string | null;
  consecutiveFailures: number;
  deliveredCount: number;
  failedCount: number;
  lastDeliveryStatus: string | null;
  lastDeliveryAt: Date | null;
  created: Date;
};

/** Whose hooks: a project's or an organization's. */
export type HookOwner = { kind: 'project'; id: number } | { kind: 'organization'; id: number };

const ownedBy = (owner: HookOwner) => (owner.kind === 'project' ? eq(webhooks.projectId, owner.id) : eq(webhooks.organizationId, owner.id));

export function listHooksOf(db: Executor, owner: HookOwner): Promise<WebhookRow[]> {
  return db.select(hookColumns).from(webhooks).where(ownedBy(owner)).orderBy(webhooks.created, webhooks.id);
}

export async function findHookOf(db: Executor, owner: HookOwner, id: number): Promise<WebhookRow | undefined> {
  const [row] = await db.select(hookColumns).from(webhooks).where(and(ownedBy(owner), eq(webhooks.id, id))).limit(1);
  return row;
}

export function countHooksOf(db: Executor, owner: HookOwner): Promise<number> {
  return db.$count(webhooks, ownedBy(owner));
}

export async function insertHook(tx: Executor, hook: typeof webhooks.$inferInsert): Promise<void> {
  await tx.insert(webhooks).values(hook);
}

export async function updateHook(tx: Executor, id: number, changes: Partial<typeof webhooks.$inferInsert>): Promise<void> {
  await tx.update(webhooks).set(changes).where(eq(webhooks.id, id));
}

export async function deleteHook(tx: Executor, id: number): Promise<void> {
  await tx.delete(webhooks).where(eq(webhooks.id, id));
}

/** What delivering needs of a hook, locked for the rest of the transaction. */
export async function findHookForDelivery(tx: Executor, id: number) {
  const [row] = await tx
    .select({ id: webhooks.id, projectId: webhooks.projectId, organizationId: webhooks.organizationId, url: webhooks.url, format: webhooks.format, secret: webhooks.secret, enabled: webhooks.enabled })
    .from(webhooks)
    .where(eq(webhooks.id, id))
    .limit(1);
  return row;
}

/** Enabled hooks subscribed to `event` for a project: its own and its organization's. */
export function listSubscribedHooks(tx: Executor, projectId: number, event: string): Promise<{ id: number }[]> {
  const organizationOfProject = tx.select({ id: projects.organizationId }).from(projects).where(eq(projects.id, projectId));
  return tx
    .select({ id: webhooks.id })
    .from(webhooks)
    .where(
      and(
        eq(webhooks.enabled, true),
        arrayContains(webhooks.events, [event]),
        or(eq(webhooks.projectId, projectId), sql`${webhooks.organizationId} = (${organizationOfProject})`),
      ),
    );
}

export async function findProjectSnapshot(tx: Executor, projectId: number) {
  const [row] = await tx
    .select({ id: projects.id, slug: projects.slug, title: projects.title, declaredType: projects.declaredType, status: projects.status })
    .from(projects)
    .where(eq(projects.id, projectId))
    .limit(1);
  return row;
}
export type ProjectSnapshotRow = NonNullable<Awaited<ReturnType<typeof findProjectSnapshot>>>;

export async function findVersionSnapshot(tx: Executor, versionId: number) {
  const [row] = await tx
    .select({
      id: versions.id,
      projectId: versions.projectId,
      name: versions.name,
      versionNumber: versions.versionNumber,
      versionType: versions.versionType,
      status: versions.status,
      changelog: versions.changelog,
      gameVersions: versions.gameVersions,
      loaders: versions.loaders,
      datePublished: versions.datePublished,
    })
    .from(versions)
    .where(eq(versions.id, versionId))
    .limit(1);
  return row;
}
export type VersionSnapshotRow = NonNullable<Awaited<ReturnType<typeof findVersionSnapshot>>>;

export async function findOrganizationSnapshot(tx: Executor, organizationId: number) {
  const [row] = await tx.select({ id: organizations.id, slug: organizations.slug, name: organizations.name }).from(organizations).where(eq(organizations.id, organizationId)).limit(1);
  return row;
}

/** An organization by base62 id or slug (case-insensitively). */
export async function findOrganizationId(db: Executor, text: string, id: number | undefined): Promise<number | undefined> {
  const bySlug = sql`lower(${organizations.slug}) = lower(${text})`;
  const [row] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(id === undefined ? bySlug : or(eq(organizations.id, id), bySlug))
    .orderBy(id === undefined ? organizations.id : sql`(${organizations.id} = ${id}) desc`)
    .limit(1);
  return row?.id;
}

/** Accepted members of an organization's team. */
export async function listAcceptedOrganizationMembers(tx: Executor, organizationId: number): Promise<number[]> {
  const rows = await tx
    .select({ userId: teamMembers.userId })
    .from(organizations)
    .innerJoin(teamMembers, eq(teamMembers.teamId, organizations.teamId))
    .where(and(eq(organizations.id, organizationId), eq(teamMembers.accepted, true)));
  return rows.map((r) => r.userId);
}

const deliveryColumns = {
  id: webhookDeliveries.id,
  webhookId: webhookDeliveries.webhookId,
  messageId: webhookDeliveries.messageId,
  event: webhookDeliveries.event,
  status: webhookDeliveries.status,
  attempts: webhookDeliveries.attempts,
  statusCode: webhookDeliveries.statusCode,
  error: webhookDeliveries.error,
  latencyMs: webhookDeliveries.latencyMs,
  responseExcerpt: webhookDeliveries.responseExcerpt,
  manual: webhookDeliveries.manual,
  resentFrom: webhookDeliveries.resentFrom,
  created: webhookDeliveries.created,
  attempted: webhookDeliveries.attempted,
};
export type DeliveryRow = {
  id: number;
  webhookId: number;
  messageId: string;
  event: string;
  status: string;
  attempts: number;
  statusCode: number | null;
  error: string | null;
  latencyMs: number | null;
  responseExcerpt: string | null;
  manual: boolean;
  resentFrom: number | null;
  created: Date;
  attempted: Date | null;
};

export async function insertDelivery(tx: Executor, delivery: typeof webhookDeliveries.$inferInsert): Promise<DeliveryRow> {
  const [row] = await tx.insert(webhookDeliveries).values(delivery).returning(deliveryColumns);
  return row!;
}

/** A hook's deliveries, newest first. */
export function listDeliveries(db: Executor, webhookId: number, limit: number): Promise<DeliveryRow[]> {
  return db.select(deliveryColumns).from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, webhookId)).orderBy(desc(webhookDeliveries.created), desc(webhookDeliveries.id)).limit(limit);
}

export async function findDelivery(db: Executor, webhookId: number, id: number): Promise<(DeliveryRow & { payload: string }) | undefined> {
  const [row] = await db
    .select({ ...deliveryColumns, payload: webhookDeliveries.payload })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.webhookId, webhookId), eq(webhookDeliveries.id, id)))
    .limit(1);
  return row;
}

/** A delivery by id alone (the worker's view); with `lock`, locked for the rest of the transaction. */
export async function findDeliveryById(db: Executor, id: number, lock = false): Promise<(DeliveryRow & { payload: string }) | undefined> {
  const query = db.select({ ...deliveryColumns, payload: webhookDeliveries.payload }).from(webhookDeliveries).where(eq(webhookDeliveries.id, id)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function updateDelivery(tx: Executor, id: number, changes: Partial<typeof webhookDeliveries.$inferInsert>): Promise<void> {
  await tx.update(webhookDeliveries).set(changes).where(eq(webhookDeliveries.id, id));
}

/** Counts a finished delivery on its hook; answers the hook's state after it (locked). */
export async function countDeliveryOutcome(tx: Executor, webhookId: number, succeeded: boolean, at: Date) {
  const [row] = await tx
    .update(webhooks)
    .set(
      succeeded
        ? { deliveredCount: sql`${webhooks.deliveredCount} + 1`, consecutiveFailures: 0, lastDeliveryStatus: 'succeeded', lastDeliveryAt: at }
        : { failedCount: sql`${webhooks.failedCount} + 1`, consecutiveFailures: sql`${webhooks.consecutiveFailures} + 1`, lastDeliveryStatus: 'failed', lastDeliveryAt: at },
    )
    .where(eq(webhooks.id, webhookId))
    .returning({ enabled: webhooks.enabled, consecutiveFailures: webhooks.consecutiveFailures, projectId: webhooks.projectId, organizationId: webhooks.organizationId });
  return row;
}
