import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { unzipSync, strFromU8 } from 'fflate';
import { z } from 'zod';
import { VersionSchema, type Version } from '@cairn/shared/schemas/versions';
import { seedDemoCatalogue } from '../../src/db/seed/demo-catalogue.js';
import { silentLogger } from '../../src/embedded/process-utils.js';
import { createTestContext, type TestContext } from '../harness.js';

// A launcher installing every demo modpack: it reads the version like a client, downloads the
// .mrpack through the API, reads modrinth.index.json from it, downloads every file the index
// lists from its first URL and checks the size and both hashes. The API and CDN addresses are
// not the defaults (and differ from each other), so the packs must carry PUBLIC_API_URL links.

const PUBLIC_API_URL = 'https://cairn.example/api';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ env: { PUBLIC_API_URL, PUBLIC_CDN_URL: 'https://cdn.cairn.example/media' } });
  await seedDemoCatalogue(ctx.database.db, ctx.files, ctx.config, silentLogger);
}, 120_000);
afterAll(() => ctx.close());

const IndexSchema = z.object({
  formatVersion: z.literal(1),
  game: z.literal('minecraft'),
  versionId: z.string().min(1),
  name: z.string().min(1),
  files: z.array(
    z.object({
      path: z.string(),
      hashes: z.object({ sha1: z.string().regex(/^[0-9a-f]{40}$/), sha512: z.string().regex(/^[0-9a-f]{128}$/) }),
      env: z.object({ client: z.enum(['required', 'optional', 'unsupported']), server: z.enum(['required', 'optional', 'unsupported']) }).optional(),
      downloads: z.array(z.url()).min(1),
      fileSize: z.number().int().min(0),
    }),
  ),
  dependencies: z.record(z.string(), z.string()),
});

const digest = (algorithm: 'sha1' | 'sha512', bytes: Buffer) => createHash(algorithm).update(bytes).digest('hex');

/** GET a URL of this API as a client would (the app is reached in-process: the public prefix is the app's root). */
async function download(url: string): Promise<Buffer> {
  expect(url.startsWith(`${PUBLIC_API_URL}/`), url).toBe(true);
  const response = await ctx.app.inject({ method: 'GET', url: url.slice(PUBLIC_API_URL.length) });
  expect(response.statusCode, `${url}: ${response.body.slice(0, 200)}`).toBe(200);
  return response.rawPayload;
}

async function getJson<T>(path: string, schema: z.ZodType<T>): Promise<T> {
  const response = await ctx.app.inject({ method: 'GET', url: path });
  expect(response.statusCode, `${path}: ${response.body.slice(0, 200)}`).toBe(200);
  return schema.parse(response.json());
}

describe('installing the demo modpacks', () => {
  it('downloads and verifies every file of every demo modpack version', async () => {
    const rows = await ctx.database.db.execute<{ id: string; slug: string }>(
      sql`select v.id::text as id, p.slug from versions v join projects p on p.id = v.project_id where 'modpack' = any(v.project_types) order by p.slug, v.date_published`,
    );
    const packVersions = [...rows];
    expect(new Set(packVersions.map((r) => r.slug))).toEqual(new Set(['cozy-harbor', 'starlit-journey', 'tinkers-bench', 'trailhead-camp']));
    expect(packVersions.length).toBeGreaterThanOrEqual(6);

    let installed = 0;
    for (const { slug } of packVersions.filter((r, i, all) => all.findIndex((o) => o.slug === r.slug) === i)) {
      const listed = await getJson(`/v2/project/${slug}/version`, z.array(VersionSchema));
      expect(listed.length, slug).toBe(packVersions.filter((r) => r.slug === slug).length);
      for (const listedVersion of listed) {
        const version: Version = await getJson(`/v2/version/${listedVersion.id}`, VersionSchema);
        const packFile = version.files.find((f) => f.primary)!;
        expect(packFile.filename).toMatch(/\.mrpack$/);
        const packBytes = await download(packFile.url);
        expect(packBytes.length).toBe(packFile.size);
        expect(digest('sha512', packBytes)).toBe(packFile.hashes.sha512);

        const index = IndexSchema.parse(JSON.parse(strFromU8(unzipSync(new Uint8Array(packBytes))['modrinth.index.json']!)));
        expect(index.files.length, `${slug} ${version.version_number}`).toBeGreaterThan(0);
        expect(new Set(index.files.map((f) => f.path)).size).toBe(index.files.length);
        for (const file of index.files) {
          // Trailhead Camp (the built-in runtime's pack) bundles plugins and a client resource pack.
          expect(file.path).toMatch(slug === 'trailhead-camp' ? /^(plugins|resourcepacks)\/[^/]+\.zip$/ : /^mods\/[^/]+\.jar$/);
          const bytes = await download(file.downloads[0]!);
          expect(bytes.length, file.path).toBe(file.fileSize);
          expect(digest('sha1', bytes), file.path).toBe(file.hashes.sha1);
          expect(digest('sha512', bytes), file.path).toBe(file.hashes.sha512);

          // The link is the one Cairn gives for that file (GET /v2/version/{id} of the bundled mod).
          const owner = await getJson(`/v2/version_file/${file.hashes.sha512}?algorithm=sha512`, VersionSchema);
          expect(owner.files.find((f) => f.hashes.sha512 === file.hashes.sha512)!.url).toBe(file.downloads[0]);
          installed++;
        }
      }
    }
    expect(installed).toBeGreaterThanOrEqual(20);
  });
});
