import { describe, expect, it } from 'vitest';
import { memoryRateLimitCounters, type CounterWindow } from './rate-limit-counters.js';

describe('memory rate-limit counters', () => {
  const hitAt = (counters: ReturnType<typeof memoryRateLimitCounters>, key: string, windowMs = 1000) => {
    let result: CounterWindow | undefined;
    counters.hit('ip', key, windowMs, (error, window) => {
      expect(error).toBeNull();
      result = window;
    });
    // The in-memory store answers before hit returns: no promise on the request path.
    expect(result).toBeDefined();
    return result!;
  };

  it('counts each key in fixed windows and starts over when a window ends', () => {
    let now = 10_000;
    const counters = memoryRateLimitCounters(() => now);
    expect(hitAt(counters, 'ip:a')).toEqual({ count: 1, ttlMs: 1000 });
    now += 400;
    expect(hitAt(counters, 'ip:a')).toEqual({ count: 2, ttlMs: 600 });
    expect(hitAt(counters, 'ip:b')).toEqual({ count: 1, ttlMs: 1000 });
    now += 600;
    expect(hitAt(counters, 'ip:a')).toEqual({ count: 1, ttlMs: 1000 });
    counters.stop();
  });

  it('keeps at most maxKeys keys: ended windows go first, then the oldest live ones', () => {
    let now = 0;
    const counters = memoryRateLimitCounters(() => now, 3);
    hitAt(counters, 'a', 100);
    hitAt(counters, 'b', 1000);
    hitAt(counters, 'c', 1000);
    now = 200;
    // 'a' has ended: it is swept, and the others keep their counts.
    hitAt(counters, 'd', 1000);
    expect(hitAt(counters, 'b', 1000).count).toBe(2);
    // All three live: the oldest key ('b') gives way to the new one.
    hitAt(counters, 'e', 1000);
    expect(hitAt(counters, 'c', 1000).count).toBe(2);
    expect(hitAt(counters, 'b', 1000).count).toBe(1);
    counters.stop();
  });

  it('hitNow counts in place: the same window object, reused when it starts over', () => {
    let now = 0;
    const counters = memoryRateLimitCounters(() => now);
    const first = counters.hitNow('ip', '10.0.0.1', 1000);
    expect(counters.hitNow('ip', '10.0.0.1', 1000)).toBe(first);
    expect(first.count).toBe(2);
    now = 1000;
    expect(counters.hitNow('ip', '10.0.0.1', 1000)).toBe(first);
    expect(first).toEqual({ count: 1, endsAt: 2000 });
    // Spaces keep apart: a route's own counter and a bucket with the same caller id.
    expect(counters.hitNow('POST /v2/auth/login:ip', '10.0.0.1', 1000).count).toBe(1);
    counters.stop();
  });
});
