import { describe, it, expect } from 'vitest';
import { CATEGORIES, CATEGORY_ICONS, CATEGORY_LABELS, CATEGORY_NAMES, categoriesForProjectType } from './categories.js';
import { DONATION_PLATFORMS, donationPlatformName } from './donation-platforms.js';
import { GAME_VERSION_TYPES } from './game-version-types.js';
import {
  findLoader,
  LOADER_NAMES,
  LOADERS,
  loadersForProjectType,
  loadersInGroup,
  loaderTagProjectTypes,
  projectUrlType,
} from './loaders.js';
import { PROJECT_TYPE_INFO, PROJECT_TYPES, projectTypeFromSearchSegment } from './project-types.js';
import { REPORT_TYPE_LABELS, REPORT_TYPES } from './report-types.js';
import { SIDE_TYPES } from './side-types.js';

function expectLineIcon(svg: string) {
  expect(svg.length).toBeLessThan(600);
  expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 24 24" fill="none" stroke="currentColor"[^>]*>/);
  expect(svg.endsWith('</svg>')).toBe(true);
  expect(svg).not.toMatch(/NaN|undefined|#[0-9a-f]{3,6}|<script|\son\w+=/i);
  // every element opened is closed (all shapes are self-closing)
  expect(svg.match(/<svg/g)).toHaveLength(1);
  expect(svg.replace(/^<svg[^>]*>|<\/svg>$/g, '')).toMatch(/^(<(path|circle|rect|ellipse) [^<>]*\/>)+$/);
}

describe('project types', () => {
  it('lists the six types with labels and search segments', () => {
    expect(PROJECT_TYPES).toEqual(['mod', 'modpack', 'resourcepack', 'shader', 'plugin', 'datapack']);
    expect(PROJECT_TYPE_INFO.resourcepack).toEqual({ singular: 'Resource Pack', plural: 'Resource Packs', searchSegment: 'resourcepacks' });
    expect(PROJECT_TYPE_INFO.datapack.plural).toBe('Data Packs');
    expect(PROJECT_TYPES.map((t) => PROJECT_TYPE_INFO[t].searchSegment)).toEqual([
      'mods', 'modpacks', 'resourcepacks', 'shaders', 'plugins', 'datapacks',
    ]);
    expect(projectTypeFromSearchSegment('shaders')).toBe('shader');
    expect(projectTypeFromSearchSegment('shader')).toBeUndefined();
  });
});

describe('loaders', () => {
  it('covers every loader of the spec once, alphabetically', () => {
    expect(LOADERS.map((l) => l.name)).toEqual([...LOADER_NAMES]);
    expect([...LOADER_NAMES].sort()).toEqual([...LOADER_NAMES]);
    expect(LOADERS).toHaveLength(23);
  });

  it('has original line icons of the agreed shape', () => {
    for (const l of LOADERS) expectLineIcon(l.icon);
    expect(new Set(LOADERS.map((l) => l.icon)).size).toBe(LOADERS.length);
  });

  it('groups and flags loaders per spec §9', () => {
    const names = (list: { name: string }[]) => list.map((l) => l.name).sort();
    expect(names(loadersInGroup('plugin'))).toEqual(['bukkit', 'flying-squid', 'folia', 'paper', 'purpur', 'spigot', 'sponge']);
    expect(names(loadersInGroup('platform'))).toEqual(['bungeecord', 'velocity', 'waterfall']);
    expect(names(loadersInGroup('mod'))).toEqual(['fabric', 'forge', 'neoforge', 'quilt']);
    expect(names(loadersInGroup('mod', { includeHidden: true }))).toEqual([
      'fabric', 'forge', 'liteloader', 'modloader', 'neoforge', 'quilt', 'rift',
    ]);
    expect(names(loadersInGroup('shader'))).toEqual(['canvas', 'iris', 'optifine', 'vanilla']);
    expect(names(LOADERS.filter((l) => l.hidden))).toEqual(['liteloader', 'modloader', 'rift']);
    expect(names(LOADERS.filter((l) => l.platform))).toEqual(['bungeecord', 'velocity', 'waterfall']);
  });

  it('supports the project types of the reference tag list', () => {
    expect(findLoader('fabric')?.supportedProjectTypes).toEqual(['mod', 'modpack']);
    expect(findLoader('paper')?.supportedProjectTypes).toEqual(['plugin', 'mod']);
    expect(findLoader('velocity')?.supportedProjectTypes).toEqual(['plugin', 'mod']);
    expect(findLoader('datapack')?.supportedProjectTypes).toEqual(['datapack', 'mod']);
    expect(findLoader('iris')?.supportedProjectTypes).toEqual(['shader']);
    expect(findLoader('minecraft')?.supportedProjectTypes).toEqual(['resourcepack']);
    expect(findLoader('rift')?.supportedProjectTypes).toEqual(['mod']);
    expect(names(loadersForProjectType('modpack'))).toEqual(['fabric', 'forge', 'neoforge', 'quilt']);
    expect(loaderTagProjectTypes(LOADERS[0]!)).toEqual(['plugin', 'mod', 'project']);
    function names(list: { name: string }[]) {
      return list.map((l) => l.name).sort();
    }
  });

  it('derives the URL type of a mod project from its loaders', () => {
    expect(projectUrlType('mod', ['fabric', 'quilt'])).toBe('mod');
    expect(projectUrlType('mod', ['paper', 'spigot'])).toBe('plugin');
    expect(projectUrlType('mod', ['velocity'])).toBe('plugin');
    expect(projectUrlType('mod', ['paper', 'datapack', 'fabric'])).toBe('datapack');
    expect(projectUrlType('modpack', ['fabric'])).toBe('modpack');
    expect(projectUrlType('mod', [])).toBe('mod');
  });
});

describe('categories', () => {
  const specNames = [
    'adventure', 'cartoon', 'challenging', 'combat', 'cursed', 'decoration', 'economy', 'equipment', 'fantasy', 'food',
    'game-mechanics', 'kitchen-sink', 'library', 'lightweight', 'magic', 'management', 'minigame', 'mobs', 'modded',
    'multiplayer', 'optimization', 'quests', 'realistic', 'semi-realistic', 'simplistic', 'social', 'storage',
    'technology', 'themed', 'transportation', 'tweaks', 'utility', 'vanilla-like', 'worldgen', 'atmosphere', 'audio',
    'blocks', 'bloom', 'colored-lighting', 'core-shaders', 'entities', 'environment', 'fonts', 'foliage', 'gui', 'items',
    'locale', 'models', 'path-tracing', 'pbr', 'reflections', 'shadows', '8x-', '16x', '32x', '48x', '64x', '128x',
    '256x', '512x+', 'potato', 'low', 'medium', 'high', 'screenshot',
  ];

  it('uses every tag name of spec §3 at least once, and no other', () => {
    const used = new Set(CATEGORIES.map((c) => c.name));
    expect([...used].sort()).toEqual([...specNames].sort());
    expect([...CATEGORY_NAMES].sort()).toEqual([...specNames].sort());
  });

  it('has no duplicate (name, project type, header) rows', () => {
    const keys = CATEGORIES.map((c) => `${c.projectType}/${c.header}/${c.name}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('gives every name one icon, shared across project types', () => {
    for (const name of CATEGORY_NAMES) expectLineIcon(CATEGORY_ICONS[name]);
    for (const c of CATEGORIES) expect(c.icon).toBe(CATEGORY_ICONS[c.name]);
    expect(new Set(Object.values(CATEGORY_ICONS)).size).toBe(CATEGORY_NAMES.length);
  });

  it('assigns headers per project type', () => {
    const headersOf = (type: Parameters<typeof categoriesForProjectType>[0]) =>
      [...new Set(categoriesForProjectType(type).map((c) => c.header))];
    expect(headersOf('mod')).toEqual(['categories']);
    expect(headersOf('plugin')).toEqual(['categories']);
    expect(headersOf('datapack')).toEqual(['categories']);
    expect(headersOf('modpack')).toEqual(['categories']);
    expect(headersOf('resourcepack')).toEqual(['categories', 'features', 'resolutions']);
    expect(headersOf('shader')).toEqual(['categories', 'features', 'performance impact']);
    expect(categoriesForProjectType('mod')).toHaveLength(19);
    expect(categoriesForProjectType('modpack')).toHaveLength(10);
    expect(categoriesForProjectType('resourcepack')).toHaveLength(29);
    expect(categoriesForProjectType('shader')).toHaveLength(19);
  });

  it('labels names for people', () => {
    expect(CATEGORY_LABELS['game-mechanics']).toBe('Game Mechanics');
    expect(CATEGORY_LABELS['vanilla-like']).toBe('Vanilla-like');
    expect(CATEGORY_LABELS.pbr).toBe('PBR');
    expect(CATEGORY_LABELS['16x']).toBe('16x');
    expect(CATEGORY_LABELS['512x+']).toBe('512x or higher');
  });
});

describe('small enumerations', () => {
  it('lists the eight report reasons with labels', () => {
    expect(REPORT_TYPES).toEqual([
      'spam', 'copyright', 'inappropriate', 'malicious', 'name-squatting', 'poor-description', 'invalid-metadata', 'other',
    ]);
    for (const type of REPORT_TYPES) expect(REPORT_TYPE_LABELS[type]).toMatch(/^[A-Z]/);
  });

  it('lists the six donation platforms', () => {
    expect(DONATION_PLATFORMS.map((p) => p.short)).toEqual(['patreon', 'bmac', 'paypal', 'github', 'ko-fi', 'other']);
    expect(donationPlatformName('bmac')).toBe('Buy Me A Coffee');
    expect(donationPlatformName('github')).toBe('GitHub Sponsors');
    expect(donationPlatformName('venmo')).toBeUndefined();
  });

  it('lists side and game version types', () => {
    expect(SIDE_TYPES).toEqual(['required', 'optional', 'unsupported', 'unknown']);
    expect(GAME_VERSION_TYPES).toEqual(['release', 'snapshot', 'beta', 'alpha']);
  });
});
