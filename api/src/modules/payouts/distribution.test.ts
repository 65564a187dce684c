import { describe, expect, it } from 'vitest';
import { creatorsPart, distributeDay, splitByWeight, type PayeeShare } from './distribution.js';

const owner = (userId: number): PayeeShare => ({ userId, split: 100, isOwner: true });
const sum = (values: Iterable<bigint>) => [...values].reduce((a, b) => a + b, 0n);

/** A small deterministic generator so the property checks are reproducible. */
function random(seed: number) {
  let state = seed >>> 0;
  return (max: number) => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state % max;
  };
}

describe('splitByWeight', () => {
  it('hands out every cent by largest remainder, ties to the smaller key', () => {
    const shares = splitByWeight(10n, [
      { key: 3, weight: 1n },
      { key: 1, weight: 1n },
      { key: 2, weight: 1n },
    ]);
    expect([...shares.entries()].sort(([a], [b]) => a - b)).toEqual([
      [1, 4n],
      [2, 3n],
      [3, 3n],
    ]);
  });

  it('gives a 1-cent total to the largest remainder', () => {
    const shares = splitByWeight(1n, [
      { key: 'a', weight: 2n },
      { key: 'b', weight: 3n },
    ]);
    expect(shares.get('a')).toBe(0n);
    expect(shares.get('b')).toBe(1n);
  });

  it('gives nothing to zero weights and nothing at all when every weight is zero', () => {
    expect(splitByWeight(7n, [{ key: 1, weight: 0n }, { key: 2, weight: 5n }]).get(1)).toBe(0n);
    expect(sum(splitByWeight(7n, [{ key: 1, weight: 0n }]).values())).toBe(0n);
  });

  it('is exact for huge pools and weights (no float rounding)', () => {
    const shares = splitByWeight(9_007_199_254_740_993n, [
      { key: 1, weight: 3_000_000_000n },
      { key: 2, weight: 1n },
    ]);
    expect(sum(shares.values())).toBe(9_007_199_254_740_993n);
  });
});

describe('distributeDay', () => {
  it('splits the default 75/25 in proportion to views + downloads, then by payouts split', () => {
    const result = distributeDay({
      poolCents: 10_000,
      creatorShareBps: 7500,
      usage: [
        { projectId: 1, views: 100, downloads: 200 },
        { projectId: 2, views: 0, downloads: 100 },
      ],
      payees: new Map([
        [1, [owner(10), { userId: 11, split: 50, isOwner: false }]],
        [2, [owner(20)]],
      ]),
    });
    // 7500 creators: project 1 gets 3/4 = 5625 (10: 2/3 = 3750, 11: 1875), project 2 1875.
    expect(result.credits).toEqual([
      { userId: 10, projectId: 1, cents: 3750 },
      { userId: 11, projectId: 1, cents: 1875 },
      { userId: 20, projectId: 2, cents: 1875 },
    ]);
    expect(result.creditedCents).toBe(7500);
    expect(result.platformCents).toBe(2500);
  });

  it('keeps a 1-cent pool whole: the creators part floors to 0, the platform gets the cent', () => {
    const result = distributeDay({ poolCents: 1, creatorShareBps: 7500, usage: [{ projectId: 1, views: 1, downloads: 0 }], payees: new Map([[1, [owner(1)]]]) });
    expect(result).toEqual({ creditedCents: 0, platformCents: 1, credits: [] });
    const all = distributeDay({ poolCents: 1, creatorShareBps: 10_000, usage: [{ projectId: 1, views: 1, downloads: 0 }, { projectId: 2, views: 1, downloads: 0 }], payees: new Map([[1, [owner(1)]], [2, [owner(2)]]]) });
    expect(all.credits).toEqual([{ userId: 1, projectId: 1, cents: 1 }]);
    expect(all.platformCents).toBe(0);
  });

  it('gives the creators part back to the platform when no monetized project had usage', () => {
    const result = distributeDay({ poolCents: 5000, creatorShareBps: 7500, usage: [{ projectId: 9, views: 5, downloads: 5 }], payees: new Map() });
    expect(result).toEqual({ creditedCents: 0, platformCents: 5000, credits: [] });
  });

  it('pays the owner when no member has a positive split', () => {
    const result = distributeDay({
      poolCents: 100,
      creatorShareBps: 10_000,
      usage: [{ projectId: 1, views: 1, downloads: 0 }],
      payees: new Map([[1, [{ userId: 5, split: 0, isOwner: true }, { userId: 6, split: 0, isOwner: false }]]]),
    });
    expect(result.credits).toEqual([{ userId: 5, projectId: 1, cents: 100 }]);
  });

  it('accounts for every cent across many projects and members, and is deterministic', () => {
    const next = random(42);
    for (let round = 0; round < 50; round++) {
      const projectCount = 1 + next(400);
      const usage = Array.from({ length: projectCount }, (_, i) => ({ projectId: i + 1, views: next(1000), downloads: next(50) }));
      const payees = new Map(usage.map((u) => [u.projectId, Array.from({ length: 1 + next(4) }, (_, j) => ({ userId: u.projectId * 10 + j, split: next(5001), isOwner: j === 0 }))]));
      const input = { poolCents: next(10_000_000) + (round % 3 === 0 ? 1 : 0), creatorShareBps: next(10_001), usage, payees };
      const result = distributeDay(input);
      const credited = result.credits.reduce((a, c) => a + c.cents, 0);
      expect(credited).toBe(result.creditedCents);
      expect(credited + result.platformCents).toBe(input.poolCents);
      expect(result.platformCents).toBeGreaterThanOrEqual(input.poolCents - creatorsPart(input.poolCents, input.creatorShareBps));
      expect(result.credits.every((c) => Number.isInteger(c.cents) && c.cents > 0)).toBe(true);
      expect(distributeDay({ ...input, usage: [...usage].reverse() })).toEqual(result);
    }
  });

  it('refuses fractional or negative pools and shares out of range', () => {
    expect(() => distributeDay({ poolCents: 1.5, creatorShareBps: 7500, usage: [], payees: new Map() })).toThrow(RangeError);
    expect(() => distributeDay({ poolCents: 100, creatorShareBps: 10_001, usage: [], payees: new Map() })).toThrow(RangeError);
  });
});
