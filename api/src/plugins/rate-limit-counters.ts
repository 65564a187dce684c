/** The window a counter is in, after counting one more request in it. */
export interface CounterWindow {
  count: number;
  /** Milliseconds until the window ends and the count starts over. */
  ttlMs: number;
}

/**
 * Fixed-window request counters. `hit` counts one request of `key` and calls back with its
 * window; an in-memory store calls back at once, so a request passes the limiter without a promise.
 */
export interface RateLimitCounters {
  hit(key: string, windowMs: number, callback: (error: Error | null, window?: CounterWindow) => void): void;
}

/** How often ended windows are dropped, and the count of keys past which they are dropped at once. */
const SWEEP_EVERY_MS = 60_000;
const DEFAULT_MAX_KEYS = 200_000;

/** This process's counters. Ended windows are swept every minute (and at once past `maxKeys` keys). */
export function memoryRateLimitCounters(now: () => number = Date.now, maxKeys = DEFAULT_MAX_KEYS): RateLimitCounters & { stop(): void } {
  const windows = new Map<string, { count: number; endsAt: number }>();
  const sweep = () => {
    const time = now();
    for (const [key, window] of windows) if (window.endsAt <= time) windows.delete(key);
  };
  const sweeper = setInterval(sweep, SWEEP_EVERY_MS);
  sweeper.unref();
  return {
    hit(key, windowMs, callback) {
      const time = now();
      let window = windows.get(key);
      if (window === undefined || window.endsAt <= time) {
        if (window === undefined && windows.size >= maxKeys) {
          sweep();
          // Still full of live windows (a flood of addresses): the oldest keys give way.
          for (const oldest of windows.keys()) {
            if (windows.size < maxKeys) break;
            windows.delete(oldest);
          }
        }
        window = { count: 0, endsAt: time + windowMs };
        windows.set(key, window);
      }
      window.count += 1;
      callback(null, { count: window.count, ttlMs: window.endsAt - time });
    },
    stop: () => clearInterval(sweeper),
  };
}
