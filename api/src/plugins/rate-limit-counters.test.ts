import { describe, expect, it } from 'vitest';
import { memoryRateLimitCounters, type CounterWindow } from './rate-limit-counters.js';

describe('memory rate-limit counters', () => {
  const hitAt = (counters: ReturnType<typeof memoryRateLimitCounters>, key: string, windowMs = 1000) => {
    let result: CounterWindow | undefined;
    counters.hit(key, windowMs, (error, window) => {
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
});
