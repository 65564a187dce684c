import type { ChildProcess } from 'node:child_process';
import { exited, terminatePid, type Logger } from './process-utils.js';

export interface SupervisorOptions {
  /** Used in log lines ("PostgreSQL exited unexpectedly…"). */
  name: string;
  log: Logger;
  /** The running server, started by the caller. */
  first: ChildProcess;
  /** Starts the server again (same port, same data) and resolves once it answers. */
  relaunch: () => Promise<ChildProcess>;
  /** Called after every successful relaunch (to rewrite the server record, say). */
  onRelaunched?: (child: ChildProcess) => Promise<void> | void;
  /** First delay before a restart; doubles on every failed attempt up to maxDelayMs. */
  initialDelayMs?: number;
  maxDelayMs?: number;
  /** A server that stayed up this long starts the next backoff from initialDelayMs again. */
  stableAfterMs?: number;
}

export interface Supervisor {
  /** Pid of the server running now (undefined while it is down). */
  pid(): number | undefined;
  /** How many times the server was started again after an unexpected exit. */
  restarts(): number;
  /** Stops supervising and stops the server; an exit from now on is expected. */
  stop(signal: NodeJS.Signals, graceMs: number): Promise<void>;
}

/**
 * Keeps an embedded server running: when it exits without being asked to (a crash, SIGKILL,
 * an operator's `pg_ctl stop`), it is started again after a backoff, with a log line each time.
 */
export function supervise(options: SupervisorOptions): Supervisor {
  const { name, log } = options;
  const initialDelay = options.initialDelayMs ?? 250;
  const maxDelay = options.maxDelayMs ?? 10_000;
  const stableAfter = options.stableAfterMs ?? 30_000;

  let current: ChildProcess | undefined = options.first;
  let startedAt = Date.now();
  let delay = initialDelay;
  let stopping = false;
  let restarts = 0;
  let timer: NodeJS.Timeout | undefined;
  let relaunching: Promise<void> | undefined;

  const watch = (child: ChildProcess) => {
    child.once('exit', (code, signal) => {
      if (child !== current) return;
      current = undefined;
      if (stopping) return;
      if (Date.now() - startedAt >= stableAfter) delay = initialDelay;
      log.warn(`${name} exited unexpectedly (${signal ?? `exit code ${code}`}); restarting it in ${delay} ms.`);
      schedule();
    });
  };

  const schedule = () => {
    timer = setTimeout(() => {
      timer = undefined;
      relaunching = attempt().finally(() => (relaunching = undefined));
    }, delay);
    delay = Math.min(delay * 2, maxDelay);
  };

  const attempt = async () => {
    if (stopping) return;
    try {
      const child = await options.relaunch();
      if (stopping) {
        if (child.pid) await terminatePid(child.pid, 'SIGTERM', 10_000);
        return;
      }
      current = child;
      startedAt = Date.now();
      restarts += 1;
      watch(child);
      await options.onRelaunched?.(child);
      log.warn(`${name} is running again (pid ${child.pid}, restart ${restarts}).`);
    } catch (error) {
      if (stopping) return;
      log.error(`${name} did not come back (${(error as Error).message.split('\n')[0]}); trying again in ${delay} ms.`);
      schedule();
    }
  };

  watch(options.first);

  return {
    pid: () => current?.pid,
    restarts: () => restarts,
    async stop(signal, graceMs) {
      stopping = true;
      if (timer) clearTimeout(timer);
      await relaunching;
      const child = current;
      if (child?.pid) await terminatePid(child.pid, signal, graceMs);
      if (child) await exited(child);
    },
  };
}
