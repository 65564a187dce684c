import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { cpuSampler } from './resources.js';

describe('cpuSampler', () => {
  it('normalises CPU time to 0–100 % of all cores', () => {
    const cores = os.availableParallelism();
    const sample = cpuSampler();
    expect(sample(10, 0)).toBe(0);
    // One core fully busy for one second.
    expect(sample(11, 1000)).toBeCloseTo(100 / cores, 1);
    // Every core busy: capped at 100.
    expect(sample(11 + cores * 2, 2000)).toBe(100);
    expect(sample(11 + cores * 2, 3000)).toBe(0);
  });
});
