import { z } from 'zod';
import { isTimeZone, parseCron } from '../format/cron.js';
import { Base62IdSchema } from './common.js';

/**
 * Wire shapes of server schedules: cron-timed tasks of a hosted server (restart, stop, start,
 * backup, console command), each a chain of steps with waits between them, and the history of
 * their runs (docs/api/servers.md, "Schedules").
 */

export const SERVER_SCHEDULE_ACTIONS = ['restart', 'stop', 'start', 'backup', 'command'] as const;
export const ServerScheduleActionSchema = z.enum(SERVER_SCHEDULE_ACTIONS);
export type ServerScheduleAction = z.infer<typeof ServerScheduleActionSchema>;

export const SERVER_SCHEDULE_NAME_MAX = 48;
export const SERVER_SCHEDULE_STEPS_MAX = 10;
/** The longest wait before one step (an hour): long chains belong in two schedules. */
export const SERVER_SCHEDULE_DELAY_MAX = 3600;
export const SERVER_SCHEDULE_COMMAND_MAX = 1024;

/** A five-field cron expression; a bad one is refused naming the field (`cron: hour: 24 is outside 0–23`). */
export const CronExpressionSchema = z
  .string()
  .max(100)
  .superRefine((value, ctx) => {
    const parsed = parseCron(value);
    if (!parsed.ok) ctx.addIssue({ code: 'custom', message: parsed.error });
  });

export const TimeZoneSchema = z
  .string()
  .max(64)
  .refine(isTimeZone, { message: 'must be an IANA time zone name such as Europe/Berlin or UTC' });

/** One step: wait `delay_seconds` after the previous one (or after the due time), then act. */
export const ServerScheduleStepSchema = z
  .object({
    action: ServerScheduleActionSchema,
    /** The console command of a `command` step (without a leading slash). */
    command: z.string().trim().min(1).max(SERVER_SCHEDULE_COMMAND_MAX).regex(/^[^\r\n]*$/, 'must be one line').optional(),
    delay_seconds: z.number().int().min(0).max(SERVER_SCHEDULE_DELAY_MAX).default(0),
  })
  .superRefine((step, ctx) => {
    if (step.action === 'command' && step.command === undefined) ctx.addIssue({ code: 'custom', path: ['command'], message: 'is required for a command step' });
    if (step.action !== 'command' && step.command !== undefined) ctx.addIssue({ code: 'custom', path: ['command'], message: 'is only allowed for a command step' });
  });
export type ServerScheduleStep = z.output<typeof ServerScheduleStepSchema>;

const StepsSchema = z.array(ServerScheduleStepSchema).min(1).max(SERVER_SCHEDULE_STEPS_MAX);

export const ServerScheduleRunStatusSchema = z.enum(['running', 'ok', 'failed', 'skipped']);
export type ServerScheduleRunStatus = z.infer<typeof ServerScheduleRunStatusSchema>;

/** One run of a schedule: due by its cron time (`schedule`) or started by hand (`manual`). */
export const ServerScheduleRunSchema = z.object({
  id: Base62IdSchema,
  schedule_id: Base62IdSchema,
  trigger: z.enum(['schedule', 'manual']),
  due: z.string(),
  started: z.string(),
  finished: z.string().nullable(),
  status: ServerScheduleRunStatusSchema,
  /** Why it failed or was skipped (null when it ran to the end). */
  reason: z.string().nullable(),
  /** From the start to the end of its last step, waits included; null while running. */
  duration_ms: z.number().int().nullable(),
  /** How many steps were carried out. */
  steps_done: z.number().int(),
});
export type ServerScheduleRun = z.infer<typeof ServerScheduleRunSchema>;
export const ServerScheduleRunListSchema = z.object({ runs: z.array(ServerScheduleRunSchema) });

export const ServerScheduleSchema = z.object({
  id: Base62IdSchema,
  name: z.string(),
  cron: z.string(),
  time_zone: z.string(),
  steps: z.array(
    z.object({ action: ServerScheduleActionSchema, command: z.string().optional(), delay_seconds: z.number().int() }),
  ),
  enabled: z.boolean(),
  /** The next due time (UTC); null while disabled. */
  next_run: z.string().nullable(),
  last_run: ServerScheduleRunSchema.nullable(),
  created: z.string(),
});
export type ServerSchedule = z.infer<typeof ServerScheduleSchema>;

/** GET /servers/{id}/schedules: the schedules with the plan's limit. */
export const ServerScheduleListSchema = z.object({ schedules: z.array(ServerScheduleSchema), max_schedules: z.number().int() });
export type ServerScheduleList = z.infer<typeof ServerScheduleListSchema>;

export const CreateServerScheduleBodySchema = z.object({
  name: z.string().trim().min(1).max(SERVER_SCHEDULE_NAME_MAX),
  cron: CronExpressionSchema,
  time_zone: TimeZoneSchema.default('UTC'),
  steps: StepsSchema,
  enabled: z.boolean().default(true),
});
export type CreateServerScheduleBody = z.input<typeof CreateServerScheduleBodySchema>;

export const EditServerScheduleBodySchema = z.object({
  name: z.string().trim().min(1).max(SERVER_SCHEDULE_NAME_MAX).optional(),
  cron: CronExpressionSchema.optional(),
  time_zone: TimeZoneSchema.optional(),
  steps: StepsSchema.optional(),
  enabled: z.boolean().optional(),
});
export type EditServerScheduleBody = z.input<typeof EditServerScheduleBodySchema>;
