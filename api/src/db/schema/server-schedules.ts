import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { servers } from './servers.js';

/**
 * Server schedules (docs/api/servers.md, "Schedules"): cron-timed chains of steps, and one row per
 * run. The worker's minute sweep claims due schedules with `FOR UPDATE SKIP LOCKED` and inserts
 * the run under the unique (schedule, due time) index, so however many workers sweep at once a
 * due time runs once.
 */

export interface ScheduleStepRow {
  action: 'restart' | 'stop' | 'start' | 'backup' | 'command';
  command?: string;
  delaySeconds: number;
}

export const serverSchedules = pgTable(
  'server_schedules',
  {
    id: bigint({ mode: 'number' }).primaryKey(),
    serverId: text()
      .notNull()
      .references(() => servers.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    /** Five-field cron expression, read in `timeZone`. */
    cron: text().notNull(),
    /** IANA time zone name the expression is read in. */
    timeZone: text().notNull().default('UTC'),
    steps: jsonb().$type<ScheduleStepRow[]>().notNull(),
    enabled: boolean().notNull().default(true),
    /** The next due time; null while disabled. */
    nextRunAt: timestamp({ withTimezone: true }),
    created: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('server_schedules_server_idx').on(t.serverId), index('server_schedules_due_idx').on(t.nextRunAt).where(sql`${t.enabled}`)],
);

export const serverScheduleRuns = pgTable(
  'server_schedule_runs',
  {
    id: bigint({ mode: 'number' }).primaryKey(),
    scheduleId: bigint({ mode: 'number' })
      .notNull()
      .references(() => serverSchedules.id, { onDelete: 'cascade' }),
    /**
     * No foreign key to `servers` (the schedule's cascades delete runs with the server): checking
     * one takes a share lock on the server's row, which a move holds for its whole length, so the
     * sweep would wait for the move instead of recording the run as skipped.
     */
    serverId: text().notNull(),
    trigger: text().$type<'schedule' | 'manual'>().notNull(),
    /** The cron time it ran for (for a manual run, when it was asked for). */
    dueAt: timestamp({ withTimezone: true }).notNull(),
    started: timestamp({ withTimezone: true }).notNull(),
    finished: timestamp({ withTimezone: true }),
    status: text().$type<'running' | 'ok' | 'failed' | 'skipped'>().notNull().default('running'),
    reason: text(),
    /** Steps carried out so far; the step job claims step n by moving this from n to n + 1. */
    stepsDone: integer().notNull().default(0),
  },
  (t) => [uniqueIndex('server_schedule_runs_due_idx').on(t.scheduleId, t.dueAt), index('server_schedule_runs_server_idx').on(t.serverId, t.started)],
);
