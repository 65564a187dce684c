import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { VersionSchema } from '@cairn/shared/schemas/versions';
import { ProjectSchema } from '@cairn/shared/schemas/projects';
import { StatisticsSchema } from '@cairn/shared/schemas/statistics';
import { silentLogger } from '../../src/embedded/process-utils.js';
import { isCatalogueEmpty, seedDemoCatalogue } from '../../src/db/seed/demo-catalogue.js';
import { countSyntheticProjects, seedSyntheticCatalogue } from '../../src/db/seed/synthetic-catalogue.js';
import { createTestContext, type TestContext } from '../harness.js';
import { testClient } from '../helpers/client.js';
import { eq, sql } from 'drizzle-orm';
import { PayoutBalanceSchema } from '@cairn/shared/schemas/payouts';
import { seedDemoRevenue } from '../../src/db/seed/demo-revenue.js';
import { ledgerEntries, revenueDays } from '../../src/db/schema/payouts.js';
import { insertUserWithTokens } from '../factories/users.js';

let ctx: TestContext;
const call = testClient(() => ctx.app);
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('demo catalogue', () => {
  it('fills an empty catalogue with projects of every type, real files and modpacks embedding demo mods', async () => {
    expect(await isCatalogueEmpty(ctx.database.db)).toBe(true);
    await seedDemoCatalogue(ctx.database.db, ctx.files, ctx.config, silentLogger);
    expect(await isCatalogueEmpty(ctx.database.db)).toBe(false);

    const get = async (url: string) => (await call('GET', url)).json();
    const types = new Set<string>();
    for (const slug of ['lanternlight', 'starlit-journey', 'softstone', 'duskfall-shaders', 'harbor-market', 'ruins-of-salt']) {
      const project = ProjectSchema.parse(await get(`/v2/project/${slug}`));
      types.add(project.project_type);
      expect(project.icon_url).toMatch(/\/cdn\/[0-9a-f]{128}\.webp$/);
      expect(project.versions.length).toBeGreaterThanOrEqual(2);
    }
    expect([...types].sort()).toEqual(['mod', 'modpack', 'resourcepack', 'shader']);

    const pack = z.array(VersionSchema).parse(await get('/v2/project/starlit-journey/version'));
    expect(pack[0]!.loaders).toEqual(['fabric']);
    expect(pack[0]!.files[0]!.filename).toMatch(/\.mrpack$/);
    expect(pack.at(-1)!.dependencies.some((d) => d.dependency_type === 'embedded' && d.version_id !== null)).toBe(true);

    const mod = z.array(VersionSchema).parse(await get('/v2/project/lanternlight/version'));
    expect(mod[0]!.dependencies).toContainEqual(expect.objectContaining({ dependency_type: 'required', project_id: expect.any(String) }));
    const file = await ctx.app.inject({ method: 'GET', url: new URL(mod[0]!.files[0]!.url).pathname });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 2).toString()).toBe('PK');

    expect((await ctx.app.inject({ method: 'GET', url: '/v2/project/glassworks' })).statusCode).toBe(404);
    const stats = StatisticsSchema.parse(await get('/v2/statistics'));
    expect(stats.projects).toBeGreaterThanOrEqual(20);
    expect(stats.authors).toBe(6);
  });
});

describe('demo revenue', () => {
  it('distributes six weeks of pool days over the demo catalogue, every cent accounted for, the demo account included', async () => {
    const demo = await insertUserWithTokens(ctx.database.db, { username: 'demo' });
    await seedDemoRevenue(ctx.database.db, ctx.config.revenue, silentLogger);
    const days = await ctx.database.db.select().from(revenueDays);
    expect(days).toHaveLength(42);
    for (const day of days) {
      expect(day.poolCents).toBe(10_000);
      const [sum] = await ctx.database.db.select({ total: sql<string>`sum(${ledgerEntries.amountCents})` }).from(ledgerEntries).where(eq(ledgerEntries.day, day.day));
      expect(Number(sum!.total)).toBe(10_000);
    }
    const balance = PayoutBalanceSchema.parse((await ctx.app.inject({ method: 'GET', url: '/v2/payout/balance', headers: { authorization: demo.pat } })).json());
    // Enough to try a withdrawal on the demo.
    expect(balance.available).toBeGreaterThanOrEqual(ctx.config.revenue.minimumWithdrawalCents);
    expect(balance.pending).toBeGreaterThan(0);

    // The same days in the analytics, downloads broken down by source (adding up to the totals).
    const analytics = async (path: string) => {
      const response = await call('GET', `/v2/analytics/${path}?start_date=${new Date(Date.now() - 43 * 86_400_000).toISOString()}`, demo.pat);
      expect(response.statusCode, path).toBe(200);
      return Object.values(response.json() as Record<string, Record<string, number>>);
    };
    const sum = (values: Record<string, number>[]) => values.flatMap((v) => Object.values(v)).reduce((a, b) => a + b, 0);
    const [sources] = await analytics('sources/downloads');
    expect(Object.keys(sources!)).toEqual(expect.arrayContaining(['CairnApp', 'website', 'unknown']));
    expect(sum(await analytics('downloads'))).toBeGreaterThan(0);
    expect(sum([sources!])).toBe(sum(await analytics('downloads')));
    expect(sum(await analytics('countries/downloads'))).toBe(sum(await analytics('downloads')));
    await seedDemoRevenue(ctx.database.db, ctx.config.revenue, silentLogger);
    expect(await ctx.database.db.select().from(revenueDays)).toHaveLength(42);
  });
});

describe('synthetic catalogue', () => {
  it('generates projects with three versions and files each, once', async () => {
    const lines: string[] = [];
    await seedSyntheticCatalogue(ctx.database.db, ctx.files, 120, (line) => lines.push(line));
    expect(await countSyntheticProjects(ctx.database.db)).toBe(120);
    expect(lines.at(-1)).toMatch(/Seeded 120 synthetic projects, 360 versions and 360 files/);
    const project = ProjectSchema.parse((await ctx.app.inject({ method: 'GET', url: '/v2/project/synthetic-7' })).json());
    expect(project.versions).toHaveLength(3);
    const version = VersionSchema.parse((await ctx.app.inject({ method: 'GET', url: `/v2/version/${project.versions[0]}` })).json());
    const byHash = await ctx.app.inject({ method: 'POST', url: '/v2/version_files', payload: { hashes: [version.files[0]!.hashes.sha1], algorithm: 'sha1' } });
    expect(Object.keys(byHash.json())).toHaveLength(1);
    expect((await ctx.app.inject({ method: 'GET', url: new URL(version.files[0]!.url).pathname })).statusCode).toBe(200);
    await seedSyntheticCatalogue(ctx.database.db, ctx.files, 120, (line) => lines.push(line));
    expect(lines.at(-1)).toMatch(/already present/);
  });
});
