import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { PROJECT_PERMISSIONS } from '@cairn/shared/constants/permissions';
import type { Database } from '../client.js';
import type { RevenueConfig } from '../../config.js';
import { projects, teamMembers } from '../schema/catalogue.js';
import { revenueDays } from '../schema/payouts.js';
import { users } from '../schema/users.js';
import { createRevenueDistribution, type UsageSource } from '../../modules/payouts/payouts.port.js';
import { seedDemoAnalytics } from './demo-analytics.js';

type Logger = { info(message: string): void };

const DEMO_DAYS = 42;
const DAY_MS = 86_400_000;
/** The demo pool when REVENUE_POOL_DAILY_CENTS is 0: $100 a day. */
const DEMO_POOL_CENTS = 10_000;

/**
 * Six weeks of distributed revenue for the demo catalogue, so balances (available and pending),
 * history and revenue charts have something to show. The `demo` account shares one project
 * (payouts split 50: the most downloaded one) so signing in as it shows revenue and can withdraw.
 * The same days' views and downloads go into the analytics roll-ups (demo-analytics.ts), so the
 * analytics pages chart them, with their regions and download sources. Skipped once any day was
 * distributed.
 */
export async function seedDemoRevenue(db: Database, revenue: RevenueConfig, log: Logger): Promise<void> {
  if ((await db.select({ day: revenueDays.day }).from(revenueDays).limit(1)).length > 0) return;
  const earning = await db
    .select({ id: projects.id, teamId: projects.teamId, downloads: projects.downloads })
    .from(projects)
    .where(and(eq(projects.monetizationStatus, 'monetized'), inArray(projects.status, ['approved', 'archived'])))
    .orderBy(asc(projects.id));
  if (earning.length === 0) return;

  const [demo] = await db.select({ id: users.id }).from(users).where(sql`lower(${users.username}) = 'demo'`);
  if (demo) {
    // The most downloaded project earns the most, so the demo's share passes the withdrawal minimum.
    const shared = earning.reduce((top, p) => (p.downloads > top.downloads ? p : top));
    await db
      .insert(teamMembers)
      .values({ teamId: shared.teamId, userId: demo.id, role: 'Contributor', permissions: PROJECT_PERMISSIONS.VIEW_ANALYTICS | PROJECT_PERMISSIONS.VIEW_PAYOUTS, accepted: true, payoutsSplit: 50, ordering: 9 })
      .onConflictDoNothing();
  }

  // A day's usage: each project's share of its total downloads, varied from day to day.
  const usage: UsageSource = async (_db, day) => {
    const seed = day.getTime() / DAY_MS;
    return earning.map((p, i) => ({ projectId: p.id, views: Math.floor((p.downloads / 200) * (1 + ((seed * 7 + i * 13) % 10) / 10)), downloads: Math.floor((p.downloads / 500) * (1 + ((seed * 3 + i * 5) % 7) / 7)) + 1 }));
  };
  const distribution = createRevenueDistribution({ db, usage, poolDailyCents: revenue.poolDailyCents || DEMO_POOL_CENTS, creatorShareBps: revenue.creatorShareBps, holdingDays: revenue.holdingDays });
  const today = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
  const days = Array.from({ length: DEMO_DAYS }, (_, i) => new Date(today - (DEMO_DAYS - i) * DAY_MS));
  // The analytics pages show the same days and numbers the revenue was distributed by.
  await seedDemoAnalytics(db, await Promise.all(days.map(async (day) => ({ day, usage: await usage(db, day) }))));
  for (const day of days) await distribution.distributeDay(day);
  log.info(`Seeded ${DEMO_DAYS} days of demo revenue and analytics`);
}
