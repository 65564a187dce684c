import { DOWNLOAD_SOURCE_UNKNOWN, DOWNLOAD_SOURCE_WEBSITE } from '@cairn/shared/schemas/analytics';
import type { Database } from '../client.js';
import { ANALYTICS_KIND, analyticsDailyDimensions, analyticsDailyTotals } from '../schema/analytics.js';

/** One day of a project's demo usage (all of it monetized). */
export interface DemoUsage {
  projectId: number;
  views: number;
  downloads: number;
}

type Weights = ReadonlyArray<readonly [string, number]>;

const COUNTRIES: Weights = [['US', 30], ['DE', 14], ['BR', 10], ['PL', 8], ['GB', 8], ['FR', 7], ['CA', 5], ['JP', 4], ['XX', 3]];
/** Launchers named as their User-Agent would name them (made up for the demo), the website and unidentified clients. */
const SOURCES: Weights = [['CairnApp', 34], [DOWNLOAD_SOURCE_WEBSITE, 26], ['HearthLauncher', 14], [DOWNLOAD_SOURCE_UNKNOWN, 12], ['packsync', 8], ['lodestone/cli', 4]];
const REASONS: Weights = [['standalone', 45], ['dependency', 25], ['modpack', 20], ['update', 10]];

/**
 * `total` split over the weighted values (largest remainders, so the parts add up exactly),
 * each weight varied by ±30 % with `seed` so projects and days differ. Zero parts are left out.
 */
function split(total: number, weights: Weights, seed: number): Array<[string, number]> {
  const varied = weights.map(([value, weight], i) => [value, weight * (0.7 + (((seed * 5 + i * 13) % 7) / 6) * 0.6)] as const);
  const sum = varied.reduce((acc, [, w]) => acc + w, 0);
  const exact = varied.map(([value, w]) => [value, (total * w) / sum] as const);
  const parts = exact.map(([value, share]) => [value, Math.floor(share)] as [string, number]);
  let left = total - parts.reduce((acc, [, n]) => acc + n, 0);
  const byRemainder = exact.map(([, share], i) => [i, share - Math.floor(share)] as const).sort((a, b) => b[1] - a[1]);
  for (const [i] of byRemainder) {
    if (left-- <= 0) break;
    parts[i]![1] += 1;
  }
  return parts.filter(([, n]) => n > 0);
}

/**
 * Daily analytics for the demo catalogue: each day's totals (all monetized, the numbers the demo
 * revenue is distributed by, so the charts agree with it), the views by country, and the
 * downloads by country, download source and reason (loader and game version unknown: ''). Each
 * dimension adds up to the day's total, as the roll-up writes them. Written into the daily
 * roll-up directly: the roll-up job only recomputes days from its oldest raw event on, so past
 * days stay as seeded.
 */
export async function seedDemoAnalytics(db: Database, days: ReadonlyArray<{ day: Date; usage: readonly DemoUsage[] }>): Promise<void> {
  for (const { day, usage } of days) {
    const seed = Math.round(day.getTime() / 86_400_000);
    const totals: Array<typeof analyticsDailyTotals.$inferInsert> = [];
    const dimensions: Array<typeof analyticsDailyDimensions.$inferInsert> = [];
    for (const { projectId, views, downloads } of usage) {
      const add = (kind: number, dimension: (typeof dimensions)[number]['dimension'], parts: Array<[string, number]>) => {
        for (const [value, count] of parts) dimensions.push({ kind, projectId, bucket: day, dimension, value, count });
      };
      const projectSeed = seed + (projectId % 1009);
      if (views > 0) {
        totals.push({ kind: ANALYTICS_KIND.view, projectId, bucket: day, count: views, monetizedCount: views });
        add(ANALYTICS_KIND.view, 'country', split(views, COUNTRIES, projectSeed + 1));
      }
      if (downloads > 0) {
        totals.push({ kind: ANALYTICS_KIND.download, projectId, bucket: day, count: downloads, monetizedCount: downloads });
        add(ANALYTICS_KIND.download, 'country', split(downloads, COUNTRIES, projectSeed + 2));
        add(ANALYTICS_KIND.download, 'source', split(downloads, SOURCES, projectSeed + 3));
        add(ANALYTICS_KIND.download, 'reason', split(downloads, REASONS, projectSeed + 4));
        add(ANALYTICS_KIND.download, 'loader', [['', downloads]]);
        add(ANALYTICS_KIND.download, 'game_version', [['', downloads]]);
      }
    }
    if (totals.length > 0) await db.insert(analyticsDailyTotals).values(totals).onConflictDoNothing();
    if (dimensions.length > 0) await db.insert(analyticsDailyDimensions).values(dimensions).onConflictDoNothing();
  }
}
