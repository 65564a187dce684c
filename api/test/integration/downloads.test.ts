import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { VersionSchema, type Version } from '@cairn/shared/schemas/versions';
import { ErrorBodySchema } from '@cairn/shared/schemas/common';
import { projects, searchOutbox, versions } from '../../src/db/schema/catalogue.js';
import { analyticsDownloadEvents } from '../../src/db/schema/analytics.js';
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

describe('download facts in either header spelling', () => {
  let dependedOn: InsertedProject;
  const events = () =>
    ctx.database.db
      .select({
        reason: analyticsDownloadEvents.reason,
        gameVersion: analyticsDownloadEvents.gameVersion,
        loader: analyticsDownloadEvents.loader,
        dependentOn: analyticsDownloadEvents.dependentOn,
      })
      .from(analyticsDownloadEvents)
      .where(eq(analyticsDownloadEvents.projectId, project.id))
      .orderBy(analyticsDownloadEvents.recordedAt);
  const reference = (meta: object | string) => ({ 'modrinth-download-meta': typeof meta === 'string' ? meta : JSON.stringify(meta) });
  const own = (meta: object | string) => ({ 'cairn-download-meta': typeof meta === 'string' ? meta : JSON.stringify(meta) });
  /** Downloads from a fresh client; the totals and events it added. */
  const counted = async (ip: string, headers: Record<string, string>, query = '') => {
    const before = { totals: await totals(), events: (await events()).length };
    const response = await ctx.app.inject({ method: 'GET', url: path + query, remoteAddress: ip, headers });
    const after = await events();
    return { status: response.statusCode, body: response.body, totals: (await totals()).version - before.totals.version, added: after.slice(before.events) };
  };

  beforeAll(async () => {
    dependedOn = await insertProject(ctx.database.db, { ownerId: actors.creator.id, slug: 'depended-on' });
  });

  it("counts a download once with the reference's header and keys, attributed with reason, game version, loader and dependent project", async () => {
    const meta = { reason: 'dependency', game_version: '1.20.1', loader: 'fabric', dependent_on: dependedOn.key };
    const first = await counted('198.18.0.1', reference(meta));
    expect(first.status).toBe(200);
    expect(first.totals).toBe(1);
    expect(first.added).toEqual([{ reason: 'dependency', gameVersion: '1.20.1', loader: 'fabric', dependentOn: dependedOn.id }]);

    // As the reference's launchers send it: dependent_on null, and keys Cairn does not know are ignored there.
    const app = await counted('198.18.0.2', reference({ reason: 'modpack', game_version: '1.21', loader: 'quilt', dependent_on: null, launcher_hint: 'x' }));
    expect(app.status).toBe(200);
    expect(app.added).toEqual([{ reason: 'modpack', gameVersion: '1.21', loader: 'quilt', dependentOn: null }]);

    // Cairn's own header takes the reference's key names too.
    const mixed = await counted('198.18.0.3', own({ reason: 'update', loader: 'neoforge' }));
    expect(mixed.added).toEqual([{ reason: 'update', gameVersion: '', loader: 'neoforge', dependentOn: null }]);

    // The same client again within the hour, in the other spelling: not counted again.
    const again = await counted('198.18.0.1', own({ download_reason: 'standalone' }));
    expect(again.status).toBe(200);
    expect(again.totals).toBe(0);
    expect(again.added).toEqual([]);
  });

  it("counts once when both headers come, each fact from the query first, then Cairn's header, then the reference's", async () => {
    const both = {
      ...own({ download_reason: 'update', reason: 'standalone', loader: 'quilt' }),
      ...reference({ reason: 'modpack', game_version: '1.21', loader: 'fabric', dependent_on: dependedOn.key }),
    };
    const result = await counted('198.18.0.10', both);
    expect(result.status).toBe(200);
    expect(result.totals).toBe(1);
    expect(result.added).toEqual([{ reason: 'update', gameVersion: '1.21', loader: 'quilt', dependentOn: dependedOn.id }]);

    const withQuery = await counted('198.18.0.11', both, '?mr_loader=neoforge&mr_game_version=1.20.4');
    expect(withQuery.totals).toBe(1);
    expect(withQuery.added).toEqual([{ reason: 'update', gameVersion: '1.20.4', loader: 'neoforge', dependentOn: dependedOn.id }]);
  });

  it('refuses bad values in either header with a 400 naming the header and the field, counting nothing', async () => {
    const cases: Array<[Record<string, string>, RegExp]> = [
      [reference({ reason: 'gift' }), /^modrinth-download-meta: reason /],
      [reference({ loader: 'not-a-loader' }), /^modrinth-download-meta: loader /],
      [reference({ game_version: '1.20 beta' }), /^modrinth-download-meta: game_version /],
      [reference({ dependent_on: '!!' }), /^modrinth-download-meta: dependent_on /],
      [reference({ reason: 7 }), /^modrinth-download-meta: reason /],
      [reference('{nope'), /^modrinth-download-meta: must be a JSON object/],
      [reference('["standalone"]'), /^modrinth-download-meta: /],
      [own({ reason: 'gift' }), /^cairn-download-meta: reason /],
      [own({ download_reason: 'gift' }), /^cairn-download-meta: download_reason /],
      [own({ surprise: 1 }), /^cairn-download-meta: /],
      // A good header does not excuse a bad one.
      [{ ...own({ download_reason: 'update' }), ...reference({ loader: 'not-a-loader' }) }, /^modrinth-download-meta: loader /],
    ];
    const before = { totals: await totals(), events: (await events()).length };
    for (const [headers, pattern] of cases) {
      const response = await ctx.app.inject({ method: 'GET', url: path, remoteAddress: '198.18.0.99', headers });
      expect(response.statusCode, JSON.stringify(headers)).toBe(400);
      const body = ErrorBodySchema.parse(response.json());
      expect(body.error).toBe('invalid_input');
      expect(body.description, JSON.stringify(headers)).toMatch(pattern);
    }
    expect(await totals()).toEqual(before.totals);
    expect((await events()).length).toBe(before.events);
  });

  it('never refuses a download for its User-Agent', async () => {
    for (const [ip, userAgent] of [['198.18.0.20', ''], ['198.18.0.21', 'okhttp/4.9.3'], ['198.18.0.22', 'x'.repeat(4000)]] as const) {
      const result = await counted(ip, { 'user-agent': userAgent });
      expect(result.status, userAgent.slice(0, 20)).toBe(200);
      expect(result.totals).toBe(1);
    }
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
