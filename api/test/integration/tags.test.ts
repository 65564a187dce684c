import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  CategoryTagSchema,
  DonationPlatformTagSchema,
  GameVersionTagSchema,
  LicenseTagSchema,
  LicenseTextSchema,
  LoaderTagSchema,
} from '@cairn/shared/schemas/tags';
import { CATEGORY_NAMES } from '@cairn/shared/constants/categories';
import { createTestContext, type TestContext } from '../harness.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

async function get<T>(url: string, schema: z.ZodType<T>): Promise<T> {
  const response = await ctx.app.inject({ method: 'GET', url });
  expect(response.statusCode, response.body).toBe(200);
  return schema.parse(response.json());
}

describe('tag routes', () => {
  it('lists categories with headers for every project type, covering the spec list', async () => {
    const categories = await get('/v2/tag/category', z.array(CategoryTagSchema.strict()));
    const names = new Set(categories.map((c) => c.name));
    for (const name of CATEGORY_NAMES) expect(names, name).toContain(name);
    expect(new Set(categories.map((c) => c.header))).toEqual(new Set(['categories', 'features', 'resolutions', 'performance impact']));
    expect(categories.find((c) => c.name === 'potato')).toMatchObject({ project_type: 'shader', header: 'performance impact' });
    expect(categories.every((c) => c.icon.startsWith('<svg'))).toBe(true);
  });

  it('lists loaders with the project types they support, including the v2 pseudo-type project', async () => {
    const loaders = await get('/v2/tag/loader', z.array(LoaderTagSchema.strict()));
    const byName = new Map(loaders.map((l) => [l.name, l]));
    expect(byName.get('fabric')?.supported_project_types).toEqual(expect.arrayContaining(['mod', 'modpack', 'project']));
    expect(byName.get('paper')?.supported_project_types).toEqual(expect.arrayContaining(['plugin', 'mod', 'project']));
    expect(byName.get('iris')?.supported_project_types).toEqual(expect.arrayContaining(['shader']));
    expect(byName.get('minecraft')?.supported_project_types).toEqual(expect.arrayContaining(['resourcepack']));
    expect(byName.has('mrpack')).toBe(false);
  });

  it('lists game versions newest first and filters by type and major', async () => {
    const versions = await get('/v2/tag/game_version', z.array(GameVersionTagSchema.strict()));
    expect(versions.length).toBeGreaterThan(500);
    const dates = versions.map((v) => Date.parse(v.date));
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
    expect(versions.find((v) => v.version === '1.20.1')).toMatchObject({ version_type: 'release' });

    const releases = await get('/v2/tag/game_version?type=release', z.array(GameVersionTagSchema));
    expect(releases.every((v) => v.version_type === 'release')).toBe(true);
    const majors = await get('/v2/tag/game_version?major=true', z.array(GameVersionTagSchema));
    expect(majors.map((v) => v.version)).toEqual(expect.arrayContaining(['1.20', '1.12', '1.0']));
    expect(majors.every((v) => v.major)).toBe(true);
  });

  it('lists SPDX licenses and serves their full texts', async () => {
    const licenses = await get('/v2/tag/license', z.array(LicenseTagSchema.strict()));
    expect(licenses.length).toBeGreaterThan(500);
    expect(licenses).toContainEqual({ short: 'MIT', name: 'MIT License' });

    const mit = await get('/v2/tag/license/MIT', LicenseTextSchema.strict());
    expect(mit.title).toBe('MIT License');
    expect(mit.body).toContain('Permission is hereby granted');
    const lower = await get('/v2/tag/license/lgpl-3.0-or-later', LicenseTextSchema);
    expect(lower.title).toContain('Lesser General Public License');
    const arr = await get('/v2/tag/license/LicenseRef-All-Rights-Reserved', LicenseTextSchema);
    expect(arr.title).toBe('All Rights Reserved');
  });

  it('answers an unknown license with 400', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/v2/tag/license/Not-A-License' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'invalid_input', description: expect.stringContaining('Not-A-License') });
  });

  it('lists donation platforms, report types, project types and side types', async () => {
    expect(await get('/v2/tag/donation_platform', z.array(DonationPlatformTagSchema.strict()))).toEqual([
      { short: 'patreon', name: 'Patreon' },
      { short: 'bmac', name: 'Buy Me A Coffee' },
      { short: 'paypal', name: 'PayPal' },
      { short: 'github', name: 'GitHub Sponsors' },
      { short: 'ko-fi', name: 'Ko-fi' },
      { short: 'other', name: 'Other' },
    ]);
    const reportTypes = await get('/v2/tag/report_type', z.array(z.string()));
    expect(reportTypes).toHaveLength(8);
    expect(reportTypes.slice(0, 5)).toEqual(['spam', 'copyright', 'inappropriate', 'malicious', 'name-squatting']);
    expect(await get('/v2/tag/project_type', z.array(z.string()))).toEqual(['mod', 'modpack', 'resourcepack', 'shader', 'plugin', 'datapack']);
    expect(await get('/v2/tag/side_type', z.array(z.string()))).toEqual(['required', 'optional', 'unsupported', 'unknown']);
  });

  it('lets clients cache reference data', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/v2/tag/category' });
    expect(response.headers['cache-control']).toBe('public, max-age=300');
  });
});
