/** The window a counter is in, after counting one more request in it. */
export interface CounterWindow {
  count: number;
  /** Milliseconds until the window ends and the count starts over. */
  ttlMs: number;
}

/**
 * Fixed-window request counters, kept per counter space (a bucket, or a route's own limit and
 * bucket) and caller id. `hit` counts one request and calls back with its window.
 */
export interface RateLimitCounters {
  hit(space: string, id: string | number, windowMs: number, callback: (error: Error | null, window?: CounterWindow) => void): void;
}

/** A live window of the memory counters (read it at once: the next hit of its key changes it). */
export interface LiveWindow {
  readonly count: number;
  readonly endsAt: number;
}

export interface MemoryRateLimitCounters extends RateLimitCounters {
  /**
   * Counts one request and returns its window as stored: no promise, no callback and, once a
   * caller's window exists, no allocation (the window is reused when it starts over).
   */
  hitNow(space: string, id: string | number, windowMs: number): LiveWindow;
  stop(): void;
}

/** How often ended windows are dropped, and the count of keys past which they are dropped at once. */
const SWEEP_EVERY_MS = 60_000;
const DEFAULT_MAX_KEYS = 200_000;

/** This process's counters. Ended windows are swept every minute (and at once past `maxKeys` keys). */
export function memoryRateLimitCounters(now: () => number = Date.now, maxKeys = DEFAULT_MAX_KEYS): MemoryRateLimitCounters {
  const spaces = new Map<string, Map<string | number, { count: number; endsAt: number }>>();
  let size = 0;
  const sweep = () => {
    const time = now();
    for (const windows of spaces.values()) {
      for (const [key, window] of windows) {
        if (window.endsAt > time) continue;
        windows.delete(key);
        size -= 1;
      }
    }
  };
  // Still full of live windows (a flood of addresses): the oldest keys give way.
  const evictOldest = () => {
    for (const windows of spaces.values()) {
      for (const key of windows.keys()) {
        if (size < maxKeys) return;
        windows.delete(key);
        size -= 1;
      }
    }
  };
  const sweeper = setInterval(sweep, SWEEP_EVERY_MS);
  sweeper.unref();

  function hitNow(space: string, id: string | number, windowMs: number): LiveWindow {
    const time = now();
    let windows = spaces.get(space);
    if (windows === undefined) spaces.set(space, (windows = new Map()));
    let window = windows.get(id);
    if (window === undefined) {
      if (size >= maxKeys) {
        sweep();
        evictOldest();
      }
      window = { count: 0, endsAt: time + windowMs };
      windows.set(id, window);
      size += 1;
    } else if (window.endsAt <= time) {
      window.count = 0;
      window.endsAt = time + windowMs;
    }
    window.count += 1;
    return window;
  }

  return {
    hitNow,
    hit(space, id, windowMs, callback) {
      const window = hitNow(space, id, windowMs);
      callback(null, { count: window.count, ttlMs: window.endsAt - now() });
    },
    stop: () => clearInterval(sweeper),
  };
}
