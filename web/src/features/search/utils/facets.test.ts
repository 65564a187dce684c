import { CATEGORIES } from '@cairn/shared/constants/categories';
import { LOADERS, loaderTagProjectTypes } from '@cairn/shared/constants/loaders';
import type { FacetCounts } from '@cairn/shared/schemas/search';
import { describe, expect, it } from 'vitest';
import { activeChips, buildFacets, facetsNeedGroups, facetsQuery, optionCount } from './facets';
import { buildFilterGroups, paramFor, type FilterTags } from './filter-groups';
import { parseSearchParams, toSearchParams } from './search-state';

const tags: FilterTags = {
  loaders: LOADERS.map((l) => ({ name: l.name, icon: l.icon, supported_project_types: loaderTagProjectTypes(l) })),
  categories: CATEGORIES.map((c) => ({ name: c.name, icon: c.icon, project_type: c.projectType, header: c.header })),
  gameVersions: [
    { version: '1.21', version_type: 'release', date: '2024-06-13T00:00:00Z', major: true },
    { version: '24w14a', version_type: 'snapshot', date: '2024-04-03T00:00:00Z', major: false },
    { version: '1.20.1', version_type: 'release', date: '2023-06-12T00:00:00Z', major: false },
  ],
};

const facetsFor = (type: Parameters<typeof buildFilterGroups>[0], query: string) =>
  buildFacets(type, parseSearchParams(new URLSearchParams(query)), buildFilterGroups(type, tags));

describe('filter groups per project type', () => {
  const ids = (type: Parameters<typeof buildFilterGroups>[0]) => buildFilterGroups(type, tags).map((g) => g.id);

  it('gives each search page its filters, in order', () => {
    expect(ids('mod')).toEqual(['loader', 'gameVersion', 'categories', 'environment', 'license']);
    expect(ids('modpack')).toEqual(['gameVersion', 'loader', 'categories', 'environment', 'license']);
    expect(ids('resourcepack')).toEqual(['gameVersion', 'categories', 'features', 'resolutions', 'license']);
    expect(ids('shader')).toEqual(['gameVersion', 'loader', 'categories', 'features', 'performance', 'license']);
    expect(ids('plugin')).toEqual(['loader', 'platform', 'gameVersion', 'categories', 'license']);
    expect(ids('datapack')).toEqual(['gameVersion', 'categories', 'license']);
  });

  it('lists the right loaders, primary mod loaders first and legacy ones behind "Show more"', () => {
    const [mod] = buildFilterGroups('mod', tags);
    expect(mod?.options.map((o) => [o.value, Boolean(o.secondary)])).toEqual([
      ['fabric', false], ['forge', false], ['neoforge', false], ['quilt', false],
      ['liteloader', true], ['modloader', true], ['rift', true],
    ]);
    const plugin = buildFilterGroups('plugin', tags);
    expect(plugin[0]?.options.map((o) => o.value)).toEqual(['bukkit', 'flying-squid', 'folia', 'paper', 'purpur', 'spigot', 'sponge']);
    expect(plugin[1]?.options.map((o) => o.value)).toEqual(['bungeecord', 'velocity', 'waterfall']);
    expect(buildFilterGroups('shader', tags)[1]?.options.map((o) => o.value)).toEqual(['canvas', 'iris', 'optifine', 'vanilla']);
    expect(buildFilterGroups('modpack', tags)[1]?.options.map((o) => o.value)).toEqual(['fabric', 'forge', 'neoforge', 'quilt']);
  });

  it('orders categories for display and uses mod categories for plugins and data packs', () => {
    const performance = buildFilterGroups('shader', tags).find((g) => g.id === 'performance');
    expect(performance?.options.map((o) => o.value)).toEqual(['potato', 'low', 'medium', 'high', 'screenshot']);
    const resolutions = buildFilterGroups('resourcepack', tags).find((g) => g.id === 'resolutions');
    expect(resolutions?.options[0]?.label).toBe('8x or lower');
    const pluginCategories = buildFilterGroups('plugin', { ...tags, categories: tags.categories.filter((c) => c.project_type === 'mod') });
    expect(pluginCategories.find((g) => g.id === 'categories')?.options.length).toBeGreaterThan(10);
  });

  it('marks game versions that are not releases', () => {
    const versions = buildFilterGroups('mod', tags).find((g) => g.id === 'gameVersion');
    expect(versions?.options.map((o) => [o.value, Boolean(o.nonRelease)])).toEqual([['1.21', false], ['24w14a', true], ['1.20.1', false]]);
  });
});

describe('facets', () => {
  it('starts with the project type', () => {
    expect(facetsFor('mod', '')).toEqual([['project_type:mod']]);
    expect(facetsQuery('plugin', { filters: [] }, [])).toBe('[["project_type:plugin"]]');
  });

  it('ORs options within a loader, version or resolution group and ANDs the groups', () => {
    expect(facetsFor('mod', 'g=categories:fabric&g=categories:quilt&v=1.20.1&v=1.21')).toEqual([
      ['project_type:mod'],
      ['categories:fabric', 'categories:quilt'],
      ['versions:1.20.1', 'versions:1.21'],
    ]);
    expect(facetsFor('resourcepack', 'g=categories:16x&g=categories:32x')).toEqual([['project_type:resourcepack'], ['categories:16x', 'categories:32x']]);
  });

  it('ANDs category options, each in its own group', () => {
    expect(facetsFor('mod', 'f=categories:magic&f=categories:storage')).toEqual([['project_type:mod'], ['categories:magic'], ['categories:storage']]);
  });

  it('turns exclusions into groups of their own', () => {
    expect(facetsFor('mod', 'g=categories:fabric&g=categories!=forge&f=categories!=cursed')).toEqual([
      ['project_type:mod'],
      ['categories!=cursed'],
      ['categories!=forge'],
      ['categories:fabric'],
    ]);
  });

  it('keeps plugin loaders and platforms as separate groups', () => {
    expect(facetsFor('plugin', 'g=categories:paper&g=categories:spigot&g=categories:velocity')).toEqual([
      ['project_type:plugin'],
      ['categories:paper', 'categories:spigot'],
      ['categories:velocity'],
    ]);
  });

  it('maps environments to side facets', () => {
    expect(facetsFor('mod', 'e=client')).toEqual([['project_type:mod'], ['client_side:optional', 'client_side:required'], ['server_side:optional', 'server_side:unsupported']]);
    expect(facetsFor('mod', 'e=server')).toEqual([['project_type:mod'], ['server_side:optional', 'server_side:required'], ['client_side:optional', 'client_side:unsupported']]);
    expect(facetsFor('modpack', 'e=client&e=server')).toEqual([['project_type:modpack'], ['client_side:required'], ['server_side:required']]);
  });

  it('applies open source and hidden project ids', () => {
    expect(facetsFor('datapack', 'l=open_source:true&pid=project_id!=AAAA')).toEqual([['project_type:datapack'], ['open_source:true'], ['project_id!=AAAA']]);
  });

  it('applies filters no group knows each on its own', () => {
    expect(facetsFor('mod', 'f=categories:made-up&g=categories:fabric')).toEqual([['project_type:mod'], ['categories:made-up'], ['categories:fabric']]);
  });

  it('writes each filter back to its parameter (loaders in g, categories in f)', () => {
    const groups = buildFilterGroups('shader', tags);
    const state = parseSearchParams(new URLSearchParams('f=categories:iris&g=categories:shadows&f=categories:potato'));
    expect(toSearchParams(state, paramFor(groups)).toString()).toBe('f=categories%3Apotato&f=categories%3Ashadows&g=categories%3Airis');
  });
});

describe('facet counts', () => {
  const counts: FacetCounts = {
    categories: { magic: 4, fabric: 7 },
    versions: { '1.21': 12 },
    project_type: {},
    loaders: { forge: 3 },
    client_side: {},
    server_side: {},
    license: {},
    open_source: { true: 9 },
  };
  const groups = buildFilterGroups('mod', tags);
  const group = (id: string) => groups.find((g) => g.id === id)!;
  const option = (id: string, value: string) => group(id).options.find((o) => o.value === value)!;

  it('reads the count of each option, zero when absent', () => {
    expect(optionCount(counts, group('categories'), option('categories', 'magic'))).toBe(4);
    expect(optionCount(counts, group('categories'), option('categories', 'storage'))).toBe(0);
    expect(optionCount(counts, group('gameVersion'), option('gameVersion', '1.21'))).toBe(12);
    expect(optionCount(counts, group('loader'), option('loader', 'forge'))).toBe(3);
    expect(optionCount(counts, group('loader'), option('loader', 'fabric'))).toBe(7);
    expect(optionCount(counts, group('license'), option('license', 'true'))).toBe(9);
  });

  it('shows no count without counts, or for environments', () => {
    expect(optionCount(undefined, group('categories'), option('categories', 'magic'))).toBeUndefined();
    expect(optionCount(counts, group('environment'), option('environment', 'client'))).toBeUndefined();
  });

  it('shows every filter but hidden project ids as chips', () => {
    const state = parseSearchParams(new URLSearchParams('f=categories:magic&pid=project_id!=AAAA&v=1.21'));
    expect(activeChips(state).map((t) => t.value)).toEqual(['magic', '1.21']);
  });
});

describe('searching before the tag lists arrive', () => {
  const state = (query: string) => parseSearchParams(new URLSearchParams(query));

  it('builds the same request without the groups when no selected option groups with OR', () => {
    for (const query of ['', 'q=lantern&s=downloads', 'e=client', 'e=client&e=server&l=true', 'f=categories!=cursed&g=categories!=forge']) {
      expect(facetsNeedGroups(state(query)), query).toBe(false);
      expect(facetsQuery('mod', state(query), []), query).toBe(facetsQuery('mod', state(query), buildFilterGroups('mod', tags)));
    }
  });

  it('waits for the groups when a selected option may share a group', () => {
    for (const query of ['g=categories:fabric', 'v=1.21&v=1.20.1', 'f=categories:magic']) {
      expect(facetsNeedGroups(state(query)), query).toBe(true);
    }
    expect(facetsQuery('mod', state('v=1.21&v=1.20.1'), [])).not.toBe(facetsQuery('mod', state('v=1.21&v=1.20.1'), buildFilterGroups('mod', tags)));
  });
});
