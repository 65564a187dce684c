import { and, asc, eq, gt, inArray, notExists, sql, type SQL } from 'drizzle-orm';
import { isHiddenProjectStatus, isHiddenVersionStatus } from '@cairn/shared/constants/project-status';
import type { Executor } from '../../db/client.js';
import { organizations, projectFollows, projects, teamMembers, versions } from '../../db/schema/catalogue.js';
import { notifications } from '../../db/schema/trust.js';
import type { JobQueue } from '../../lib/jobs/job-types.js';
import { encodeBase62, randomId } from '../../lib/ids.js';
import { jobConnection } from '../../lib/job-connection.js';

/** The queue of "a followed project has a new version" fan-outs. */
export const PROJECT_UPDATE_JOB = 'notifications.project-update';
export interface ProjectUpdateJob {
  projectId: number;
  versionId: number;
}

/**
 * Inside the transaction that makes a version publicly visible: enqueues the fan-out to the
 * project's followers, which runs after the commit. Without a job queue (a process built
 * without one) nothing is announced.
 */
export async function announceVersion(tx: Executor, jobs: JobQueue | undefined, job: ProjectUpdateJob): Promise<void> {
  if (!jobs) return;
  await jobs.send(PROJECT_UPDATE_JOB, job, { db: jobConnection(tx), retryLimit: 5, retryBackoff: true });
}

/**
 * Inside the transaction in which a project becomes public for the first time (its first
 * approval, or a first release by schedule): its listed versions were uploaded while nobody
 * outside the team could see them, so none was announced yet; each is announced now, oldest
 * first. The fan-out skips followers already told of a version, so nothing is announced twice.
 */
export async function announceReleasedVersions(tx: Executor, jobs: JobQueue | undefined, projectId: number): Promise<number> {
  if (!jobs) return 0;
  const released = await tx
    .select({ id: versions.id })
    .from(versions)
    .where(and(eq(versions.projectId, projectId), eq(versions.status, 'listed')))
    .orderBy(asc(versions.datePublished), asc(versions.id));
  for (const { id } of released) await announceVersion(tx, jobs, { projectId, versionId: id });
  return released.length;
}

/** Whether a project status change is the project's first step into public view. */
export const firstPublicRelease = (before: string, after: string, approvedBefore: boolean): boolean =>
  !approvedBefore && isHiddenProjectStatus(before) && !isHiddenProjectStatus(after);

/** Whether moving a version from `before` to `after` (on a visible project) makes it public news. */
export const becomesPublic = (before: string | null, after: string): boolean =>
  after === 'listed' && (before === null || isHiddenVersionStatus(before) || before === 'unlisted');

const DEFAULT_BATCH = 1000;

/**
 * Whether a follow's filter lets the version through (docs/api/catalogue.md, "Filtered follows"):
 * each list of the filter is either empty or shares an entry with the version's. Whatever tells
 * followers of a new version selects them with this condition.
 */
export function followWantsVersion(versionId: number): SQL {
  const versionLoaders = sql`(select ${versions.loaders} from ${versions} where ${versions.id} = ${versionId})`;
  const versionGameVersions = sql`(select ${versions.gameVersions} from ${versions} where ${versions.id} = ${versionId})`;
  return sql`(cardinality(${projectFollows.loaders}) = 0 or ${projectFollows.loaders} && ${versionLoaders})
    and (cardinality(${projectFollows.gameVersions}) = 0 or ${projectFollows.gameVersions} && ${versionGameVersions})`;
}

/**
 * Notifies the followers of the project whose follow's filter lets the version through
 * (`followWantsVersion`) about the version, `batchSize` users per insert, skipping members of its team (and of its organization's team) and anyone already notified of
 * this version (so a retried job never notifies twice). Does nothing when the project or version
 * is no longer public. Answers how many were notified, in how many inserts.
 */
export async function fanOutProjectUpdate(db: Executor, job: ProjectUpdateJob, batchSize = DEFAULT_BATCH): Promise<{ notified: number; batches: number }> {
  const [target] = await db
    .select({ projectStatus: projects.status, versionStatus: versions.status, teamId: projects.teamId, organizationTeamId: organizations.teamId })
    .from(versions)
    .innerJoin(projects, eq(projects.id, versions.projectId))
    .leftJoin(organizations, eq(organizations.id, projects.organizationId))
    .where(and(eq(versions.id, job.versionId), eq(versions.projectId, job.projectId)))
    .limit(1);
  if (!target || isHiddenProjectStatus(target.projectStatus) || isHiddenVersionStatus(target.versionStatus)) return { notified: 0, batches: 0 };

  const body = { type: 'project_update' as const, project_id: encodeBase62(job.projectId), version_id: encodeBase62(job.versionId) };
  const teamIds = [target.teamId, ...(target.organizationTeamId === null ? [] : [target.organizationTeamId])];
  let after = 0;
  let notified = 0;
  let batches = 0;
  for (;;) {
    const batch = await db
      .select({ userId: projectFollows.userId })
      .from(projectFollows)
      .where(
        and(
          eq(projectFollows.projectId, job.projectId),
          gt(projectFollows.userId, after),
          followWantsVersion(job.versionId),
          notExists(
            db
              .select({ one: sql`1` })
              .from(teamMembers)
              .where(and(eq(teamMembers.userId, projectFollows.userId), inArray(teamMembers.teamId, teamIds))),
          ),
          notExists(
            db
              .select({ one: sql`1` })
              .from(notifications)
              .where(
                and(
                  eq(notifications.userId, projectFollows.userId),
                  sql`${notifications.body}->>'type' = 'project_update'`,
                  sql`${notifications.body}->>'version_id' = ${body.version_id}`,
                ),
              ),
          ),
        ),
      )
      .orderBy(asc(projectFollows.userId))
      .limit(batchSize);
    if (batch.length === 0) return { notified, batches };
    await db.insert(notifications).values(batch.map(({ userId }) => ({ id: Number(randomId()), userId, body })));
    notified += batch.length;
    batches += 1;
    after = batch[batch.length - 1]!.userId;
  }
}
