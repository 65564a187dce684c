import type { Database, Transaction } from '../../db/client.js';
import { distributeDay, type PayeeShare } from './distribution.js';
import * as repo from './payouts.repository.js';
import { isoDay, type UsageSource } from './usage-source.js';

export interface RevenueDistributionDeps {
  db: Database;
  usage: UsageSource;
  poolDailyCents: number;
  creatorShareBps: number;
  holdingDays: number;
}

export interface DistributedDay {
  day: string;
  poolCents: number;
  creditedCents: number;
  platformCents: number;
  /** False when the day had already been distributed (nothing changed). */
  distributed: boolean;
}

const DAY_MS = 86_400_000;

/**
 * Distributes one UTC day's pool into the ledger in one transaction; a day is distributed at
 * most once (its `revenue_days` row is the guard), so retries and reruns change nothing.
 */
export function createRevenueDistribution(deps: RevenueDistributionDeps) {
  return {
    async distributeDay(day: Date, poolCents = deps.poolDailyCents): Promise<DistributedDay> {
      const midnight = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate()));
      const key = isoDay(midnight);
      return deps.db.transaction(async (tx) => {
        if (await repo.findRevenueDay(tx, key)) return { day: key, poolCents, creditedCents: 0, platformCents: 0, distributed: false };
        const usage = await deps.usage(tx, midnight);
        const payees = await loadPayees(tx, usage.map((u) => u.projectId));
        const result = distributeDay({ poolCents, creatorShareBps: deps.creatorShareBps, usage, payees });
        const inserted = await repo.insertRevenueDay(tx, { day: key, poolCents, creatorShareBps: deps.creatorShareBps, creditedCents: result.creditedCents, platformCents: result.platformCents });
        if (!inserted) return { day: key, poolCents, creditedCents: 0, platformCents: 0, distributed: false };
        // Available after the holding period counted from the end of the earning day.
        const availableAt = new Date(midnight.getTime() + (deps.holdingDays + 1) * DAY_MS);
        await repo.insertDayLedger(tx, key, availableAt, result.credits, result.platformCents);
        return { day: key, poolCents, creditedCents: result.creditedCents, platformCents: result.platformCents, distributed: true };
      });
    },
  };
}
export type RevenueDistribution = ReturnType<typeof createRevenueDistribution>;

/**
 * Payees of each monetized project: its own team's accepted members and, for a project owned by
 * an organization, the organization team's accepted members (a member of both counts once, with
 * the project team's split).
 */
async function loadPayees(tx: Transaction, projectIds: number[]): Promise<Map<number, PayeeShare[]>> {
  const monetized = await repo.listMonetizedProjects(tx, projectIds);
  const teamIds = monetized.flatMap((p) => (p.organizationTeamId === null ? [p.teamId] : [p.teamId, p.organizationTeamId]));
  const members = await repo.listTeamPayees(tx, [...new Set(teamIds)]);
  const byTeam = new Map<number, typeof members>();
  for (const member of members) byTeam.set(member.teamId, [...(byTeam.get(member.teamId) ?? []), member]);
  const payees = new Map<number, PayeeShare[]>();
  for (const project of monetized) {
    const own = byTeam.get(project.teamId) ?? [];
    const seen = new Set(own.map((m) => m.userId));
    const fromOrganization = project.organizationTeamId === null ? [] : (byTeam.get(project.organizationTeamId) ?? []).filter((m) => !seen.has(m.userId));
    payees.set(project.id, [...own, ...fromOrganization].map(({ userId, split, isOwner }) => ({ userId, split, isOwner })));
  }
  return payees;
}
