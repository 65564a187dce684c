import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ErrorBodySchema } from '@cairn/shared/schemas/common';
import { ServerScheduleListSchema, ServerScheduleRunListSchema, ServerScheduleRunSchema, ServerScheduleSchema, type ServerScheduleRun } from '@cairn/shared/schemas/server-schedules';
import { ServerSchema } from '@cairn/shared/schemas/servers';
import { ServerActivityPageSchema } from '@cairn/shared/schemas/server-members';
import { createTestContext, type TestContext } from '../harness.js';
import { testClient } from '../helpers/client.js';
import { startWorker, untilJobCompleted } from '../helpers/jobs.js';
import { createActors, type Actors } from '../factories/users.js';
import { insertServer } from '../factories/servers.js';
import { serverScheduleRuns } from '../../src/db/schema/server-schedules.js';
import { createDatabase } from '../../src/db/client.js';
import { servers } from '../../src/db/schema/servers.js';
import type { JobRunner } from '../../src/lib/jobs/job-runner.js';
import { createProvisioning } from '../../src/modules/servers/provisioning.js';
import { RUN_INTERRUPTED_AFTER_MS, SERVERS_SCHEDULES_JOB } from '../../src/modules/servers/server-schedule-runs.js';
import { parseId } from '../../src/lib/ids.js';
import { AGENT_TOKEN, consoleHistory, eventually, freePort, startTestAgent, type TestAgent } from '../helpers/node-agent-process.js';

/**
 * Schedules against a real node agent and a real flying-squid server, run by two job workers (each
 * its own pg-boss with its own connections, as two worker processes have) whose clock the test
 * moves: a due time fires exactly once, run now chains steps with waits, a server being moved or
 * suspended makes the run skipped with the reason, and the plan's limit is enforced.
 */
let ctx: TestContext;
let actors: Actors;
let agent: TestAgent;
let serverId: string;
const workers: JobRunner[] = [];
/** How far the workers' clock is ahead of the real one. */
let clockOffsetMs = 0;
const clock = () => new Date(Date.now() + clockOffsetMs);

const call = testClient(() => ctx.app);
const asOwner = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: object) => call(method, url, actors.user.session, body);
const base = () => `/v2/servers/${serverId}/schedules`;

async function createSchedule(body: object) {
  const response = await asOwner('POST', base(), body);
  expect(response.statusCode, response.body).toBe(201);
  return ServerScheduleSchema.strict().parse(response.json());
}
const history = async (scheduleId: string) => ServerScheduleRunListSchema.strict().parse((await asOwner('GET', `${base()}/${scheduleId}/runs`)).json()).runs;
const untilFinished = (scheduleId: string, count: number) =>
  eventually(async () => {
    const runs = await history(scheduleId);
    return runs.length >= count && runs.every((run) => run.status !== 'running') ? runs : undefined;
  }, 120_000, `${count} finished runs of ${scheduleId}`);
const untilRunning = () =>
  eventually(async () => {
    const server = ServerSchema.parse((await asOwner('GET', `/v2/servers/${serverId}`)).json());
    return server.state === 'running' ? server : undefined;
  }, 90_000, 'the server running');

beforeAll(async () => {
  agent = await startTestAgent();
  const first = await freePort();
  const portRange = { first, last: first + 5 };
  ctx = await createTestContext({ jobs: 'queue', env: { NODE_AGENT_URL: agent.url, NODE_AGENT_TOKEN: AGENT_TOKEN, SERVERS_PORT_RANGE: `${portRange.first}-${portRange.last}` } });
  actors = await createActors(ctx.database.db);
  serverId = await insertServer(ctx.database.db, { ownerId: actors.user.id, name: 'Scheduled World' });
  const provisioning = createProvisioning({ db: ctx.database.db, portRange, graceDays: 7 });
  await eventually(async () => ((await provisioning.reconcile(serverId)) ? undefined : true), 90_000, 'placed and installed');
  await untilRunning();
  for (let i = 0; i < 2; i++) workers.push(await startWorker(ctx, clock));
}, 180_000);
afterAll(async () => {
  for (const worker of workers) await worker.stop();
  await ctx?.close();
  await agent?.close();
});

describe('server schedules', () => {
  it('refuses bad expressions, time zones and steps naming the field', async () => {
    const cases: Array<[object, RegExp]> = [
      [{ name: 'x', cron: '0 24 * * *', steps: [{ action: 'restart' }] }, /'cron': hour: 24 is outside 0–23/],
      [{ name: 'x', cron: '0 4 * *', steps: [{ action: 'restart' }] }, /'cron': expected 5 fields/],
      [{ name: 'x', cron: '0 4 * * *', time_zone: 'Mars/Olympus', steps: [{ action: 'restart' }] }, /'time_zone': must be an IANA time zone/],
      [{ name: 'x', cron: '0 4 * * *', steps: [{ action: 'command' }] }, /steps.*0.*command.*is required for a command step/],
      [{ name: 'x', cron: '0 4 * * *', steps: [{ action: 'restart', delay_seconds: 3601 }] }, /steps.*0.*delay_seconds/],
      [{ name: 'x', cron: '0 4 * * *', steps: [] }, /'steps'/],
    ];
    for (const [body, description] of cases) {
      const response = await asOwner('POST', base(), body);
      expect(response.statusCode, response.body).toBe(400);
      expect(ErrorBodySchema.parse(response.json()).description).toMatch(description);
    }
    // Strangers learn nothing of the server.
    expect((await call('GET', base(), actors.creator.session)).statusCode).toBe(404);
  });

  it('fires a nightly restart once at its time in its time zone, with two workers sweeping at once', async () => {
    const schedule = await createSchedule({ name: 'Nightly restart', cron: '0 4 * * *', time_zone: 'Europe/Berlin', steps: [{ action: 'restart' }] });
    const next = new Date(schedule.next_run!);
    expect(new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Berlin', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(next)).toBe('04:00');
    expect(next.getTime() - Date.now()).toBeLessThanOrEqual(24 * 3600_000);

    // Not due yet: a sweep starts nothing.
    await untilJobCompleted(workers[0]!, SERVERS_SCHEDULES_JOB, (await workers[0]!.send(SERVERS_SCHEDULES_JOB, {}))!);
    expect(await history(schedule.id)).toEqual([]);

    // The workers' clock moves to 30 s past the due time; both workers sweep at the same moment.
    clockOffsetMs = next.getTime() + 30_000 - Date.now();
    const ids = await Promise.all(workers.flatMap((worker) => [worker.send(SERVERS_SCHEDULES_JOB, {}), worker.send(SERVERS_SCHEDULES_JOB, {})]));
    for (const id of ids) await untilJobCompleted(workers[0]!, SERVERS_SCHEDULES_JOB, id!);
    const runs = await untilFinished(schedule.id, 1);
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ trigger: 'schedule', due: next.toISOString(), status: 'ok', reason: null, steps_done: 1 });
    expect(runs[0]!.duration_ms).toBeGreaterThanOrEqual(0);
    const rows = await ctx.database.db.select({ id: serverScheduleRuns.id }).from(serverScheduleRuns).where(eq(serverScheduleRuns.serverId, serverId));
    expect(rows).toHaveLength(1);
    await untilRunning();

    // The schedule moved on to the next night and shows its last run.
    const listed = ServerScheduleListSchema.strict().parse((await asOwner('GET', base())).json());
    const after = listed.schedules.find((s) => s.id === schedule.id)!;
    expect(new Date(after.next_run!).getTime() - next.getTime()).toBeGreaterThanOrEqual(23 * 3600_000);
    expect(after.last_run?.status).toBe('ok');
    expect(listed.max_schedules).toBe(4);

    // Sweeping again at the same moved time starts nothing more.
    await untilJobCompleted(workers[1]!, SERVERS_SCHEDULES_JOB, (await workers[1]!.send(SERVERS_SCHEDULES_JOB, {}))!);
    expect(await history(schedule.id)).toHaveLength(1);
    clockOffsetMs = 0;

    // Disabled: no next run.
    const off = await asOwner('PATCH', `${base()}/${schedule.id}`, { enabled: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(ServerScheduleSchema.strict().parse(off.json())).toMatchObject({ enabled: false, next_run: null });
  }, 180_000);

  it('runs now: a console command, a wait, then a restart', async () => {
    const schedule = await createSchedule({
      name: 'Announced restart',
      cron: '30 5 * * 1',
      steps: [
        { action: 'command', command: 'say Restarting in a moment' },
        { action: 'restart', delay_seconds: 2 },
      ],
    });
    const started = await asOwner('POST', `${base()}/${schedule.id}/run`);
    expect(started.statusCode, started.body).toBe(202);
    expect(ServerScheduleRunSchema.strict().parse(started.json())).toMatchObject({ trigger: 'manual', status: 'running' });
    const [run] = await untilFinished(schedule.id, 1);
    expect(run, run?.reason ?? '').toMatchObject({ status: 'ok', steps_done: 2 });
    // The wait between the steps is part of the run.
    expect(run!.duration_ms).toBeGreaterThanOrEqual(2000);
    expect((await consoleHistory(agent, serverId)).join('\n')).toContain('Restarting in a moment');
    // Both steps are in the server's activity log, with no person as the actor.
    const activity = ServerActivityPageSchema.parse((await asOwner('GET', `/v2/servers/${serverId}/activity?limit=10`)).json()).entries;
    expect(activity).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ actor: null, kind: 'console', action: 'command', detail: 'Schedule "Announced restart": say Restarting in a moment' }),
        expect.objectContaining({ actor: null, kind: 'power', action: 'restart', detail: 'Schedule "Announced restart"' }),
      ]),
    );
    await untilRunning();
  }, 180_000);

  it('skips a run while the server is being moved, and while it is suspended', async () => {
    const schedule = await createSchedule({ name: 'Backup', cron: '0 */6 * * *', steps: [{ action: 'backup' }] });
    // A move holds the server's row FOR UPDATE from its start to its end (server-move.ts); hold it the same way.
    const mover = createDatabase(ctx.config.database.url!, { poolSize: 1 });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const moving = mover.db.transaction(async (tx) => {
      await tx.select({ id: servers.id }).from(servers).where(eq(servers.id, serverId)).for('update');
      locked();
      await held;
    });
    await isLocked;
    let runs: ServerScheduleRun[];
    try {
      expect((await asOwner('POST', `${base()}/${schedule.id}/run`)).statusCode).toBe(202);
      runs = await untilFinished(schedule.id, 1);
    } finally {
      release();
      await moving;
      await mover.close();
    }
    expect(runs[0]).toMatchObject({ status: 'skipped', reason: 'The server is being moved to another node', steps_done: 0 });

    const suspended = await call('POST', `/v2/servers/${serverId}/suspend`, actors.admin.session, { reason: 'support' });
    expect(suspended.statusCode, suspended.body).toBe(200);
    expect((await asOwner('POST', `${base()}/${schedule.id}/run`)).statusCode).toBe(202);
    runs = await untilFinished(schedule.id, 2);
    expect(runs[0]).toMatchObject({ status: 'skipped', reason: 'The server is suspended (support)' });
    expect((await call('POST', `/v2/servers/${serverId}/unsuspend`, actors.admin.session)).statusCode).toBe(200);
  }, 180_000);

  it('fails a run whose worker stopped during it, once it can no longer finish, and leaves a recent one running', async () => {
    const schedule = await createSchedule({ name: 'Interrupted', cron: '0 3 * * *', steps: [{ action: 'restart' }] });
    const now = Date.now();
    const row = (id: number, startedMsAgo: number) => ({
      id,
      scheduleId: parseId(schedule.id)!,
      serverId,
      trigger: 'schedule' as const,
      dueAt: new Date(now - startedMsAgo),
      started: new Date(now - startedMsAgo),
    });
    await ctx.database.db.insert(serverScheduleRuns).values([row(910_001, RUN_INTERRUPTED_AFTER_MS + 60_000), row(910_002, 60_000)]);
    await untilJobCompleted(workers[0]!, SERVERS_SCHEDULES_JOB, (await workers[0]!.send(SERVERS_SCHEDULES_JOB, {}))!);
    const runs = await history(schedule.id);
    expect(runs.map((run) => [run.status, run.reason])).toEqual([
      ['running', null],
      ['failed', 'Interrupted: the worker stopped while the run was under way'],
    ]);
    await ctx.database.db.delete(serverScheduleRuns).where(eq(serverScheduleRuns.scheduleId, parseId(schedule.id)!));
    expect((await asOwner('DELETE', `${base()}/${schedule.id}`)).statusCode).toBe(204);
  });

  it("refuses a schedule past the plan's limit, naming it", async () => {
    const { schedules } = ServerScheduleListSchema.parse((await asOwner('GET', base())).json());
    for (let i = schedules.length; i < 4; i++) await createSchedule({ name: `Filler ${i}`, cron: '0 3 * * *', steps: [{ action: 'start' }], enabled: false });
    const refused = await asOwner('POST', base(), { name: 'One too many', cron: '0 3 * * *', steps: [{ action: 'start' }] });
    expect(refused.statusCode).toBe(409);
    expect(ErrorBodySchema.parse(refused.json())).toMatchObject({ error: 'schedule_limit', description: expect.stringMatching(/Small plan allows 4 schedules/) });
    // Deleting one makes room again.
    const first = schedules[0]!;
    expect((await asOwner('DELETE', `${base()}/${first.id}`)).statusCode).toBe(204);
    expect((await asOwner('GET', `${base()}/${first.id}/runs`)).statusCode).toBe(404);
    await createSchedule({ name: 'Room again', cron: '0 3 * * *', steps: [{ action: 'start' }], enabled: false });
  });
});
