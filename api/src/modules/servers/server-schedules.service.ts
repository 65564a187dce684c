import type {
  CreateServerScheduleBodySchema,
  EditServerScheduleBodySchema,
  ServerSchedule,
  ServerScheduleList,
  ServerScheduleRun,
  ServerScheduleStep,
} from '@cairn/shared/schemas/server-schedules';
import type { z } from 'zod';
import type { Database } from '../../db/client.js';
import type { ScheduleStepRow } from '../../db/schema/server-schedules.js';
import type { Actor } from '../../lib/actor.js';
import { conflict, notFound, serviceUnavailable } from '../../lib/errors.js';
import { encodeBase62, parseId, randomId } from '../../lib/ids.js';
import type { JobQueue } from '../../lib/jobs/job-types.js';
import type { ServerNeed } from '../access/server.policy.js';
import { subscriptionOf } from './own-node-plans.js';
import { nextRunAfter, queueStep } from './server-schedule-runs.js';
import { maxSchedulesOf } from './server-plans.js';
import * as repo from './server-schedules.repository.js';
import type { ServersService } from './servers.service.js';

const HISTORY_LENGTH = 50;

/** A run as the API answers it. */
export function toScheduleRun(row: repo.ScheduleRunRow): ServerScheduleRun {
  return {
    id: encodeBase62(row.id),
    schedule_id: encodeBase62(row.scheduleId),
    trigger: row.trigger,
    due: row.dueAt.toISOString(),
    started: row.started.toISOString(),
    finished: row.finished?.toISOString() ?? null,
    status: row.status,
    reason: row.reason,
    duration_ms: row.finished ? Math.max(0, row.finished.getTime() - row.started.getTime()) : null,
    steps_done: row.stepsDone,
  };
}

function toSchedule(row: repo.ScheduleRow, lastRun: repo.ScheduleRunRow | undefined): ServerSchedule {
  return {
    id: encodeBase62(row.id),
    name: row.name,
    cron: row.cron,
    time_zone: row.timeZone,
    steps: row.steps.map((step) => ({ action: step.action, ...(step.command === undefined ? {} : { command: step.command }), delay_seconds: step.delaySeconds })),
    enabled: row.enabled,
    next_run: row.enabled && row.nextRunAt ? row.nextRunAt.toISOString() : null,
    last_run: lastRun ? toScheduleRun(lastRun) : null,
    created: row.created.toISOString(),
  };
}

/** The server permission each action needs (the same as doing it by hand in the panel). */
const NEED_OF: Record<ScheduleStepRow['action'], ServerNeed> = { restart: 'power', stop: 'power', start: 'power', backup: 'backups', command: 'console_write' };

const toStepRows = (steps: ServerScheduleStep[]): ScheduleStepRow[] =>
  steps.map((step) => ({ action: step.action, ...(step.action === 'command' ? { command: step.command! } : {}), delaySeconds: step.delay_seconds }));

/**
 * Schedules of a server (docs/api/servers.md, "Schedules"), for whoever the server access policy
 * lets use the server (through the servers service). Every change is one transaction; a run
 * started by hand is written with its first step's job in the same transaction.
 */
export function createServerSchedulesService(deps: { db: Database; jobs: JobQueue | undefined; servers: ServersService }) {
  const { db } = deps;

  /**
   * The server when the caller may see it and, for each action named, do it there: a schedule is
   * changed or run only by someone who may carry out its steps by hand (server access policy).
   */
  async function serverAllowing(actor: Actor, serverId: string, actions: ReadonlyArray<ScheduleStepRow['action']>) {
    const server = await deps.servers.visibleServer(actor, serverId);
    for (const need of new Set(actions.map((action) => NEED_OF[action]))) await deps.servers.serverFor(actor, serverId, need);
    return server;
  }

  async function findOwn(actor: Actor, serverId: string, scheduleId: string, actions?: ReadonlyArray<ScheduleStepRow['action']>) {
    const server = await deps.servers.visibleServer(actor, serverId);
    const id = parseId(scheduleId);
    const schedule = id === undefined ? undefined : await repo.findSchedule(db, server.id, id);
    if (!schedule) throw notFound('The schedule does not exist');
    if (actions) await serverAllowing(actor, serverId, [...schedule.steps.map((step) => step.action), ...actions]);
    return { server, schedule };
  }

  async function present(row: repo.ScheduleRow): Promise<ServerSchedule> {
    return toSchedule(row, (await repo.latestRuns(db, [row.id])).get(row.id));
  }

  return {
    async list(actor: Actor, serverId: string): Promise<ServerScheduleList> {
      const server = await deps.servers.visibleServer(actor, serverId);
      const rows = await repo.listSchedules(db, server.id);
      const latest = await repo.latestRuns(db, rows.map((row) => row.id));
      const sub = await subscriptionOf(db, server);
      return { schedules: rows.map((row) => toSchedule(row, latest.get(row.id))), max_schedules: sub ? maxSchedulesOf(sub.plan) : 0 };
    },

    /** 409 `schedule_limit` at the plan's maximum (counted with the server's row locked, so two creates cannot both pass). */
    async create(actor: Actor, serverId: string, body: z.output<typeof CreateServerScheduleBodySchema>): Promise<ServerSchedule> {
      const server = await serverAllowing(actor, serverId, body.steps.map((step) => step.action));
      const sub = await subscriptionOf(db, server);
      const max = sub ? maxSchedulesOf(sub.plan) : 0;
      const now = new Date();
      const row = await db.transaction(async (tx) => {
        await repo.lockServerForScheduleChange(tx, server.id);
        const count = await repo.countSchedules(tx, server.id);
        if (count >= max) {
          throw conflict(`The ${sub?.plan.name ?? 'current'} plan allows ${max} schedules and this server has ${count}; delete one to add another`, 'schedule_limit');
        }
        return repo.insertSchedule(tx, {
          id: Number(randomId()),
          serverId: server.id,
          name: body.name,
          cron: body.cron,
          timeZone: body.time_zone,
          steps: toStepRows(body.steps),
          enabled: body.enabled,
          nextRunAt: body.enabled ? nextRunAfter(body.cron, body.time_zone, now) : null,
        });
      });
      return toSchedule(row, undefined);
    },

    /** Changing the time or turning it on computes the next run from now; turning it off clears it. */
    async update(actor: Actor, serverId: string, scheduleId: string, body: z.output<typeof EditServerScheduleBodySchema>): Promise<ServerSchedule> {
      const { server, schedule } = await findOwn(actor, serverId, scheduleId, (body.steps ?? []).map((step) => step.action));
      const row = await db.transaction(async (tx) => {
        const current = await repo.findSchedule(tx, server.id, schedule.id, true);
        if (!current) throw notFound('The schedule does not exist');
        const cron = body.cron ?? current.cron;
        const timeZone = body.time_zone ?? current.timeZone;
        const enabled = body.enabled ?? current.enabled;
        const retimed = cron !== current.cron || timeZone !== current.timeZone || (enabled && !current.enabled) || current.nextRunAt === null;
        return repo.updateSchedule(tx, current.id, {
          ...(body.name === undefined ? {} : { name: body.name }),
          ...(body.steps === undefined ? {} : { steps: toStepRows(body.steps) }),
          cron,
          timeZone,
          enabled,
          nextRunAt: !enabled ? null : retimed ? nextRunAfter(cron, timeZone, new Date()) : current.nextRunAt,
        });
      });
      return present(row!);
    },

    async remove(actor: Actor, serverId: string, scheduleId: string): Promise<void> {
      const { schedule } = await findOwn(actor, serverId, scheduleId, []);
      await repo.deleteSchedule(db, schedule.id);
    },

    /** Runs the schedule now (also while disabled); the run's steps go through the worker like a due run. */
    async runNow(actor: Actor, serverId: string, scheduleId: string): Promise<ServerScheduleRun> {
      const { server, schedule } = await findOwn(actor, serverId, scheduleId, []);
      const queue = deps.jobs;
      if (!queue) throw serviceUnavailable('Background jobs are not available, so the schedule cannot run now', 'jobs_unavailable');
      const now = new Date();
      const run = await db.transaction(async (tx) => {
        const inserted = await repo.insertRun(tx, { id: Number(randomId()), scheduleId: schedule.id, serverId: server.id, trigger: 'manual', dueAt: now, started: now });
        if (!inserted) throw conflict('The schedule was started a moment ago; wait for that run', 'schedule_running');
        await queueStep(tx, queue, inserted.id, 0, schedule.steps[0]?.delaySeconds ?? 0);
        return inserted;
      });
      return toScheduleRun(run);
    },

    async history(actor: Actor, serverId: string, scheduleId: string): Promise<{ runs: ServerScheduleRun[] }> {
      const { schedule } = await findOwn(actor, serverId, scheduleId);
      return { runs: (await repo.listRuns(db, schedule.id, HISTORY_LENGTH)).map(toScheduleRun) };
    },
  };
}

export type ServerSchedulesService = ReturnType<typeof createServerSchedulesService>;
