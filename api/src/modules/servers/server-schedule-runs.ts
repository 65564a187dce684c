import { sql } from 'drizzle-orm';
import { CronExpressionParser } from 'cron-parser';
import type { Database, Executor } from '../../db/client.js';
import type { ScheduleStepRow } from '../../db/schema/server-schedules.js';
import { SERVER_SCHEDULE_DELAY_MAX, SERVER_SCHEDULE_STEPS_MAX } from '@cairn/shared/schemas/server-schedules';
import { jobConnection } from '../../lib/job-connection.js';
import type { JobQueue } from '../../lib/jobs/job-types.js';
import { randomId } from '../../lib/ids.js';
import { subscriptionOf } from './own-node-plans.js';
import { agentClient } from './agent-client.js';
import { recordActivity } from './server-activity.js';
import { serverBackups } from './server-backups.js';
import { maxBackupsOf } from './server-plans.js';
import * as repo from './server-schedules.repository.js';
import * as serversRepo from './servers.repository.js';

/** The minute sweep that starts due schedules (`{}`). */
export const SERVERS_SCHEDULES_JOB = 'servers.schedules';
/** One step of one run (`{runId, step}`), sent with the step's delay as `startAfter`. */
export const SERVERS_SCHEDULE_STEP_JOB = 'servers.schedule-step';

/** A due time the sweep finds later than this was missed (no worker ran): recorded as skipped, not run late. */
const MISSED_AFTER_MS = 10 * 60_000;
/** How long a step waits for the server's row before deciding that a move holds it. */
const MOVE_LOCK_TIMEOUT = '5s';
/** Power actions wait for the node to finish them; a restart of a large world takes a while. */
const POWER_TIMEOUT_MS = 180_000;
const SWEEP_BATCH = 200;

/** The first due time of `cron` read in `timeZone` strictly after `after`. */
export function nextRunAfter(cron: string, timeZone: string, after: Date): Date {
  return CronExpressionParser.parse(cron, { currentDate: after, tz: timeZone }).next().toDate();
}

/** Sends step `step` of run `runId` through `tx`, so the job exists exactly when the run does. */
export async function queueStep(tx: Executor, queue: JobQueue, runId: number, step: number, delaySeconds: number): Promise<void> {
  // An ISO time rather than a number of seconds: pg-boss reads a bound number as text it cannot parse.
  const startAfter = delaySeconds > 0 ? { startAfter: new Date(Date.now() + delaySeconds * 1000).toISOString() } : {};
  await queue.send(SERVERS_SCHEDULE_STEP_JOB, { runId, step }, { db: jobConnection(tx), retryLimit: 0, ...startAfter });
}

/**
 * Starts every enabled schedule due at `now` (docs/api/servers.md, "Schedules"). Exactly once
 * across processes: the due rows are locked `FOR UPDATE SKIP LOCKED` and moved on to their next
 * time in the same transaction, and the run row is unique per (schedule, due time), so a second
 * sweep — in this process or another, at the same moment or with a lagging clock — finds nothing
 * left to start. The first step's job is written in that transaction too.
 */
export async function sweepDueSchedules(db: Database, queue: JobQueue, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await repo.claimDueSchedules(tx, now, SWEEP_BATCH);
    let started = 0;
    for (const schedule of due) {
      const dueAt = schedule.nextRunAt!;
      await repo.updateSchedule(tx, schedule.id, { nextRunAt: nextRunAfter(schedule.cron, schedule.timeZone, now) });
      const missed = now.getTime() - dueAt.getTime() > MISSED_AFTER_MS;
      const run = await repo.insertRun(tx, {
        id: Number(randomId()),
        scheduleId: schedule.id,
        serverId: schedule.serverId,
        trigger: 'schedule',
        dueAt,
        started: now,
        ...(missed ? { status: 'skipped' as const, finished: now, reason: 'Missed: no worker was running at the due time' } : {}),
      });
      if (!run || missed) continue;
      await queueStep(tx, queue, run.id, 0, schedule.steps[0]?.delaySeconds ?? 0);
      started++;
    }
    return started;
  });
}

/**
 * Longest a run can take: every step's longest wait, the power action's timeout after each, and
 * a margin for the queue. A run still `running` after that lost its step job (the worker stopped
 * while carrying it out; step jobs are not retried, so no action runs twice).
 */
export const RUN_INTERRUPTED_AFTER_MS = SERVER_SCHEDULE_STEPS_MAX * (SERVER_SCHEDULE_DELAY_MAX * 1000 + POWER_TIMEOUT_MS) + 15 * 60_000;

/** Fails the runs that can no longer finish (RUN_INTERRUPTED_AFTER_MS), so the history says so. */
export function failInterruptedRuns(db: Database, now: Date): Promise<number> {
  return repo.failRunsStartedBefore(db, new Date(now.getTime() - RUN_INTERRUPTED_AFTER_MS), 'Interrupted: the worker stopped while the run was under way', now);
}

/** A step that did not happen because of the server's state: the run is recorded as skipped. */
class SkipRun extends Error {}

function skipReason(server: Awaited<ReturnType<typeof repo.lockServerForStep>>): string | undefined {
  if (!server || server.deleted) return 'The server was deleted';
  if (server.status === 'installing') return 'The server is being installed or reinstalled';
  if (server.status === 'suspended') return `The server is suspended (${server.suspensionReason ?? 'other'})`;
  if (server.status !== 'available' || server.nodeId === null) return 'The server is not on a node yet';
  return undefined;
}

const ACTIVITY_KIND = { restart: 'power', stop: 'power', start: 'power', backup: 'backups', command: 'console' } as const satisfies Record<ScheduleStepRow['action'], string>;

const stepLabel = (step: ScheduleStepRow) => (step.action === 'command' ? `the command "${step.command ?? ''}"` : `the ${step.action}`);

async function act(db: Database, serverId: string, node: serversRepo.NodeRow, step: ScheduleStepRow, scheduleName: string): Promise<void> {
  const agent = agentClient(node, POWER_TIMEOUT_MS);
  switch (step.action) {
    case 'restart':
    case 'stop':
    case 'start':
      return agent.power(serverId, step.action, true);
    case 'command':
      await agent.call('POST', `/api/servers/${encodeURIComponent(serverId)}/command`, { json: { command: step.command } });
      return;
    case 'backup': {
      const server = (await serversRepo.findServer(db, serverId))!;
      const sub = await subscriptionOf(db, server);
      const maxBackups = sub ? maxBackupsOf(sub.plan) : 0;
      const backups = serverBackups(db, server, node);
      const existing = await backups.list();
      // Like automatic backups: a full plan gives up its oldest unlocked automated backup first.
      if (existing.length >= maxBackups) {
        const oldest = existing.filter((b) => b.automated && !b.locked).sort((a, b) => a.created.localeCompare(b.created))[0];
        if (!oldest) throw new Error(`All ${maxBackups} of your backup slots are in use by locked or manual backups`);
        await backups.remove(oldest.id);
      }
      await backups.create(`Scheduled: ${scheduleName}`.slice(0, 48), maxBackups, true);
      return;
    }
  }
}

/**
 * Carries out step `step` of run `runId` and queues the next one after its delay. The step is
 * claimed by moving `steps_done` from `step` to `step + 1`, so a repeated job does nothing. The
 * server's row is share-locked for the step (see `lockServerForStep`): a server being moved,
 * installed, reinstalled or suspended makes the run skipped with the reason; a failing action
 * makes it failed with the node's answer.
 */
export async function runScheduleStep(db: Database, queue: JobQueue, runId: number, step: number, now: () => Date): Promise<void> {
  const run = await repo.findRun(db, runId);
  if (!run || run.status !== 'running' || run.stepsDone !== step) return;
  const schedule = await repo.findSchedule(db, run.serverId, run.scheduleId);
  const steps = schedule?.steps ?? [];
  const current = steps[step];
  if (!schedule || !current) {
    await repo.finishRun(db, runId, { status: 'failed', reason: 'The schedule was changed while it ran', finished: now() });
    return;
  }
  if (!(await repo.claimRunStep(db, runId, step))) return;
  try {
    await db.transaction(async (tx) => {
      await tx.execute(sql.raw(`set local lock_timeout = '${MOVE_LOCK_TIMEOUT}'`));
      const server = await repo.lockServerForStep(tx, run.serverId).catch((error: unknown) => {
        if ((error as { code?: string }).code === '55P03' || (error as { cause?: { code?: string } }).cause?.code === '55P03') throw new SkipRun('The server is being moved to another node');
        throw error;
      });
      const reason = skipReason(server);
      if (reason) throw new SkipRun(reason);
      const node = (await serversRepo.findNode(tx, server!.nodeId!))!;
      try {
        await act(db, run.serverId, node, current, schedule.name);
      } catch (error) {
        throw new Error(`Step ${step + 1} (${stepLabel(current)}) failed: ${(error as Error).message}`);
      }
      // The activity log shows what the schedule did, with no person as the actor.
      await recordActivity(tx, { serverId: run.serverId, actorId: null, kind: ACTIVITY_KIND[current.action], action: current.action, detail: `Schedule "${schedule.name}"${current.command ? `: ${current.command}` : ''}` });
      const next = steps[step + 1];
      if (next) await queueStep(tx, queue, runId, step + 1, next.delaySeconds);
      else await repo.finishRun(tx, runId, { status: 'ok', reason: null, finished: now() });
    });
  } catch (error) {
    const skipped = error instanceof SkipRun;
    await repo.finishRun(db, runId, {
      status: skipped ? 'skipped' : 'failed',
      reason: skipped && step > 0 ? `Stopped before step ${step + 1}: ${error.message}` : (error as Error).message,
      finished: now(),
      // A skipped step was not carried out.
      ...(skipped ? { stepsDone: step } : {}),
    });
  }
}
