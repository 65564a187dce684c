/**
 * How one day's revenue pool is split, in integer cents and deterministically:
 *
 * 1. The creators' part is `floor(pool × creatorShareBps / 10000)`; the platform keeps the rest.
 * 2. Each monetized project weighs `views + downloads` of the day (one monetizable view counts as
 *    much as one counted download). The creators' part is split across projects by weight.
 * 3. A project's part is split among its members by their payouts split. With no positive split,
 *    the owner receives it; with no owner either, it goes back to the platform.
 *
 * Every split uses the largest-remainder method: each share is floored, then the cents left over
 * go one by one to the largest remainders (ties to the smaller key), so the parts always add up
 * to the whole and the same input always gives the same output. Nothing is lost: pool = Σ credits
 * + platform, exactly.
 */

export interface ProjectUsage {
  projectId: number;
  views: number;
  downloads: number;
}

export interface PayeeShare {
  userId: number;
  /** The member's payouts split (0–5000), relative to the other members'. */
  split: number;
  isOwner: boolean;
}

export interface DayCredit {
  userId: number;
  projectId: number;
  cents: number;
}

export interface DayDistribution {
  creditedCents: number;
  platformCents: number;
  credits: DayCredit[];
}

export interface Weighted<K> {
  key: K;
  weight: bigint;
}

/** Splits `total` cents across the entries in proportion to their weights (largest remainder). */
export function splitByWeight<K extends number | string>(total: bigint, entries: ReadonlyArray<Weighted<K>>): Map<K, bigint> {
  if (total < 0n) throw new RangeError('total must not be negative');
  const result = new Map<K, bigint>();
  const positive = entries.filter((e) => e.weight > 0n);
  const sum = positive.reduce((acc, e) => acc + e.weight, 0n);
  for (const e of entries) result.set(e.key, 0n);
  if (sum === 0n) return result;
  let handed = 0n;
  const remainders: Array<{ key: K; remainder: bigint }> = [];
  for (const e of positive) {
    const exact = total * e.weight;
    const floor = exact / sum;
    result.set(e.key, (result.get(e.key) ?? 0n) + floor);
    handed += floor;
    remainders.push({ key: e.key, remainder: exact % sum });
  }
  remainders.sort((a, b) => (a.remainder === b.remainder ? compareKeys(a.key, b.key) : a.remainder > b.remainder ? -1 : 1));
  // Fewer leftover cents than entries: each remainder is below `sum`, so Σ remainders / sum < entries.
  for (let i = 0; handed < total; i++) {
    const key = remainders[i]!.key;
    result.set(key, result.get(key)! + 1n);
    handed += 1n;
  }
  return result;
}

function compareKeys(a: number | string, b: number | string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export function creatorsPart(poolCents: number, creatorShareBps: number): number {
  return Number((BigInt(poolCents) * BigInt(creatorShareBps)) / 10_000n);
}

export function distributeDay(input: {
  poolCents: number;
  creatorShareBps: number;
  usage: readonly ProjectUsage[];
  /** Payees of each monetized project; projects missing here are not monetized. */
  payees: ReadonlyMap<number, readonly PayeeShare[]>;
}): DayDistribution {
  const { poolCents, creatorShareBps } = input;
  if (!Number.isSafeInteger(poolCents) || poolCents < 0) throw new RangeError('poolCents must be a non-negative integer');
  if (!Number.isInteger(creatorShareBps) || creatorShareBps < 0 || creatorShareBps > 10_000) throw new RangeError('creatorShareBps must be 0–10000');

  const eligible = input.usage.filter((u) => input.payees.has(u.projectId) && payableMembers(input.payees.get(u.projectId)!).length > 0);
  const projectShares = splitByWeight(
    BigInt(creatorsPart(poolCents, creatorShareBps)),
    eligible.map((u) => ({ key: u.projectId, weight: BigInt(Math.max(0, u.views)) + BigInt(Math.max(0, u.downloads)) })),
  );

  const credits: DayCredit[] = [];
  for (const [projectId, projectCents] of [...projectShares].sort(([a], [b]) => a - b)) {
    if (projectCents === 0n) continue;
    const members = payableMembers(input.payees.get(projectId)!);
    const memberShares = splitByWeight(projectCents, members.map((m) => ({ key: m.userId, weight: BigInt(m.split) })));
    for (const [userId, cents] of [...memberShares].sort(([a], [b]) => a - b)) {
      if (cents > 0n) credits.push({ userId, projectId, cents: Number(cents) });
    }
  }
  const creditedCents = credits.reduce((acc, c) => acc + c.cents, 0);
  return { creditedCents, platformCents: poolCents - creditedCents, credits };
}

/** Members with a positive split, or else the owner alone (with weight 1). */
function payableMembers(members: readonly PayeeShare[]): PayeeShare[] {
  const splitting = members.filter((m) => m.split > 0);
  if (splitting.length > 0) return splitting;
  return members.filter((m) => m.isOwner).map((m) => ({ ...m, split: 1 }));
}
