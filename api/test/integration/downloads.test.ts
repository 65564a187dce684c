import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { VersionSchema, type Version } from '@cairn/shared/schemas/versions';
import { projects, searchOutbox, versions } from '../../src/db/schema/catalogue.js';
import { decodeBase62 } from '../../src/lib/ids.js';
import { downloadClientKey } from '../../src/lib/client-key.js';
import { createTestContext, type TestContext } from '../harness.js';
import { createActors, type Actors } from '../factories/users.js';
import { insertProject, type InsertedProject } from '../factories/catalogue.js';
import { jar, postVersion, versionData } from '../helpers/versions.js';

let ctx: TestContext;
let actors: Actors;
let project: InsertedProject;
let version: Version;
let bytes: Buffer;
let path: string;

beforeAll(async () => {
  ctx = await createTestContext();
  actors = await createActors(ctx.database.db);
  project = await insertProject(ctx.database.db, { ownerId: actors.creator.id, slug: 'downloadable' });
  bytes = jar('download-me');
  const response = await postVersion(ctx.app, actors.creator.pat, versionData(project.key), [{ part: 'file', filename: 'Download Me ü.jar', bytes }]);
  version = VersionSchema.parse(response.json());
  path = new URL(version.files[0]!.url).pathname;
});
afterAll(() => ctx.close());

const totals = async () => {
  const [v] = await ctx.database.db.select({ downloads: versions.downloads }).from(versions).where(eq(versions.id, Number(decodeBase62(version.id))));
  const [p] = await ctx.database.db.select({ downloads: projects.downloads }).from(projects).where(eq(projects.id, project.id));
  return { version: v!.downloads, project: p!.downloads };
};
const download = (ip: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
  ctx.app.inject({ method, url: path, remoteAddress: ip, headers });

describe('file downloads', () => {
  it('serves the bytes with type, name, length, ranges and caching headers', async () => {
    expect(path).toBe(`/data/${project.key}/versions/${version.id}/Download%20Me%20%C3%BC.jar`);
    const response = await download('10.0.0.1');
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(bytes)).toBe(true);
    expect(response.headers['content-type']).toBe('application/java-archive');
    expect(response.headers['content-length']).toBe(String(bytes.length));
    expect(response.headers['content-disposition']).toBe(`attachment; filename="Download Me _.jar"; filename*=UTF-8''Download%20Me%20%C3%BC.jar`);
    expect(response.headers['accept-ranges']).toBe('bytes');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000');
    expect(response.headers.etag).toBe(`"${version.files[0]!.hashes.sha1}"`);

    const partial = await download('10.0.0.1', { range: 'bytes=2-9' });
    expect(partial.statusCode).toBe(206);
    expect(partial.headers['content-range']).toBe(`bytes 2-9/${bytes.length}`);
    expect(partial.rawPayload.equals(bytes.subarray(2, 10))).toBe(true);
    const suffix = await download('10.0.0.1', { range: 'bytes=-4' });
    expect(suffix.rawPayload.equals(bytes.subarray(bytes.length - 4))).toBe(true);
    const beyond = await download('10.0.0.1', { range: `bytes=${bytes.length}-` });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${bytes.length}`);
    expect((await download('10.0.0.1', { 'if-none-match': response.headers.etag as string })).statusCode).toBe(304);
    expect((await ctx.app.inject({ method: 'GET', url: path.replace('.jar', '.zip') })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: `/data/ZZZZZZZZ/versions/${version.id}/x.jar` })).statusCode).toBe(404);
  });

  it('hides files of hidden versions from outsiders and keeps them out of shared caches', async () => {
    await ctx.database.db.update(versions).set({ status: 'draft' }).where(eq(versions.id, Number(decodeBase62(version.id))));
    try {
      expect((await ctx.app.inject({ method: 'GET', url: path })).statusCode).toBe(404);
      expect((await ctx.app.inject({ method: 'GET', url: path, headers: { authorization: actors.stranger.pat } })).statusCode).toBe(404);
      const own = await ctx.app.inject({ method: 'GET', url: path, headers: { authorization: actors.creator.pat } });
      expect(own.statusCode).toBe(200);
      expect(own.headers['cache-control']).toBe('private, no-store');
      const asModerator = await ctx.app.inject({ method: 'GET', url: path, headers: { cookie: `cairn_session=${actors.moderator.session}` } });
      expect(asModerator.statusCode).toBe(200);
    } finally {
      await ctx.database.db.update(versions).set({ status: 'listed' }).where(eq(versions.id, Number(decodeBase62(version.id))));
    }
  });

  it('counts N parallel downloads from N clients as N, consistently for version and project', async () => {
    const before = await totals();
    await ctx.database.db.delete(searchOutbox).where(eq(searchOutbox.projectId, project.id));
    const responses = await Promise.all(Array.from({ length: 25 }, (_, i) => download(`192.0.2.${i + 10}`)));
    expect(responses.every((r) => r.statusCode === 200)).toBe(true);
    expect(await totals()).toEqual({ version: before.version + 25, project: before.project + 25 });
    // Search learns about the new totals; one pending change per project is enough, though
    // transactions racing on an empty outbox may each add one.
    const pending = (await ctx.database.db.select().from(searchOutbox).where(eq(searchOutbox.projectId, project.id))).length;
    expect(pending).toBeGreaterThanOrEqual(1);
    expect(pending).toBeLessThan(25);
  });

  it('counts repeated downloads from one client (IPv4 address or IPv6 /64) once per hour', async () => {
    const before = await totals();
    await Promise.all(Array.from({ length: 10 }, () => download('198.51.100.7')));
    expect(await totals()).toEqual({ version: before.version + 1, project: before.project + 1 });
    await Promise.all(['2001:db8:1:2::1', '2001:db8:1:2:ffff::9', '2001:0db8:0001:0002:0:0:0:5'].map((ip) => download(ip)));
    expect(await totals()).toEqual({ version: before.version + 2, project: before.project + 2 });
    await download('2001:db8:1:3::1');
    expect(await totals()).toEqual({ version: before.version + 3, project: before.project + 3 });
  });

  it('does not count HEAD requests or later byte ranges', async () => {
    const before = await totals();
    expect((await download('203.0.113.50', {}, 'HEAD')).statusCode).toBe(200);
    expect((await download('203.0.113.51', { range: 'bytes=5-' })).statusCode).toBe(206);
    expect(await totals()).toEqual(before);
    await download('203.0.113.52', { range: 'bytes=0-3' });
    expect((await totals()).version).toBe(before.version + 1);
  });
});

describe('download client keys', () => {
  it('uses the whole IPv4 address and the /64 of IPv6 addresses, never storing the address', () => {
    expect(downloadClientKey('192.0.2.1')).not.toBe(downloadClientKey('192.0.2.2'));
    expect(downloadClientKey('::ffff:192.0.2.1')).toBe(downloadClientKey('192.0.2.1'));
    expect(downloadClientKey('2001:db8::1')).toBe(downloadClientKey('2001:db8:0:0:abcd::2'));
    expect(downloadClientKey('2001:db8::1')).not.toBe(downloadClientKey('2001:db8:0:1::1'));
    expect(downloadClientKey('192.0.2.1')).not.toContain('192');
  });
});
