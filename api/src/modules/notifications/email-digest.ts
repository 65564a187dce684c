import { and, asc, eq, gt, inArray, isNotNull, lte, ne, sql } from 'drizzle-orm';
import { isHiddenProjectStatus, isHiddenVersionStatus } from '@cairn/shared/constants/project-status';
import type { Config } from '../../config.js';
import type { Database, Executor } from '../../db/client.js';
import { projects, versions } from '../../db/schema/catalogue.js';
import { notifications } from '../../db/schema/trust.js';
import { users } from '../../db/schema/users.js';
import { encodeBase62, parseId } from '../../lib/ids.js';
import type { JobQueue } from '../../lib/jobs/job-types.js';
import { recordMail } from '../../lib/mail/mailer.js';
import { createMessages, type DigestProject } from '../../lib/mail/messages.js';

/** The hourly sweep that writes the email digests that are due (docs/api/catalogue.md, "Email digest"). */
export const EMAIL_DIGEST_JOB = 'notifications.email-digest';

/** At most this many versions are listed in one digest; the rest are counted. */
export const DIGEST_MAX_VERSIONS = 100;

/**
 * The mark of a sweep at `now`: the start of its hour (UTC). A digest covers the notifications
 * created after the user's previous mark up to this one, and is due once the mark is a whole
 * period past the previous one. Marks on the hour keep a daily digest at the same hour every
 * day, however long a sweep takes, where the time of the sweep itself would creep later by the
 * minutes each run takes until the digest skipped an hour.
 */
export function digestMark(now: Date): Date {
  return new Date(Math.floor(now.getTime() / 3_600_000) * 3_600_000);
}

interface DueUser {
  id: number;
  username: string;
  email: string;
  period: 'daily' | 'weekly';
  since: Date;
}

/** The oldest due subscriber not being handled by another sweep, locked until the transaction ends. */
async function lockNextDueUser(tx: Executor, mark: Date): Promise<DueUser | undefined> {
  const [row] = await tx
    .select({ id: users.id, username: users.username, email: users.email, period: users.emailDigest, since: users.digestLastSentAt })
    .from(users)
    .where(
      and(
        ne(users.emailDigest, 'off'),
        isNotNull(users.email),
        eq(users.emailVerified, true),
        isNotNull(users.digestLastSentAt),
        sql`${users.digestLastSentAt} <= ${mark.toISOString()}::timestamptz - case when ${users.emailDigest} = 'weekly' then interval '7 days' else interval '1 day' end`,
      ),
    )
    .orderBy(asc(users.digestLastSentAt), asc(users.id))
    .limit(1)
    // Two sweeps at once (two workers) never take the same user: the second skips a locked row,
    // and a row committed meanwhile is re-checked against the condition, which its new mark fails.
    .for('update', { skipLocked: true });
  if (!row || row.email === null || row.since === null || (row.period !== 'daily' && row.period !== 'weekly')) return undefined;
  return { id: row.id, username: row.username, email: row.email, period: row.period, since: row.since };
}

/**
 * The user's new-version notifications created in (since, mark], as the follower fan-out made
 * them — so a follow's filter is respected by construction — grouped by project, with the versions
 * still public. Answers the projects (with at most DIGEST_MAX_VERSIONS versions in all) and how
 * many versions there are.
 */
export async function collectDigest(tx: Executor, userId: number, since: Date, mark: Date, siteUrl: string): Promise<{ projects: DigestProject[]; count: number }> {
  const rows = await tx
    .select({ body: notifications.body })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), sql`${notifications.body}->>'type' = 'project_update'`, gt(notifications.created, since), lte(notifications.created, mark)))
    .orderBy(asc(notifications.created), asc(notifications.id));
  const versionIds = [
    ...new Set(
      rows
        .map(({ body }) => (body.type === 'project_update' ? parseId(body.version_id) : undefined))
        .filter((id): id is number => id !== undefined),
    ),
  ];
  if (versionIds.length === 0) return { projects: [], count: 0 };
  const found = await tx
    .select({
      versionId: versions.id,
      name: versions.name,
      versionNumber: versions.versionNumber,
      versionStatus: versions.status,
      published: versions.datePublished,
      projectId: projects.id,
      title: projects.title,
      slug: projects.slug,
      type: projects.declaredType,
      projectStatus: projects.status,
    })
    .from(versions)
    .innerJoin(projects, eq(projects.id, versions.projectId))
    .where(inArray(versions.id, versionIds))
    .orderBy(asc(projects.title), asc(projects.id), asc(versions.datePublished), asc(versions.id));
  // A version hidden, or a project hidden, since it was announced is left out.
  const shown = found.filter((row) => !isHiddenVersionStatus(row.versionStatus) && !isHiddenProjectStatus(row.projectStatus));
  const byProject = new Map<number, DigestProject>();
  for (const row of shown.slice(0, DIGEST_MAX_VERSIONS)) {
    const path = `${siteUrl}/${row.type}/${encodeURIComponent(row.slug)}`;
    let project = byProject.get(row.projectId);
    if (!project) {
      project = { title: row.title, url: path, versions: [] };
      byProject.set(row.projectId, project);
    }
    project.versions.push({ name: row.name, versionNumber: row.versionNumber, url: `${path}/version/${encodeBase62(row.versionId)}` });
  }
  return { projects: [...byProject.values()], count: shown.length };
}

export interface DigestDeps {
  db: Database;
  config: Config;
  /** Enqueues the delivery job when SMTP is configured (the worker's queue). */
  queue: JobQueue | undefined;
}

/**
 * Writes every email digest due at `now`, one user per transaction: the digest (only when there
 * is something new) goes into the mail outbox — with its delivery job when SMTP is configured —
 * in the same transaction that moves the user's mark on, so a retried or concurrent sweep never
 * writes it twice. Answers how many digests were written.
 */
export async function sendDueEmailDigests(deps: DigestDeps, now: Date): Promise<number> {
  const { db, config, queue } = deps;
  const mark = digestMark(now);
  const messages = createMessages({ siteUrl: config.publicSiteUrl });
  let written = 0;
  for (;;) {
    const outcome = await db.transaction(async (tx) => {
      const user = await lockNextDueUser(tx, mark);
      if (!user) return 'done' as const;
      const digest = await collectDigest(tx, user.id, user.since, mark, config.publicSiteUrl);
      if (digest.count > 0) {
        if (config.mail.smtpUrl && !queue) throw new Error('SMTP_URL is set, so the digest needs the job queue to deliver its mail.');
        await recordMail(tx, messages.emailDigest(user.email, user.username, user.period, digest.projects, digest.count), config.mail.smtpUrl ? queue : undefined);
      }
      // Moved on even when nothing was new, so the next digest waits a whole period.
      await tx.update(users).set({ digestLastSentAt: mark }).where(eq(users.id, user.id));
      return digest.count > 0 ? ('written' as const) : ('empty' as const);
    });
    if (outcome === 'done') return written;
    if (outcome === 'written') written += 1;
  }
}

