import { LOADERS, loaderTagProjectTypes } from '@cairn/shared/constants/loaders';
import { describe, expect, it } from 'vitest';
import { buildCategoryTags, buildProject, buildSearchHit } from '../../testing/mocks/catalogue';
import { buildTagIndex, cardFromSearchHit, environmentKind } from './card-data';
import { cardFromProject } from './card-from-project';

const tags = buildTagIndex(
  buildCategoryTags(),
  LOADERS.map((l) => ({ name: l.name, icon: l.icon, supported_project_types: loaderTagProjectTypes(l) })),
);

describe('project cards', () => {
  it('link to the URL type of the project (plugins and data packs apart from mods)', () => {
    expect(cardFromSearchHit(buildSearchHit(buildProject()), { tags }).href).toBe('/mod/lanternlight');
    const plugin = buildProject({ slug: 'market', loaders: ['paper', 'spigot'], categories: ['economy'] });
    expect(cardFromSearchHit(buildSearchHit(plugin), { tags }).href).toBe('/plugin/market');
    expect(cardFromProject(buildProject({ slug: 'ruins', loaders: ['datapack'] }), { tags }).href).toBe('/datapack/ruins');
  });

  it('show categories before loaders, with labels and icons, and leave loaders out for resource packs', () => {
    const card = cardFromSearchHit(buildSearchHit(buildProject({ categories: ['game-mechanics'], loaders: ['neoforge'] })), { tags });
    expect(card.tags.map((t) => t.label)).toEqual(['Game Mechanics', 'NeoForge']);
    expect(card.tags.every((t) => t.icon?.startsWith('<svg'))).toBe(true);
    const pack = buildProject({ project_type: 'resourcepack', slug: 'pack', categories: ['16x'], loaders: ['minecraft'] });
    expect(cardFromSearchHit(buildSearchHit(pack), { tags }).tags.map((t) => t.label)).toEqual(['16x']);
  });

  it('show the update date, or the publication date when sorted by newest', () => {
    const hit = buildSearchHit(buildProject(), { date_created: '2025-01-01T00:00:00.000Z', date_modified: '2026-01-01T00:00:00.000Z' });
    expect(cardFromSearchHit(hit, { tags })).toMatchObject({ date: '2026-01-01T00:00:00.000Z', dateKind: 'updated' });
    expect(cardFromSearchHit(hit, { tags, dateKind: 'published' })).toMatchObject({ date: '2025-01-01T00:00:00.000Z', dateKind: 'published' });
  });

  it('name where a project runs from its client and server sides', () => {
    expect(environmentKind('required', 'required')).toBe('clientAndServer');
    expect(environmentKind('optional', 'optional')).toBe('clientOrServer');
    expect(environmentKind('required', 'unsupported')).toBe('client');
    expect(environmentKind('unsupported', 'optional')).toBe('server');
    expect(environmentKind('required', 'optional')).toBe('clientServerOptional');
    expect(environmentKind('unknown', 'required')).toBeUndefined();
    // Not shown on shader cards.
    expect(cardFromSearchHit(buildSearchHit(buildProject({ project_type: 'shader', slug: 's', loaders: ['iris'] })), { tags }).environment).toBeUndefined();
  });

  it('mark projects that are not public, and take the featured gallery image', () => {
    const card = cardFromProject(buildProject({ status: 'draft' }), { tags });
    expect(card.status).toBe('draft');
    expect(card.image).toBe('https://cdn.example.test/g1.webp');
    expect(cardFromProject(buildProject(), { tags }).status).toBeUndefined();
  });
});
