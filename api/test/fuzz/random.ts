/** A small seeded generator (mulberry32): the same seed gives the same fuzz run. */
export interface Random {
  next(): number;
  int(maxExclusive: number): number;
  pick<T>(items: readonly T[]): T;
  /** Up to `count` items, chosen without repetition, in their original order. */
  sample<T>(items: readonly T[], count: number): T[];
}

export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (maxExclusive: number) => Math.floor(next() * maxExclusive);
  return {
    next,
    int,
    pick: (items) => items[int(items.length)]!,
    sample: (items, count) => {
      if (items.length <= count) return [...items];
      const chosen = new Set<number>();
      while (chosen.size < count) chosen.add(int(items.length));
      return [...chosen].sort((a, b) => a - b).map((index) => items[index]!);
    },
  };
}
