import { describe, expect, it } from 'vitest';
import type { MultiSearchResult, RecordAny } from 'meilisearch';
import { environmentToSides } from '@cairn/shared/constants/environments';
import { evaluateFilter, oracleCounts, oracleMatches, type OracleProject } from '../../../test/helpers/search-oracle.js';
import { buildProjectDocuments, type SearchDocument, type VersionFacts } from './documents.js';
import { planSearch } from './plan.js';
import { parseCondition, type Condition, type FacetGroup } from './conditions.js';

/**
 * Documents + filter compiler + query plan, evaluated with Meilisearch's filter semantics on
 * plain objects, against the brute-force meaning of facets — over many random catalogues
 * and filters (deterministic seed). The integration tests repeat a share of this on a real
 * Meilisearch.
 */

function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T,>(list: readonly T[]) => list[int(list.length)]!;
  const some = <T,>(list: readonly T[], max: number) => [...new Set(Array.from({ length: 1 + int(max) }, () => pick(list)))];
  return { next, int, pick, some };
}

const LOADERS = ['fabric', 'forge', 'quilt', 'paper'];
const GAME_VERSIONS = ['1.19.4', '1.20.1', '1.21', '1.21.1'];
const TYPES = ['mod', 'plugin', 'modpack'];
const ENVIRONMENTS = ['client_and_server', 'client_only', 'server_only', 'client_or_server', 'unknown'];
const CATEGORIES = ['adventure', 'magic', 'utility'];

function randomProject(r: ReturnType<typeof random>, index: number): OracleProject {
  const uniform = r.next() < 0.5;
  const base = { loaders: r.some(LOADERS, 2), environment: r.pick(ENVIRONMENTS), types: r.some(TYPES, 1) };
  const count = r.int(5);
  const versions: VersionFacts[] = [];
  for (let v = 0; v < Math.max(1, count); v++) {
    const environment = uniform || r.next() < 0.6 ? base.environment : r.pick(ENVIRONMENTS);
    const sides = environmentToSides(environment);
    versions.push({
      loaders: count === 0 ? [] : uniform || r.next() < 0.5 ? base.loaders : r.some(LOADERS, 2),
      gameVersions: count === 0 ? [] : r.some(GAME_VERSIONS, 2),
      projectTypes: uniform || r.next() < 0.7 ? base.types : r.some(TYPES, 1),
      environment,
      clientSide: sides.client,
      serverSide: sides.server,
    });
  }
  return {
    id: `p${index}`,
    categories: r.some(CATEGORIES, 2),
    license: r.pick(['MIT', 'GPL-3.0-only']),
    openSource: r.next() < 0.5,
    downloads: r.int(100),
    follows: r.int(10),
    created: 1000 + r.int(100),
    modified: 2000 + r.int(100),
    title: `Title ${index % 3}`,
    author: r.pick(['ann', 'bob']),
    disclosures: r.next() < 0.2 ? ['archived'] : [],
    dependencies: r.next() < 0.3 ? ['p0', 'required:p0'] : [],
    versions,
  };
}

function documentsOf(p: OracleProject): SearchDocument[] {
  return buildProjectDocuments({
    id: p.id,
    slug: p.id,
    title: p.title,
    summary: '',
    author: p.author,
    categories: p.categories,
    license: p.license,
    openSource: p.openSource,
    downloads: p.downloads,
    follows: p.follows,
    trending: 0,
    created: new Date(p.created * 1000),
    modified: new Date(p.modified * 1000),
    disclosures: p.disclosures,
    dependencies: p.dependencies,
    versions: p.versions,
    hit: {} as never,
  });
}

function randomCondition(r: ReturnType<typeof random>): Condition {
  const negate = r.next() < 0.15;
  const op = negate ? '!=' : ':';
  switch (r.int(15)) {
    case 0:
    case 1:
      return parseCondition('categories', op, r.pick(LOADERS), 'test');
    case 2:
    case 3:
      return parseCondition('versions', op, r.pick(GAME_VERSIONS), 'test');
    case 4:
      return parseCondition('project_type', op, r.pick(TYPES), 'test');
    case 5:
      return parseCondition('client_side', op, r.pick(['required', 'optional', 'unsupported', 'unknown']), 'test');
    case 6:
      return parseCondition('server_side', op, r.pick(['required', 'optional', 'unsupported', 'unknown']), 'test');
    case 7:
      return parseCondition('environment', op, r.pick(ENVIRONMENTS), 'test');
    case 8:
      return parseCondition('categories', op, r.pick(CATEGORIES), 'test');
    case 9:
      return parseCondition('license', op, r.pick(['mit', 'GPL-3.0-only']), 'test');
    case 10:
      return parseCondition('open_source', op, r.pick(['true', 'false']), 'test');
    case 11:
      return parseCondition('downloads', r.pick(['>', '>=', '<', '<=', '=']), String(r.int(100)), 'test');
    // Ids that differ only in case are different projects.
    case 12:
      return parseCondition('project_id', op, r.pick(['p0', 'P0', 'p1', 'p2']), 'test');
    case 13:
      return parseCondition(r.pick(['dependency_project_ids', 'required_dependency_project_ids']), op, r.pick(['p0', 'P0']), 'test');
    default:
      return parseCondition('all_project_types', op, r.pick(TYPES), 'test');
  }
}

function randomGroups(r: ReturnType<typeof random>): FacetGroup[] {
  return Array.from({ length: r.int(4) }, () =>
    Array.from({ length: 1 + r.int(3) }, () => Array.from({ length: r.next() < 0.8 ? 1 : 2 }, () => randomCondition(r))),
  );
}

/**
 * What Meilisearch would answer to a plan's queries over these documents (of a sort, only
 * `main:desc`: main documents first).
 */
function simulate(queries: ReturnType<typeof planSearch>['queries'], documents: readonly SearchDocument[]): Array<MultiSearchResult<RecordAny>> {
  return queries.map((query) => {
    const filter = (query.filter as string[] | undefined) ?? [];
    const matching = documents.filter((d) => evaluateFilter(filter, d as unknown as Record<string, unknown>));
    const ordered = query.sort?.[0] === 'main:desc' ? [...matching].sort((a, b) => Number(b.main === true) - Number(a.main === true)) : matching;
    const offset = query.offset ?? 0;
    const hits = ordered.slice(offset, offset + (query.limit ?? 20));
    const facetDistribution: Record<string, Record<string, number>> = {};
    for (const facet of query.facets ?? []) {
      const counts: Record<string, number> = {};
      for (const doc of matching) {
        for (const value of new Set([(doc as unknown as Record<string, unknown>)[facet]].flat().filter((v) => v !== undefined))) {
          counts[String(value)] = (counts[String(value)] ?? 0) + 1;
        }
      }
      facetDistribution[facet] = counts;
    }
    return { indexUid: query.indexUid, hits, estimatedTotalHits: matching.length, facetDistribution, processingTimeMs: 0, query: '' } as unknown as MultiSearchResult<RecordAny>;
  });
}

describe('search semantics (documents + compiled filters vs brute force)', () => {
  it('hits and every facet count agree on random catalogues and filters', () => {
    let compared = 0;
    for (let seed = 1; seed <= 40; seed++) {
      const r = random(seed);
      const projects = Array.from({ length: 25 }, (_, i) => randomProject(r, i));
      const documents = projects.flatMap(documentsOf);
      for (let round = 0; round < 15; round++) {
        const groups = randomGroups(r);
        const plan = planSearch({ text: '', groups, sort: 'relevance', offset: 0, limit: 100 }, 'projects');
        const { hits, total, facetCounts } = plan.read(simulate(plan.queries, documents));
        const expected = projects.filter((p) => oracleMatches(groups, p)).map((p) => p.id).sort();
        const context = `seed ${seed} round ${round}: ${JSON.stringify(groups)}`;
        expect(hits.map((h) => h.id as string).sort(), context).toEqual(expected);
        expect(total, context).toBe(expected.length);
        expect(facetCounts, context).toEqual(oracleCounts(groups, projects));
        compared++;
      }
    }
    expect(compared).toBe(600);
  }, 60_000);

  it('pages over main documents only: pages join into the hits, a page past them is empty', () => {
    for (let seed = 41; seed <= 50; seed++) {
      const r = random(seed);
      const projects = Array.from({ length: 25 }, (_, i) => randomProject(r, i));
      const documents = projects.flatMap(documentsOf);
      const groups = randomGroups(r);
      const expected = projects.filter((p) => oracleMatches(groups, p)).map((p) => p.id).sort();
      const page = (offset: number, limit: number) => {
        const plan = planSearch({ text: '', groups, sort: 'relevance', offset, limit }, 'projects');
        return plan.read(simulate(plan.queries, documents));
      };
      const seen: string[] = [];
      // An offset that is not a multiple of the page size, as clients send them.
      for (let offset = 3; offset < expected.length + 8; offset += 4) {
        const { hits, total } = page(offset, 4);
        expect(total).toBe(expected.length);
        expect(hits.length).toBe(Math.max(0, Math.min(4, expected.length - offset)));
        seen.push(...hits.map((h) => h.id as string));
      }
      seen.push(...page(0, 3).hits.map((h) => h.id as string));
      expect(seen.sort(), `seed ${seed}`).toEqual(expected);
    }
  });

  it('puts every (project, value) pair in exactly one document per counted field', () => {
    const r = random(7);
    let shared = 0;
    for (let i = 0; i < 300; i++) {
      const project = randomProject(r, i);
      const documents = documentsOf(project);
      // Counting documents shared by several keys occur (and are covered by the test above).
      shared += documents.filter((d) => !d.main && ['kl', 'kg', 'kt', 'kc', 'ks'].filter((k) => k in d).length > 1).length;
      expect(documents.filter((d) => d.main)).toHaveLength(1);
      for (const [key, pick] of [
        ['kl', (v: VersionFacts) => v.loaders],
        ['kg', (v: VersionFacts) => v.gameVersions],
        ['kt', (v: VersionFacts) => v.projectTypes],
        ['kc', (v: VersionFacts) => [v.clientSide]],
        ['ks', (v: VersionFacts) => [v.serverSide]],
      ] as const) {
        const placed = documents.flatMap((d) => (d as unknown as Record<string, string[] | undefined>)[key] ?? []).sort();
        expect(placed, key).toEqual([...new Set(project.versions.flatMap(pick))].sort());
      }
    }
    expect(shared).toBeGreaterThan(20);
  });

  it('needs no counting documents when only game versions differ between versions', () => {
    const versions: VersionFacts[] = ['1.19.4', '1.20.1', '1.21'].map((gameVersion) => ({
      loaders: ['fabric', 'quilt'],
      gameVersions: [gameVersion],
      projectTypes: ['mod'],
      environment: 'client_and_server',
      clientSide: 'required',
      serverSide: 'required',
    }));
    const project: OracleProject = { ...randomProject(random(1), 1), versions };
    const documents = documentsOf(project);
    expect(documents).toHaveLength(1);
    expect(documents[0]).toMatchObject({ u: ['l', 't', 'e', 'p'], vt: [], kg: ['1.19.4', '1.20.1', '1.21'], kl: ['fabric', 'quilt'] });
  });

  it('keeps a version combination apart from its parts (fabric 1.20.1 + forge 1.21 is not fabric on 1.21)', () => {
    const make = (loaders: string[], gameVersions: string[]): VersionFacts => ({
      loaders,
      gameVersions,
      projectTypes: ['mod'],
      environment: 'client_and_server',
      clientSide: 'required',
      serverSide: 'required',
    });
    const project: OracleProject = { ...randomProject(random(2), 1), versions: [make(['fabric'], ['1.20.1']), make(['forge'], ['1.21'])] };
    const [main] = documentsOf(project);
    expect(main).toMatchObject({ u: ['t', 'e', 'p'], vt: ['lg:fabric|1.20.1', 'lg:forge|1.21'] });
    const groups = (loader: string, version: string): FacetGroup[] => [
      [[parseCondition('categories', ':', loader, 'test')]],
      [[parseCondition('versions', ':', version, 'test')]],
    ];
    const matches = (groups: FacetGroup[]) => {
      const plan = planSearch({ text: '', groups, sort: 'relevance', offset: 0, limit: 10 }, 'projects');
      return plan.read(simulate(plan.queries, documentsOf(project))).total;
    };
    expect(matches(groups('fabric', '1.21'))).toBe(0);
    expect(matches(groups('forge', '1.21'))).toBe(1);
    expect(matches(groups('fabric', '1.20.1'))).toBe(1);
  });
});
