import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ProjectResultSchema } from '@cairn/shared/schemas/search';
import { decodeBase62, encodeBase62 } from '../../src/lib/ids.js';
import { projects } from '../../src/db/schema/catalogue.js';
import { projectDownloadDays } from '../../src/db/schema/download-stats.js';
import { reindexAll } from '../../src/modules/search/reindex.js';
import { ensureIndex, liveIndexUid } from '../../src/modules/search/index-settings.js';
import { createSearchService, type SearchOutcome } from '../../src/modules/search/search.service.js';
import { createFacetCache } from '../../src/modules/search/facet-cache.js';
import { notifySearchIndexChange, onSearchIndexChange } from '../../src/modules/search/index-events.js';
import { eventually } from '../helpers/eventually.js';
import { createSearchResultCache } from '../../src/modules/search/search-result-cache.js';
import type { SearchClient } from '../../src/lib/search-client.js';
import { countDownload } from '../../src/modules/versions/versions.repository.js';
import { createTestContext, type TestContext } from '../harness.js';
import { createActors, type Actors } from '../factories/users.js';
import { insertOrganization, insertProject, insertVersion, type InsertedProject } from '../factories/catalogue.js';
import { jar, postVersion, versionData } from '../helpers/versions.js';
import { search, searchIndexer, searchOk, syncSearch, type SearchParams } from '../helpers/search.js';

/**
 * GET /v2/search against a real Meilisearch: the v2 contract and hit shape, the facet matrix
 * (AND of ORs, loaders in categories, negation, numbers, the one-version rule), every sort,
 * pagination, facet counts against SQL, hidden projects, freshness through the outbox, reindex.
 *
 * One file on purpose (it is longer than our usual 400 lines): every block reads the same
 * hand-built catalogue, seeded and indexed once, and the counts are checked against it in SQL.
 */

let ctx: TestContext;
let actors: Actors;
const p: Record<string, InsertedProject> = {};
const ICON_KEY = `${'ab'.repeat(64)}.webp`;
const DAY = 86_400_000;

async function setProject(id: number, values: Partial<typeof projects.$inferInsert>) {
  await ctx.database.db.update(projects).set(values).where(sql`${projects.id} = ${id}`);
}

beforeAll(async () => {
  ctx = await createTestContext();
  const db = ctx.database.db;
  actors = await createActors(db);
  const owner = actors.creator.id;
  const at = (days: number) => new Date(Date.UTC(2024, 0, 1) + days * DAY);

  // alpha: a Fabric 1.20.1 build and a Forge 1.21 build (the one-version rule's classic case).
  p.alpha = await insertProject(db, { ownerId: owner, slug: 'alpha', title: 'Alpha Machines', categories: ['technology'] });
  await insertVersion(db, { projectId: p.alpha.id, authorId: owner, loaders: ['fabric'], gameVersions: ['1.20.1'], datePublished: at(1) });
  await insertVersion(db, { projectId: p.alpha.id, authorId: owner, loaders: ['forge'], gameVersions: ['1.21'], datePublished: at(2) });
  await ctx.database.db.execute(sql`insert into project_categories (project_id, category, additional) values (${p.alpha.id}, 'storage', true)`);
  await setProject(p.alpha.id, { downloads: 500, followers: 20, approved: at(10), updated: at(40), iconKey: ICON_KEY, color: 0x336699 });

  // beta: one version for Forge and NeoForge on two game versions, client only.
  p.beta = await insertProject(db, { ownerId: owner, slug: 'beta', title: 'Beta Magic', categories: ['magic', 'adventure'] });
  await insertVersion(db, { projectId: p.beta.id, authorId: owner, loaders: ['forge', 'neoforge'], gameVersions: ['1.20.1', '1.21'], environment: 'client_only' });
  await setProject(p.beta.id, { downloads: 100, followers: 50, approved: at(20), updated: at(10), licenseId: 'GPL-3.0-only' });

  // gamma: a modpack whose pack embeds alpha, all rights reserved (not open source).
  p.gamma = await insertProject(db, { ownerId: owner, slug: 'gamma', title: 'Gamma Pack', categories: ['adventure'], declaredType: 'modpack' });
  await insertVersion(db, { projectId: p.gamma.id, authorId: owner, loaders: ['fabric'], gameVersions: ['1.20.1'], modpack: true, dependencies: [{ projectId: p.alpha.id, type: 'embedded' }] });
  await setProject(p.gamma.id, { downloads: 1000, followers: 5, approved: at(30), updated: at(30), licenseId: 'LicenseRef-All-Rights-Reserved' });

  // delta: a server plugin (its sides come from the type), owned by an organization.
  const org = await insertOrganization(db, { ownerId: owner, slug: 'delta-org' });
  p.delta = await insertProject(db, { ownerId: owner, slug: 'delta', title: 'Delta Paper', categories: ['utility'], organizationId: org.id });
  await insertVersion(db, { projectId: p.delta.id, authorId: owner, loaders: ['paper', 'spigot'], gameVersions: ['1.21', '1.21.1'] });
  await setProject(p.delta.id, { downloads: 50, followers: 1, approved: at(40), updated: at(20) });

  // epsilon: archived (still searchable); its draft version does not count.
  p.epsilon = await insertProject(db, { ownerId: owner, slug: 'epsilon', title: 'Epsilon Legacy', categories: ['utility'], status: 'archived' });
  await insertVersion(db, { projectId: p.epsilon.id, authorId: owner, loaders: ['fabric'], gameVersions: ['1.19.4'] });
  await insertVersion(db, { projectId: p.epsilon.id, authorId: owner, loaders: ['quilt'], gameVersions: ['1.21'], status: 'draft' });
  await setProject(p.epsilon.id, { downloads: 10, followers: 0, approved: at(5), updated: at(5), licenseId: 'Apache-2.0' });

  // zeta: a server-only Fabric mod.
  p.zeta = await insertProject(db, { ownerId: owner, slug: 'zeta', title: 'Zeta Server Tools', categories: ['technology'] });
  await insertVersion(db, { projectId: p.zeta.id, authorId: owner, loaders: ['fabric'], gameVersions: ['1.20.1'], environment: 'server_only' });
  await setProject(p.zeta.id, { downloads: 200, followers: 30, approved: at(15), updated: at(50) });

  // Never shown: hidden statuses (and unlisted, which is not searchable).
  for (const status of ['draft', 'processing', 'rejected', 'private', 'unlisted', 'withheld']) {
    p[status] = await insertProject(db, { ownerId: owner, slug: `hidden-${status}`, title: `Hidden Alpha ${status}`, status, categories: ['technology'] });
    await insertVersion(db, { projectId: p[status]!.id, authorId: owner, loaders: ['fabric'], gameVersions: ['1.20.1'] });
  }

  // Trending: downloads in the last 7 days (zeta leads; alpha's big day is too old).
  const today = new Date().toISOString().slice(0, 10);
  const daysAgo = (n: number) => new Date(Date.now() - n * DAY).toISOString().slice(0, 10);
  await db.insert(projectDownloadDays).values([
    { projectId: p.zeta.id, day: today, downloads: 40 },
    { projectId: p.zeta.id, day: daysAgo(6), downloads: 40 },
    { projectId: p.beta.id, day: daysAgo(1), downloads: 60 },
    { projectId: p.alpha.id, day: daysAgo(7), downloads: 1000 },
  ]);

  await syncSearch(ctx, Object.values(p).map((x) => x.id));
}, 120_000);
afterAll(() => ctx.close());

const slugsOf = (result: { hits: Array<{ slug: string }> }) => result.hits.map((h) => h.slug);
const sorted = (values: string[]) => [...values].sort();
const PUBLIC = ['alpha', 'beta', 'delta', 'epsilon', 'gamma', 'zeta'];

describe('GET /v2/search: contract', () => {
  it('answers the v2 SearchResults shape with every hit field', async () => {
    const result = await searchOk(ctx, { query: 'alpha machines' });
    expect(result).toMatchObject({ offset: 0, limit: 10, total_hits: 1 });
    const hit = ProjectResultSchema.parse(result.hits[0]);
    expect(hit).toEqual({
      project_id: p.alpha!.key,
      project_type: 'mod',
      slug: 'alpha',
      author: 'Creator',
      title: 'Alpha Machines',
      description: 'A project made for tests.',
      categories: ['technology', 'storage', 'fabric', 'forge'],
      display_categories: ['technology', 'fabric', 'forge'],
      versions: ['1.20.1', '1.21'],
      downloads: 500,
      follows: 20,
      icon_url: `${ctx.config.publicCdnUrl}/${ICON_KEY}`,
      date_created: new Date(Date.UTC(2024, 0, 11)).toISOString(),
      date_modified: new Date(Date.UTC(2024, 1, 10)).toISOString(),
      latest_version: expect.stringMatching(/^[0-9A-Za-z]{8}$/),
      license: 'MIT',
      client_side: 'required',
      server_side: 'required',
      gallery: [],
      featured_gallery: null,
      color: 0x336699,
      all_project_types: ['mod'],
      environment: ['client_and_server'],
      disclosure_types: [],
      author_id: encodeBase62(actors.creator.id),
      organization: null,
      organization_id: null,
    });
  });

  it('shows organization projects under the organization, archived ones with their disclosure, plugins server-side', async () => {
    const [delta] = (await searchOk(ctx, { facets: [['project_id:' + p.delta!.key]] })).hits;
    expect(delta).toMatchObject({ author: 'Test Organization', organization: 'Test Organization', client_side: 'unsupported', server_side: 'required', icon_url: '' });
    const [epsilon] = (await searchOk(ctx, { query: 'epsilon' })).hits;
    expect(epsilon).toMatchObject({ disclosure_types: ['archived'], versions: ['1.19.4'], categories: ['utility', 'fabric'], license: 'Apache-2.0' });
    const [gamma] = (await searchOk(ctx, { query: 'gamma' })).hits;
    expect(gamma).toMatchObject({ project_type: 'modpack', all_project_types: ['modpack'], license: 'LicenseRef-All-Rights-Reserved' });
  });

  it('never returns projects that are not approved or archived', async () => {
    const everything = await searchOk(ctx, { limit: 100 });
    expect(sorted(slugsOf(everything))).toEqual(PUBLIC);
    expect(everything.total_hits).toBe(PUBLIC.length);
    expect((await searchOk(ctx, { query: 'hidden' })).total_hits).toBe(0);
  });

  it.each<[string, SearchParams, string]>([
    ['facets that are not JSON', { facets: '[["categories:forge"' }, 'facets: not valid JSON'],
    ['a group that is not an array', { facets: '["categories:forge"]' }, 'facets[0]: expected an array of facet strings'],
    ['an unknown facet field', { facets: [['colour:red']] }, "facets[0][0]: unknown facet field 'colour'"],
    ['a comparison on a text field', { facets: [['license>mit']] }, "'>' only applies to numeric fields"],
    ['an unknown sort', { index: 'popular' }, "index: unknown sort 'popular'"],
    ['a broken legacy filter', { filters: 'categories = ' }, 'filters: expected a value'],
  ])('refuses %s with 400 and says what is wrong', async (_name, params, description) => {
    const response = await search(ctx, params);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'invalid_input', description: expect.stringContaining(description) });
  });

  it('refuses page sizes over 100 and negative offsets, naming the parameter', async () => {
    for (const [params, field] of [[{ limit: 101 }, 'limit'], [{ offset: -1 }, 'offset'], [{ limit: 'ten' }, 'limit']] as const) {
      const response = await search(ctx, params);
      expect(response.statusCode).toBe(400);
      expect(response.json().description).toContain(field);
    }
  });
});

describe('GET /v2/search: facets', () => {
  it.each<[string, unknown[], string[]]>([
    ['a loader written as a category', [['categories:fabric']], ['alpha', 'epsilon', 'gamma', 'zeta']],
    ['categories OR', [['categories:magic', 'categories:technology']], ['alpha', 'beta', 'zeta']],
    ['categories AND', [['categories:magic'], ['categories:adventure']], ['beta']],
    ['additional categories', [['categories:storage']], ['alpha']],
    ['a loader AND a category', [['categories:forge'], ['categories:adventure']], ['beta']],
    ['project type', [['project_type:modpack']], ['gamma']],
    ['project type mod', [['project_type:mod']], ['alpha', 'beta', 'epsilon', 'zeta']],
    ['project type plugin', [['project_type:plugin']], ['delta']],
    ['all project types', [['all_project_types:plugin']], ['delta']],
    ['game versions OR', [['versions:1.21', 'versions:1.19.4']], ['alpha', 'beta', 'delta', 'epsilon']],
    ['client and server side', [['client_side:required'], ['server_side:unsupported']], ['beta']],
    ['server side', [['server_side:required']], ['alpha', 'delta', 'epsilon', 'gamma', 'zeta']],
    ['environment', [['environment:server_only']], ['zeta']],
    ['open source', [['open_source:true']], ['alpha', 'beta', 'delta', 'epsilon', 'zeta']],
    ['not open source', [['open_source:false']], ['gamma']],
    ['license (any case)', [['license:mit']], ['alpha', 'delta', 'zeta']],
    ['title', [['title:Beta Magic']], ['beta']],
    ['title via name', [['name:beta magic']], ['beta']],
    ['author', [['author:Creator']], ['alpha', 'beta', 'epsilon', 'gamma', 'zeta']],
    ['organization as author', [['author:Test Organization']], ['delta']],
    ['negated game version: no version for it', [['versions!=1.21']], ['epsilon', 'gamma', 'zeta']],
    ['negated category', [['categories!=technology'], ['categories!=utility']], ['beta', 'gamma']],
    ['numbers', [['downloads>=200'], ['follows<30']], ['alpha', 'gamma']],
    ['number ranges', [['downloads>50', 'follows>40'], ['downloads<=500']], ['alpha', 'beta', 'zeta']],
    ['timestamps', [[`created_timestamp>${Date.UTC(2024, 0, 25) / 1000}`]], ['delta', 'gamma']],
    ['dependencies', [[`dependency_project_ids:${'ALPHA_KEY'}`]], ['gamma']],
    ['typed dependencies', [[`embedded_dependency_project_ids:${'ALPHA_KEY'}`]], ['gamma']],
    ['typed dependencies of another type', [[`required_dependency_project_ids:${'ALPHA_KEY'}`]], []],
    ['archived disclosure', [['disclosure_types:archived']], ['epsilon']],
    ['conditions that must all hold in one entry', [[['categories:fabric', 'versions:1.20.1'], 'categories:paper']], ['alpha', 'delta', 'gamma', 'zeta']],
    ['an empty group', [[], ['categories:magic']], ['beta']],
    ['a value with quotes and backslashes', [['title:say "hi" \\ now']], []],
  ])('%s', async (_name, facets, expected) => {
    const withKeys = JSON.parse(JSON.stringify(facets).replaceAll('ALPHA_KEY', p.alpha!.key)) as unknown[];
    const result = await searchOk(ctx, { facets: withKeys, limit: 100 });
    expect(sorted(slugsOf(result))).toEqual(expected);
    expect(result.total_hits).toBe(expected.length);
  });

  it('needs ONE listed version to meet loader, game version and side together', async () => {
    const slugs = async (facets: unknown[]) => sorted(slugsOf(await searchOk(ctx, { facets })));
    // alpha has Fabric for 1.20.1 and Forge for 1.21, never Fabric for 1.21.
    expect(await slugs([['categories:fabric'], ['versions:1.21']])).toEqual([]);
    expect(await slugs([['categories:forge'], ['versions:1.21']])).toEqual(['alpha', 'beta']);
    expect(await slugs([['categories:fabric', 'categories:forge'], ['versions:1.21']])).toEqual(['alpha', 'beta']);
    expect(await slugs([['categories:fabric'], ['versions:1.20.1'], ['server_side:unsupported']])).toEqual([]);
    expect(await slugs([['categories:fabric'], ['versions:1.20.1'], ['server_side:required']])).toEqual(['alpha', 'gamma', 'zeta']);
    expect(await slugs([['client_side:unsupported'], ['server_side:required'], ['versions:1.21.1']])).toEqual(['delta']);
    // A draft version does not count: epsilon has no listed Quilt version.
    expect(await slugs([['categories:quilt']])).toEqual([]);
  });

  it('still accepts the legacy filters and version parameters', async () => {
    const result = await searchOk(ctx, { filters: 'categories = forge AND NOT categories = magic', version: 'versions = "1.21" OR versions = 1.19.4' });
    expect(slugsOf(result)).toEqual(['alpha']);
  });
});

describe('GET /v2/search: sorting and pages', () => {
  const order = async (index: string, extra: SearchParams = {}) => slugsOf(await searchOk(ctx, { index, limit: 100, ...extra }));

  it('sorts by every index', async () => {
    expect(await order('downloads')).toEqual(['gamma', 'alpha', 'zeta', 'beta', 'delta', 'epsilon']);
    expect(await order('follows')).toEqual(['beta', 'zeta', 'alpha', 'gamma', 'delta', 'epsilon']);
    expect(await order('newest')).toEqual(['delta', 'gamma', 'beta', 'zeta', 'alpha', 'epsilon']);
    expect(await order('date_created')).toEqual(await order('newest'));
    expect(await order('updated')).toEqual(['zeta', 'alpha', 'gamma', 'delta', 'beta', 'epsilon']);
    expect(await order('date_modified')).toEqual(await order('updated'));
    expect(await order('title')).toEqual(['alpha', 'beta', 'delta', 'epsilon', 'gamma', 'zeta']);
    // Downloads of the last 7 days: zeta 80, beta 60, others none (then by downloads).
    expect(await order('trending')).toEqual(['zeta', 'beta', 'gamma', 'alpha', 'delta', 'epsilon']);
    // Relevance without a query: downloads, then follows.
    expect(await order('relevance')).toEqual(['gamma', 'alpha', 'zeta', 'beta', 'delta', 'epsilon']);
  });

  it('ranks text matches first, title before summary, and keeps the sort among matches', async () => {
    expect((await order('relevance', { query: 'magic' }))[0]).toBe('beta');
    expect(await order('relevance', { query: 'zeta server' })).toEqual(['zeta']);
    // A typo still finds it.
    expect(await order('relevance', { query: 'machnes' })).toEqual(['alpha']);
    // Synonyms: "mod pack" finds the word modpack.
    await setProject(p.gamma!.id, { summary: 'A cosy modpack.' });
    await syncSearch(ctx, [p.gamma!.id]);
    expect(await order('relevance', { query: 'mod pack' })).toContain('gamma');
  });

  it('pages with offset and limit, with a stable total', async () => {
    const all = await order('downloads');
    const pages: string[] = [];
    for (let offset = 0; offset < 6; offset += 2) {
      const page = await searchOk(ctx, { index: 'downloads', offset, limit: 2 });
      expect(page).toMatchObject({ offset, limit: 2, total_hits: 6 });
      pages.push(...slugsOf(page));
    }
    expect(pages).toEqual(all);
    const shifted = await searchOk(ctx, { index: 'downloads', offset: 3, limit: 2 });
    expect(shifted).toMatchObject({ offset: 3, limit: 2, total_hits: 6 });
    expect(slugsOf(shifted)).toEqual(all.slice(3, 5));
    const past = await searchOk(ctx, { index: 'downloads', offset: 10, limit: 5 });
    expect(past).toMatchObject({ hits: [], total_hits: 6 });
    for (const offset of [1e12, 1e12 + 1]) expect(await searchOk(ctx, { offset, limit: 10 })).toMatchObject({ hits: [], total_hits: 6, offset });
    const countOnly = await searchOk(ctx, { limit: 0, facets: [['categories:fabric']] });
    expect(countOnly).toMatchObject({ hits: [], total_hits: 4, limit: 0 });
    expect((await searchOk(ctx)).limit).toBe(10);
  });
});

/** Facet counts by brute force in SQL: projects per value under the other filters, one version meeting all of them. */
async function sqlCounts(filters: { loaders?: string[]; versions?: string[]; categories?: string[]; clientSide?: string[] }) {
  const db = ctx.database.db;
  const arr = (values: string[] | undefined) => (values ? sql`${`{${values.join(',')}}`}::text[]` : null);
  const versionSql = (skip: string) => sql`
    (${skip === 'loaders' || !filters.loaders ? sql`true` : sql`v.loaders && ${arr(filters.loaders)}`})
    and (${skip === 'versions' || !filters.versions ? sql`true` : sql`v.game_versions && ${arr(filters.versions)}`})
    and (${skip === 'client_side' || !filters.clientSide ? sql`true` : sql`v.client_side = any(${arr(filters.clientSide)})`})`;
  const projectSql = (skip: string) =>
    skip === 'categories' || !filters.categories
      ? sql`true`
      : sql`exists (select 1 from project_categories c where c.project_id = p.id and c.category = any(${arr(filters.categories)}))`;
  const sides = sql`
    with v as (
      select v.project_id, v.loaders, v.game_versions, v.project_types,
        case
          when cardinality(v.project_types) > 0 and v.project_types <@ '{resourcepack,shader}' then 'required'
          when cardinality(v.project_types) > 0 and v.project_types <@ '{plugin}' then 'unsupported'
          when cardinality(v.project_types) > 0 and v.project_types <@ '{datapack}' then 'optional'
          when v.environment in ('client_and_server', 'singleplayer_only', 'client_only', 'client_only_server_optional') then 'required'
          when v.environment in ('server_only', 'dedicated_server_only') then 'unsupported'
          when v.environment in ('server_only_client_optional', 'client_or_server', 'client_or_server_prefers_both') then 'optional'
          else pr.client_side
        end as client_side
      from versions v join projects pr on pr.id = v.project_id
      where v.status in ('listed', 'archived')
    ), p as (select * from projects where status in ('approved', 'archived'))`;
  const run = async (field: string, valueSql: ReturnType<typeof sql>, from: ReturnType<typeof sql>) => {
    const rows = await db.execute<{ value: string; count: string }>(sql`${sides}
      select ${valueSql} as value, count(distinct p.id)::text as count from p ${from}
      where ${projectSql(field)} and exists (select 1 from v where v.project_id = p.id and ${versionSql(field)} and ${
        field === 'loaders' ? sql`${valueSql} = any(v.loaders)` : field === 'versions' ? sql`${valueSql} = any(v.game_versions)` : field === 'client_side' ? sql`${valueSql} = v.client_side` : field === 'project_type' ? sql`${valueSql} = any(v.project_types)` : sql`true`
      })
      group by 1`);
    return Object.fromEntries(rows.map((r) => [r.value, Number(r.count)]));
  };
  return {
    loaders: await run('loaders', sql`l.value`, sql`cross join lateral (select distinct unnest(v.loaders) as value from v where v.project_id = p.id) l`),
    versions: await run('versions', sql`g.value`, sql`cross join lateral (select distinct unnest(v.game_versions) as value from v where v.project_id = p.id) g`),
    client_side: await run('client_side', sql`s.value`, sql`cross join lateral (select distinct v.client_side as value from v where v.project_id = p.id) s`),
    project_type: await run('project_type', sql`t.value`, sql`cross join lateral (select distinct unnest(v.project_types) as value from v where v.project_id = p.id) t`),
    categories: await run('categories', sql`c.category`, sql`join project_categories c on c.project_id = p.id`),
    license: await run('license', sql`p.license_id`, sql``),
  };
}

describe('GET /v2/search: facet counts', () => {
  it.each<[string, unknown[], Parameters<typeof sqlCounts>[0]]>([
    ['no filters', [], {}],
    ['one loader', [['categories:fabric']], { loaders: ['fabric'] }],
    ['loaders OR and a game version', [['categories:fabric', 'categories:forge'], ['versions:1.21']], { loaders: ['fabric', 'forge'], versions: ['1.21'] }],
    ['a game version, a category and a side', [['versions:1.20.1'], ['categories:technology', 'categories:adventure'], ['client_side:required']], { versions: ['1.20.1'], categories: ['technology', 'adventure'], clientSide: ['required'] }],
    ['loader and side', [['categories:forge', 'categories:paper'], ['client_side:required', 'client_side:unsupported']], { loaders: ['forge', 'paper'], clientSide: ['required', 'unsupported'] }],
  ])('equal a brute-force SQL count: %s', async (_name, facets, filters) => {
    const result = await searchOk(ctx, { facets });
    const expected = await sqlCounts(filters);
    for (const [field, counts] of Object.entries(expected)) {
      expect(result.facet_counts![field as keyof typeof expected], field).toEqual(counts);
    }
  });

  it('count each value under the other filters only (disjunctive), once per project', async () => {
    const { facet_counts: counts } = await searchOk(ctx, { facets: [['categories:forge'], ['versions:1.21']] });
    // Loader counts ignore the loader group: on 1.21, alpha and beta have Forge, delta Paper and Spigot.
    expect(counts!.loaders).toEqual({ forge: 2, neoforge: 1, paper: 1, spigot: 1 });
    // Game version counts ignore the version group: Forge versions of alpha (1.21) and beta (1.20.1, 1.21).
    expect(counts!.versions).toEqual({ '1.20.1': 1, '1.21': 2 });
    expect(counts!.open_source).toEqual({ true: 2 });
    expect(counts!.server_side).toEqual({ required: 1, unsupported: 1 });
  });

  it('count with a text query the same way as hits', async () => {
    const result = await searchOk(ctx, { query: 'magic', facets: [['categories:forge']] });
    expect(result.total_hits).toBe(1);
    expect(result.facet_counts!.categories).toEqual({ adventure: 1, magic: 1 });
    expect(result.facet_counts!.loaders).toEqual({ forge: 1, neoforge: 1 });
  });
});

describe('answer cache', () => {
  it('shares one Meilisearch search among identical searches for SEARCH_CACHE_MS, and keeps no failure', async () => {
    let sent = 0;
    let failNext = false;
    // The real client, counting what the service sends it.
    const counting = Object.assign(Object.create(ctx.search) as SearchClient, {
      multiSearchJson: async (body: string) => {
        sent++;
        if (failNext) {
          failNext = false;
          throw new Error('search failed');
        }
        return ctx.search.multiSearchJson(body);
      },
    });
    const serviceWith = (ttlMs: number) => createSearchService({ search: counting, indexPrefix: ctx.config.search.indexPrefix, cache: createSearchResultCache(ttlMs) });
    const render = (outcome: { total: number; hits: readonly string[] }) => JSON.stringify({ total: outcome.total, hits: outcome.hits.length });

    // Concurrent identical searches share one request; their answer is the index's.
    const lasting = serviceWith(60_000);
    const [first, second] = await Promise.all([lasting.searchProjectsJson({ query: 'alpha' }, render), lasting.searchProjectsJson({ query: 'alpha' }, render)]);
    expect(sent).toBe(1);
    expect(second).toBe(first);
    const direct = await searchOk(ctx, { query: 'alpha' });
    expect(JSON.parse(first)).toEqual({ total: direct.total_hits, hits: direct.hits.length });
    // Another page or another query is another search.
    await lasting.searchProjectsJson({ query: 'alpha', offset: 1 }, render);
    await lasting.searchProjectsJson({ query: 'beta' }, render);
    expect(sent).toBe(3);
    await lasting.searchProjectsJson({ query: 'alpha' }, render);
    expect(sent).toBe(3);

    // After the time is up the index is asked again; a failure reaches the caller and is not kept.
    const brief = serviceWith(100);
    expect(await brief.searchProjectsJson({ query: 'alpha' }, render)).toBe(first);
    expect(sent).toBe(4);
    await new Promise((resolve) => setTimeout(resolve, 150));
    failNext = true;
    await expect(brief.searchProjectsJson({ query: 'alpha' }, render)).rejects.toThrow('search failed');
    expect(await brief.searchProjectsJson({ query: 'alpha' }, render)).toBe(first);
    expect(sent).toBe(6);
  });
});

describe('sync', () => {
  const patch = (key: string, body: unknown, token: string) =>
    ctx.app.inject({ method: 'PATCH', url: `/v2/project/${key}`, payload: body as object, headers: { authorization: token } });

  it('applies approvals, edits, new versions, hiding and deletion through the outbox', async () => {
    const db = ctx.database.db;
    const fresh = await insertProject(db, { ownerId: actors.creator.id, slug: 'omega', title: 'Omega Lights', status: 'processing', categories: ['decoration'] });
    await insertVersion(db, { projectId: fresh.id, authorId: actors.creator.id, loaders: ['fabric'], gameVersions: ['1.20.1'] });
    const find = async (params: SearchParams = { query: 'omega' }) => slugsOf(await searchOk(ctx, params));
    const indexer = searchIndexer(ctx);

    expect((await patch(fresh.key, { status: 'approved' }, actors.moderator.pat)).statusCode).toBe(204);
    expect(await indexer.drain()).toBeGreaterThan(0);
    expect(await find()).toEqual(['omega']);

    expect((await patch(fresh.key, { title: 'Omega Lanterns', categories: ['magic'] }, actors.creator.pat)).statusCode).toBe(204);
    await indexer.drain();
    expect(await find({ query: 'lanterns', facets: [['categories:magic']] })).toEqual(['omega']);

    const upload = await postVersion(ctx.app, actors.creator.pat, versionData(fresh.key, { loaders: ['quilt'], game_versions: ['1.21.1'], version_number: '2.0.0' }), [
      { part: 'file', filename: 'omega-2.0.0.jar', bytes: jar('omega') },
    ]);
    expect(upload.statusCode, upload.body).toBe(200);
    await indexer.drain();
    expect(await find({ facets: [['categories:quilt'], ['versions:1.21.1']] })).toEqual(['omega']);

    expect((await patch(fresh.key, { status: 'unlisted' }, actors.creator.pat)).statusCode).toBe(204);
    await indexer.drain();
    expect(await find({ query: 'lanterns' })).toEqual([]);
    expect(await indexer.pending()).toBe(0);

    expect((await patch(fresh.key, { status: 'approved' }, actors.creator.pat)).statusCode).toBe(204);
    await indexer.drain();
    expect(await find({ query: 'lanterns' })).toEqual(['omega']);
    const deleted = await ctx.app.inject({ method: 'DELETE', url: `/v2/project/${fresh.key}`, headers: { authorization: actors.creator.pat } });
    expect(deleted.statusCode).toBe(204);
    await indexer.drain();
    expect(await find({ query: 'lanterns' })).toEqual([]);
  });

  it('drops counting documents a project no longer needs', async () => {
    const db = ctx.database.db;
    const owner = actors.creator.id;
    const mixed = await insertProject(db, { ownerId: owner, slug: 'mixed-builds', title: 'Mixed Builds', categories: ['food'] });
    await insertVersion(db, { projectId: mixed.id, authorId: owner, loaders: ['fabric'], gameVersions: ['1.19.4'] });
    const forge = await insertVersion(db, { projectId: mixed.id, authorId: owner, loaders: ['forge'], gameVersions: ['1.21.1'] });
    await syncSearch(ctx, [mixed.id]);
    const documents = async () =>
      (await ctx.search.index(liveIndexUid(ctx.config.search.indexPrefix)).getDocuments<{ id: string }>({ filter: `pid = "${mixed.id}"`, fields: ['id'] })).results.length;
    expect(await documents()).toBeGreaterThan(1);
    const counts = async () => (await searchOk(ctx, { facets: [['categories:food'], ['versions:1.21.1']] })).facet_counts!.loaders;
    expect(await counts()).toEqual({ forge: 1 });

    const removed = await ctx.app.inject({ method: 'DELETE', url: `/v2/version/${forge.key}`, headers: { authorization: actors.creator.pat } });
    expect(removed.statusCode).toBe(204);
    await searchIndexer(ctx).drain();
    expect(await documents()).toBe(1);
    expect(await counts()).toEqual({});
    expect((await searchOk(ctx, { facets: [['categories:food']] })).facet_counts!.versions).toEqual({ '1.19.4': 1 });
  });

  it('tells apart projects whose ids differ only in case (filters, dependencies, sync)', async () => {
    const db = ctx.database.db;
    const owner = actors.creator.id;
    // Meilisearch compares filter values case-insensitively; base62 ids are case-sensitive.
    const lower = await insertProject(db, { ownerId: owner, id: Number(decodeBase62('caseTwin')), slug: 'case-lower', title: 'Twin Lower' });
    const upper = await insertProject(db, { ownerId: owner, id: Number(decodeBase62('CASEtwin')), slug: 'case-upper', title: 'Twin Upper' });
    const user = await insertProject(db, { ownerId: owner, slug: 'case-user', title: 'Twin User' });
    await insertVersion(db, { projectId: user.id, authorId: owner, loaders: ['fabric'], gameVersions: ['1.21'], dependencies: [{ projectId: lower.id, type: 'required' }] });
    await syncSearch(ctx, [lower.id, upper.id, user.id]);
    const slugs = async (facets: string[][]) => sorted(slugsOf(await searchOk(ctx, { facets })));
    expect(await slugs([['project_id:caseTwin']])).toEqual(['case-lower']);
    expect(await slugs([['project_id:CASEtwin']])).toEqual(['case-upper']);
    expect(await slugs([['dependency_project_ids:caseTwin']])).toEqual(['case-user']);
    expect(await slugs([['required_dependency_project_ids:CASEtwin']])).toEqual([]);

    // Writing one project leaves the other's documents alone.
    await setProject(lower.id, { title: 'Twin Lower Renamed' });
    await syncSearch(ctx, [lower.id]);
    expect(await slugs([['project_id:CASEtwin']])).toEqual(['case-upper']);
    expect(sorted(slugsOf(await searchOk(ctx, { query: 'twin' })))).toEqual(['case-lower', 'case-upper', 'case-user']);

    // And so does removing one (the other tests expect these projects gone).
    await db.execute(sql`delete from projects where id in (${lower.id}, ${user.id})`);
    await syncSearch(ctx, [lower.id, user.id]);
    expect(sorted(slugsOf(await searchOk(ctx, { query: 'twin' })))).toEqual(['case-upper']);
    await db.execute(sql`delete from projects where id = ${upper.id}`);
    await syncSearch(ctx, [upper.id]);
    expect(slugsOf(await searchOk(ctx, { query: 'twin' }))).toEqual([]);
  });

  it('refreshes counted downloads and the trending window', async () => {
    const [version] = await ctx.database.db.execute<{ id: string }>(sql`select id::text from versions where project_id = ${p.epsilon!.id} and status = 'listed'`);
    expect(await countDownload(ctx.database.db, Number(version!.id), p.epsilon!.id, 'client-a')).toBe(true);
    const [today] = await ctx.database.db.select().from(projectDownloadDays).where(sql`${projectDownloadDays.projectId} = ${p.epsilon!.id}`);
    expect(today).toMatchObject({ downloads: 1, day: new Date().toISOString().slice(0, 10) });
    await searchIndexer(ctx).drain();
    const [hit] = (await searchOk(ctx, { query: 'epsilon' })).hits;
    expect(hit!.downloads).toBe(11);
    expect((await searchOk(ctx, { index: 'trending', limit: 3 })).hits.map((h) => h.slug)).toEqual(['zeta', 'beta', 'epsilon']);
  });

  it('applies the index settings once: a second start enqueues no settings task', async () => {
    const uid = liveIndexUid(ctx.config.search.indexPrefix);
    const settingsTasks = async () => (await ctx.search.tasks.getTasks({ indexUids: [uid], types: ['settingsUpdate'], limit: 100 })).results.length;
    const before = await settingsTasks();
    expect(before).toBeGreaterThan(0);
    await ensureIndex(ctx.search, uid);
    await ensureIndex(ctx.search, uid);
    expect(await settingsTasks()).toBe(before);
  });

  it('reindexes everything into a new index and swaps it in, dropping what is gone', async () => {
    // Deleted behind the outbox's back: only a full rebuild notices.
    await ctx.database.db.execute(sql`delete from projects where id = ${p.zeta!.id}`);
    expect(slugsOf(await searchOk(ctx, { query: 'zeta' }))).toEqual(['zeta']);
    const phases = new Set<string>();
    const result = await reindexAll({ db: ctx.database.db, search: ctx.search, indexPrefix: ctx.config.search.indexPrefix }, (progress) => phases.add(progress.phase));
    expect(result.projects).toBe(6);
    expect([...phases]).toEqual(['reading', 'indexing', 'swapping']);
    expect(slugsOf(await searchOk(ctx, { query: 'zeta' }))).toEqual([]);
    expect(sorted(slugsOf(await searchOk(ctx, { limit: 100 })))).toEqual(['alpha', 'beta', 'delta', 'epsilon', 'gamma', 'mixed-builds']);
    const { results } = await ctx.search.getIndexes({ limit: 100 });
    expect(results.map((i) => i.uid).filter((uid) => uid.startsWith(ctx.config.search.indexPrefix))).toEqual([liveIndexUid(ctx.config.search.indexPrefix)]);
  });
});

describe('facet cache', () => {
  it('counts totals and facets once per text and filters: other pages and orders ask the index for hits only', async () => {
    const bodies: string[] = [];
    const counting = Object.assign(Object.create(ctx.search) as SearchClient, {
      multiSearchJson: async (body: string) => {
        bodies.push(body);
        return ctx.search.multiSearchJson(body);
      },
    });
    const service = createSearchService({ search: counting, indexPrefix: ctx.config.search.indexPrefix, facets: createFacetCache() });
    const render = (outcome: SearchOutcome) => JSON.stringify({ total: outcome.total, facetCounts: outcome.facetCounts, hits: outcome.hits.length });
    const params = { facets: JSON.stringify([['categories:adventure', 'categories:technology']]) };

    const first = JSON.parse(await service.searchProjectsJson(params, render)) as { total: number; facetCounts: unknown; hits: number };
    // The page, the total and the counts of the unfiltered fields, plus the categories counted without their own filter.
    expect((JSON.parse(bodies[0]!) as { queries: unknown[] }).queries).toHaveLength(2);
    const later = JSON.parse(await service.searchProjectsJson({ ...params, offset: 1, index: 'downloads' }, render)) as typeof first;
    const { queries } = JSON.parse(bodies[1]!) as { queries: { facets?: unknown; offset: number; sort: string[] }[] };
    expect(queries).toHaveLength(1);
    expect(queries[0]!.facets).toBeUndefined();
    expect(queries[0]!.offset).toBe(1);
    expect(later.total).toBe(first.total);
    expect(later.facetCounts).toEqual(first.facetCounts);
    expect(later.hits).toBe(first.total - 1);
    // The route, which counts this page's facets itself here, agrees.
    const direct = await searchOk(ctx, { ...params, offset: 1, index: 'downloads' });
    expect(direct.total_hits).toBe(later.total);
    expect(direct.facet_counts).toEqual(later.facetCounts);
  });

  it('forgets every count when the index changes, whichever process changed it', async () => {
    const db = ctx.database.db;
    const params = { query: 'quokka' };
    // The API's own cache: its first search keeps a total of none…
    expect((await searchOk(ctx, params)).total_hits).toBe(0);
    const fresh = await insertProject(db, { ownerId: actors.creator.id, slug: 'quokka-lamps', title: 'Quokka Lamps', status: 'processing', categories: ['decoration'] });
    await insertVersion(db, { projectId: fresh.id, authorId: actors.creator.id, loaders: ['fabric'], gameVersions: ['1.20.1'] });
    const approved = await ctx.app.inject({ method: 'PATCH', url: `/v2/project/${fresh.key}`, payload: { status: 'approved' }, headers: { authorization: actors.moderator.pat } });
    expect(approved.statusCode).toBe(204);
    // …and the writer's drain (in this process) empties it: another page of the same search has the new total.
    await searchIndexer(ctx).drain();
    expect((await searchOk(ctx, { ...params, offset: 1 })).total_hits).toBe(1);

    // A writer in another process is heard through PostgreSQL at its commit.
    const heard: string[] = [];
    const stop = onSearchIndexChange((indexPrefix) => heard.push(indexPrefix));
    await db.transaction((tx) => notifySearchIndexChange(tx, 'another-prefix-'));
    await eventually(async () => (heard.includes('another-prefix-') ? true : undefined), 10_000, 'the relayed index change');
    stop();
  });
});
