import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { projects, versions } from '../../src/db/schema/catalogue.js';
import { collectionProjects, collections } from '../../src/db/schema/collections.js';
import { encodeBase62, randomId } from '../../src/lib/ids.js';
import { createTestContext, type TestContext } from '../harness.js';
import { insertUserWithTokens, type TestUser } from '../factories/users.js';
import { addTeamMember, insertOrganization, insertProject, insertVersion, type InsertedProject } from '../factories/catalogue.js';
import { testClient } from '../helpers/client.js';
import { syncSearch } from '../helpers/search.js';
import { childrenNamed, childText, validAtomFeed, type XmlNode } from '../feeds/atom-validation.js';

/**
 * The Atom feeds (docs/api/feeds.md): entries and order, what never appears, sanitised
 * changelogs, conditional GET, errors — and every feed checked against RFC 4287's schema.
 */

const SITE = 'https://cairn.test';
const API = 'https://api.cairn.test';
const HOSTILE_CHANGELOG = [
  '## Changes',
  '',
  '- Fixed <script>alert("x")</script> crashes',
  '- <img src="https://images.example.org/shot.png" onerror="alert(1)">',
  '- [Click me](javascript:alert(2)) and <a href="javascript:alert(3)" onclick="alert(4)">me</a>',
  '- <style>body{display:none}</style><iframe src="https://evil.example.org/"></iframe>',
  '',
  '![screenshot](https://images.example.org/screenshot.png)',
].join('\n');

let ctx: TestContext;
const call = testClient(() => ctx.app);
let owner: TestUser;
let other: TestUser;
const p: Record<string, InsertedProject> = {};
const versionKeys: Record<string, string> = {};
let listedCollection: string;
let privateCollection: string;
let emptyCollection: string;

const at = (day: number) => new Date(Date.UTC(2025, 0, day, 12));

async function addVersion(name: string, project: InsertedProject, fields: Partial<Parameters<typeof insertVersion>[1]> & { changelog?: string } = {}) {
  const { changelog, ...rest } = fields;
  const version = await insertVersion(ctx.database.db, { projectId: project.id, authorId: owner.id, versionNumber: name, ...rest });
  if (changelog !== undefined) await ctx.database.db.update(versions).set({ changelog }).where(eq(versions.id, version.id));
  versionKeys[name] = version.key;
}

async function insertCollection(userId: number, status: string, projectIds: number[]): Promise<string> {
  const id = Number(randomId());
  await ctx.database.db.insert(collections).values({ id, userId, name: `Collection ${status}`, description: 'Picked by hand', status });
  for (const projectId of projectIds) await ctx.database.db.insert(collectionProjects).values({ collectionId: id, projectId });
  return encodeBase62(id);
}

async function feed(url: string, headers: Record<string, string> = {}) {
  const response = await call('GET', url, headers);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
  return { response, feed: validAtomFeed(response.body) };
}

const entries = (node: XmlNode) => childrenNamed(node, 'entry');
const titles = (node: XmlNode) => entries(node).map((entry) => childText(entry, 'title'));
const link = (node: XmlNode, rel: string) => childrenNamed(node, 'link').find((l) => l.attributes.rel === rel)?.attributes.href;

beforeAll(async () => {
  ctx = await createTestContext({ env: { PUBLIC_SITE_URL: SITE, PUBLIC_API_URL: API } });
  const db = ctx.database.db;
  owner = await insertUserWithTokens(db, { username: 'feedmaker' });
  other = await insertUserWithTokens(db, { username: 'someone_else' });

  p.alpha = await insertProject(db, { ownerId: owner.id, slug: 'alpha-feed', title: 'Alpha & <Friends>' });
  await addVersion('1.0.0', p.alpha, { datePublished: at(1), loaders: ['fabric'], gameVersions: ['1.20.1'] });
  await addVersion('1.1.0', p.alpha, { datePublished: at(3), loaders: ['fabric', 'quilt'], gameVersions: ['1.20.1', '1.21'], changelog: HOSTILE_CHANGELOG });
  await addVersion('1.2.0-archived', p.alpha, { datePublished: at(5), status: 'archived' });
  // Hidden versions never appear, however new.
  await addVersion('2.0.0-draft', p.alpha, { datePublished: at(20), status: 'draft' });
  await addVersion('2.0.0-scheduled', p.alpha, { datePublished: at(21), status: 'scheduled' });
  await addVersion('2.0.0-unlisted', p.alpha, { datePublished: at(22), status: 'unlisted' });
  await addVersion('2.0.0-unknown', p.alpha, { datePublished: at(23), status: 'unknown' });

  p.beta = await insertProject(db, { ownerId: owner.id, slug: 'beta-feed', title: 'Beta', status: 'archived' });
  await addVersion('b1', p.beta, { datePublished: at(4) });

  // The owner's projects nobody else may list: never in any feed.
  for (const status of ['private', 'unlisted', 'draft', 'processing', 'rejected', 'scheduled']) {
    p[status] = await insertProject(db, { ownerId: owner.id, slug: `hidden-${status}`, title: `Hidden ${status}`, status });
    await addVersion(`hidden-${status}`, p[status]!, { datePublished: at(30) });
  }
  // Someone else's project the owner is only invited to (pending): not the owner's.
  p.pending = await insertProject(db, { ownerId: other.id, slug: 'pending-feed', title: 'Pending' });
  await addTeamMember(db, p.pending.teamId, owner.id, { accepted: false });
  await addVersion('pending-1', p.pending, { datePublished: at(6) });
  // An organization's project is the organization's, as on the user's page.
  const organization = await insertOrganization(db, { ownerId: owner.id, slug: 'feed-org' });
  p.org = await insertProject(db, { ownerId: owner.id, slug: 'org-feed', title: 'Organization Project', organizationId: organization.id });
  await addVersion('org-1', p.org, { datePublished: at(7) });

  listedCollection = await insertCollection(other.id, 'listed', [p.alpha.id, p.private!.id, p.pending.id]);
  privateCollection = await insertCollection(other.id, 'private', [p.alpha.id]);
  emptyCollection = await insertCollection(other.id, 'listed', []);

  // Search order is by approval date.
  for (const [key, day] of [['alpha', 2], ['beta', 8], ['pending', 5], ['org', 3]] as const) {
    await db.update(projects).set({ approved: at(day), updated: at(day + 1) }).where(eq(projects.id, p[key]!.id));
  }
  await syncSearch(ctx, Object.values(p).map((project) => project.id));
});
afterAll(() => ctx?.close());

describe('the project feed', () => {
  it('lists the listed and archived versions, newest first, with links, authors and categories', async () => {
    const { feed: doc } = await feed(`/v2/project/${p.alpha!.slug}/feed.atom`);
    expect(titles(doc)).toEqual(['Alpha & <Friends> 1.2.0-archived', 'Alpha & <Friends> 1.1.0', 'Alpha & <Friends> 1.0.0']);
    expect(childText(doc, 'id')).toBe(`${API}/v2/project/${p.alpha!.key}/feed.atom`);
    expect(link(doc, 'self')).toBe(`${API}/v2/project/${p.alpha!.key}/feed.atom`);
    expect(link(doc, 'alternate')).toBe(`${SITE}/project/${p.alpha!.key}`);
    expect(childText(doc, 'updated')).toBe(at(5).toISOString());

    const entry = entries(doc)[1]!;
    const page = `${SITE}/project/${p.alpha!.key}/version/${versionKeys['1.1.0']}`;
    expect(childText(entry, 'id')).toBe(page);
    expect(link(entry, 'alternate')).toBe(page);
    expect(childText(entry, 'updated')).toBe(at(3).toISOString());
    expect(childText(entry, 'published')).toBe(at(3).toISOString());
    expect(childText(childrenNamed(entry, 'author')[0]!, 'name')).toBe('feedmaker');
    expect(childrenNamed(entry, 'category').map((c) => `${c.attributes.scheme} ${c.attributes.term}`)).toEqual([
      `${API}/v2/tag/loader fabric`,
      `${API}/v2/tag/loader quilt`,
      `${API}/v2/tag/game_version 1.20.1`,
      `${API}/v2/tag/game_version 1.21`,
    ]);
    // Without a changelog there is no content; the alternate link stands for it.
    expect(childrenNamed(entries(doc)[2]!, 'content')).toEqual([]);
  });

  it('renders the changelog as sanitised HTML with external images through the image proxy', async () => {
    const { response, feed: doc } = await feed(`/v2/project/${p.alpha!.key}/feed.atom`);
    const content = childrenNamed(entries(doc)[1]!, 'content')[0]!;
    expect(content.attributes.type).toBe('html');
    expect(content.attributes['xml:base']).toBe(`${SITE}/`);
    const html = content.text;
    expect(html).toContain('<h2>Changes</h2>');
    expect(html).not.toMatch(/<script|<style|<iframe|onerror|onclick|javascript:alert\(3\)/i);
    expect(html).not.toMatch(/href="javascript:/i);
    const proxied = (url: string) => `${API}/v2/image-proxy?url=${encodeURIComponent(url)}`;
    expect(html).toContain(`<img src="${proxied('https://images.example.org/shot.png')}" alt="">`);
    expect(html).toContain(`<img src="${proxied('https://images.example.org/screenshot.png')}" alt="screenshot">`);
    // The HTML travels escaped: the raw document holds no live markup of the changelog.
    expect(response.body).not.toContain('<script');
    expect(response.body).not.toContain('<img');
  });

  it('answers 404 for unknown, hidden and unlisted projects, whoever asks', async () => {
    for (const name of ['private', 'unlisted', 'draft', 'processing', 'rejected', 'scheduled']) {
      const response = await call('GET', `/v2/project/${p[name]!.key}/feed.atom`, owner.pat);
      expect(response.statusCode, name).toBe(404);
      expect(response.json()).toEqual({ error: 'not_found', description: expect.any(String) });
    }
    expect((await call('GET', '/v2/project/no-such-project/feed.atom')).statusCode).toBe(404);
  });

  it('supports conditional GET with ETag and Last-Modified, and short public caching', async () => {
    const url = `/v2/project/${p.alpha!.key}/feed.atom`;
    const { response } = await feed(url);
    const etag = response.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(response.headers['last-modified']).toBe(at(5).toUTCString());
    expect(response.headers['cache-control']).toBe('public, max-age=300');

    const cached = await call('GET', url, { 'if-none-match': etag });
    expect(cached.statusCode).toBe(304);
    expect(cached.body).toBe('');
    expect(cached.headers.etag).toBe(etag);
    expect((await call('GET', url, { 'if-none-match': `"other", W/${etag}` })).statusCode).toBe(304);
    expect((await call('GET', url, { 'if-none-match': '"other"' })).statusCode).toBe(200);
    expect((await call('GET', url, { 'if-modified-since': at(5).toUTCString() })).statusCode).toBe(304);
    expect((await call('GET', url, { 'if-modified-since': at(4).toUTCString() })).statusCode).toBe(200);
    // If-None-Match wins over If-Modified-Since.
    expect((await call('GET', url, { 'if-none-match': '"other"', 'if-modified-since': at(6).toUTCString() })).statusCode).toBe(200);

    // A new release changes both validators.
    await addVersion('1.3.0', p.alpha!, { datePublished: at(9) });
    const changed = await call('GET', url, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.headers['last-modified']).toBe(at(9).toUTCString());
    expect(titles(validAtomFeed(changed.body))[0]).toBe('Alpha & <Friends> 1.3.0');
  });
});

describe('the user feed', () => {
  it("lists the releases of the user's public projects only, newest first", async () => {
    const { feed: doc } = await feed(`/v2/user/feedmaker/feed.atom`);
    expect(titles(doc)).toEqual([
      'Alpha & <Friends> 1.3.0',
      'Alpha & <Friends> 1.2.0-archived',
      'Beta b1',
      'Alpha & <Friends> 1.1.0',
      'Alpha & <Friends> 1.0.0',
    ]);
    expect(link(doc, 'alternate')).toBe(`${SITE}/user/feedmaker`);
    expect(childText(doc, 'id')).toBe(`${API}/v2/user/${encodeBase62(owner.id)}/feed.atom`);
    // By id as well, and the same document.
    expect((await call('GET', `/v2/user/${encodeBase62(owner.id)}/feed.atom`)).body).toBe((await call('GET', '/v2/user/FeedMaker/feed.atom')).body);
  });

  it('is a valid, empty feed for a user without public projects, and 404 for an unknown user', async () => {
    const { feed: doc } = await feed(`/v2/user/${other.username}/feed.atom`);
    expect(titles(doc)).toEqual(['Pending pending-1']);
    const lonely = await insertUserWithTokens(ctx.database.db);
    expect(entries((await feed(`/v2/user/${lonely.username}/feed.atom`)).feed)).toEqual([]);
    const missing = await call('GET', '/v2/user/nobody_here_at_all/feed.atom');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ error: 'not_found' });
  });
});

describe('the collection feed', () => {
  it("lists the releases of the collection's public projects", async () => {
    const { feed: doc } = await feed(`/v2/collection/${listedCollection}/feed.atom`);
    expect(titles(doc)).toEqual([
      'Alpha & <Friends> 1.3.0',
      'Pending pending-1',
      'Alpha & <Friends> 1.2.0-archived',
      'Alpha & <Friends> 1.1.0',
      'Alpha & <Friends> 1.0.0',
    ]);
    expect(childText(doc, 'title')).toBe('Collection listed – releases');
    expect(link(doc, 'alternate')).toBe(`${SITE}/collection/${listedCollection}`);
    expect(childText(childrenNamed(doc, 'author')[0]!, 'name')).toBe('someone_else');
  });

  it('answers 404 for private, empty and unknown collections, even to the owner', async () => {
    for (const id of [privateCollection, emptyCollection, 'AAAAAAAA', 'not-an-id!']) {
      const response = await call('GET', `/v2/collection/${encodeURIComponent(id)}/feed.atom`, other.pat);
      expect(response.statusCode, id).toBe(404);
      expect(response.json()).toMatchObject({ error: 'not_found' });
    }
  });
});

describe('the search feed', () => {
  it('lists the newest matching projects, one entry each', async () => {
    const { feed: doc } = await feed('/v2/search/feed.atom');
    expect(titles(doc)).toEqual(['Beta', 'Pending', 'Organization Project', 'Alpha & <Friends>']);
    const beta = entries(doc)[0]!;
    expect(childText(beta, 'id')).toBe(`${SITE}/project/${p.beta!.key}`);
    expect(childText(beta, 'published')).toBe(at(8).toISOString());
    expect(childText(beta, 'updated')).toBe(at(9).toISOString());
    expect(childText(beta, 'summary')).toBe('A project made for tests.');
    expect(link(doc, 'self')).toBe(`${API}/v2/search/feed.atom`);
    expect(link(doc, 'alternate')).toBe(`${SITE}/mods`);
  });

  it('takes the query and facets of the search', async () => {
    const facets = JSON.stringify([[`project_id:${p.alpha!.key}`, `project_id:${p.beta!.key}`]]);
    const { feed: doc } = await feed(`/v2/search/feed.atom?facets=${encodeURIComponent(facets)}`);
    expect(titles(doc)).toEqual(['Beta', 'Alpha & <Friends>']);
    expect(link(doc, 'self')).toBe(`${API}/v2/search/feed.atom?facets=${encodeURIComponent(facets)}`);
    const byText = (await feed('/v2/search/feed.atom?query=alpha')).feed;
    expect(titles(byText)).toEqual(['Alpha & <Friends>']);
    expect(link(byText, 'alternate')).toBe(`${SITE}/mods?q=alpha`);
    expect(entries((await feed('/v2/search/feed.atom?query=nothing-matches-this-zzz')).feed)).toEqual([]);
  });

  it('refuses bad parameters with a 400 naming the field', async () => {
    const facets = await call('GET', `/v2/search/feed.atom?facets=${encodeURIComponent('[["nonsense"]]')}`);
    expect(facets.statusCode).toBe(400);
    expect(facets.json()).toMatchObject({ error: 'invalid_input', description: expect.stringMatching(/^facets/) });
    const notJson = await call('GET', '/v2/search/feed.atom?facets=not-json');
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().description).toMatch(/^facets/);
    const long = await call('GET', `/v2/search/feed.atom?query=${'a'.repeat(600)}`);
    expect(long.statusCode).toBe(400);
    expect(long.json().description).toMatch(/query/);
  });
});

describe('the Atom checks themselves', () => {
  it('reject documents that break the schema or the prose rules', async () => {
    const { response } = await feed(`/v2/project/${p.alpha!.key}/feed.atom`);
    const valid = response.body;
    const broken = {
      'no feed id': valid.replace(/<id>[^<]*<\/id>/, ''),
      'a date that is not one': valid.replace(/<updated>[^<]*<\/updated>/, '<updated>yesterday</updated>'),
      'two contents in an entry': valid.replace(/(<content [^>]*>[^<]*<\/content>)/, '$1$1'),
      'an unknown atom element': valid.replace('<generator>', '<colour>red</colour><generator>'),
      'no author anywhere': valid.replace(/<author>.*?<\/author>/g, ''),
      'two alternate links of one type': valid.replace(/(<link rel="alternate"[^>]*\/>)/, '$1$1'),
    };
    for (const [label, xml] of Object.entries(broken)) {
      expect(xml, label).not.toBe(valid);
      expect(() => validAtomFeed(xml), label).toThrow(/not a valid Atom feed/);
    }
  });
});
