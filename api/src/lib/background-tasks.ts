/**
 * Work a request starts but does not wait for (so its answer does not depend on that work, nor
 * take its time). Failures are logged; drain() lets a closing app finish what is in flight.
 */
export interface BackgroundTasks {
  run(label: string, task: () => Promise<void>): void;
  /** Resolves once every task started so far (and any they start) has settled. */
  drain(): Promise<void>;
}

export function createBackgroundTasks(log: { error(object: Record<string, unknown>, message: string): void }): BackgroundTasks {
  const pending = new Set<Promise<void>>();
  return {
    run(label, task) {
      const running: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
        .then(task)
        .catch((error: unknown) => log.error({ err: error, task: label }, 'background task failed'))
        .finally(() => pending.delete(running));
      pending.add(running);
    },
    async drain() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  };
}
