import type { ProjectType } from './project-types.js';
import { lineIcon } from './svg-icon.js';

/** Section a tag is listed under; order here is the display order of the sections. */
export const CATEGORY_HEADERS = ['categories', 'features', 'resolutions', 'performance impact'] as const;

export type CategoryHeader = (typeof CATEGORY_HEADERS)[number];

/** Every distinct tag name, whatever its header or project type. */
export const CATEGORY_NAMES = [
  // categories
  'adventure', 'cartoon', 'challenging', 'combat', 'cursed', 'decoration', 'economy', 'equipment', 'fantasy', 'food',
  'game-mechanics', 'kitchen-sink', 'library', 'lightweight', 'magic', 'management', 'minigame', 'mobs', 'modded',
  'multiplayer', 'optimization', 'quests', 'realistic', 'semi-realistic', 'simplistic', 'social', 'storage',
  'technology', 'themed', 'transportation', 'tweaks', 'utility', 'vanilla-like', 'worldgen',
  // features ('equipment' is both a mod category and a resource pack feature)
  'atmosphere', 'audio', 'blocks', 'bloom', 'colored-lighting', 'core-shaders', 'entities', 'environment', 'fonts',
  'foliage', 'gui', 'items', 'locale', 'models', 'path-tracing', 'pbr', 'reflections', 'shadows',
  // resolutions
  '8x-', '16x', '32x', '48x', '64x', '128x', '256x', '512x+',
  // performance impact
  'potato', 'low', 'medium', 'high', 'screenshot',
] as const;

export type CategoryName = (typeof CATEGORY_NAMES)[number];

export interface CategoryDefinition {
  name: CategoryName;
  projectType: ProjectType;
  header: CategoryHeader;
  icon: string;
}

/** A square split into `cells`×`cells` pixels (hairline grid): denser grid, higher texture resolution. */
function pixelGrid(cells: number): string {
  const step = 16 / cells;
  let lines = '';
  for (let i = 1; i < cells; i++) {
    const at = +(4 + i * step).toFixed(2);
    lines += `M4 ${at}h16M${at} 4v16`;
  }
  return `<rect x="4" y="4" width="16" height="16" rx="1"/><path stroke-width=".75" d="${lines}"/>`;
}

/** Half dial with its needle pointing at `needleEnd`: the performance-impact gauges. */
function gauge(needleEnd: string): string {
  return `<path d="M4 17a8 8 0 1 1 16 0"/><path d="M12 17L${needleEnd}"/><circle cx="12" cy="17" r="1"/>`;
}

const ICON_BODIES: Readonly<Record<CategoryName, string>> = {
  adventure: '<circle cx="12" cy="12" r="9"/><path d="M15.5 8.5l-2 5-5 2 2-5z"/>',
  cartoon: '<circle cx="12" cy="12" r="9"/><path d="M8 14c1.5 2.5 6.5 2.5 8 0M9 9.5v1M15 9.5v1"/>',
  challenging: '<path d="M3 20l6-10 4 6 2-3 6 7z"/><path d="M9 10V4l4 2-4 2"/>',
  combat: '<path d="M14 4h6v6L10 20l-6-6z"/><path d="M6 12l6 6M3 21l3-3"/>',
  cursed: '<path d="M5 11a7 7 0 0 1 14 0v4l-2 1v3H7v-3l-2-1z"/><circle cx="9" cy="11" r="1.5"/><circle cx="15" cy="11" r="1.5"/><path d="M11 19v-2M13 19v-2"/>',
  decoration: '<path d="M7 14h10l-1.5 7h-7z"/><path d="M12 14V8M12 8c0-3 2-5 5-5 0 3-2 5-5 5zM12 10c0-2-2-4-4-4 0 2 2 4 4 4z"/>',
  economy: '<ellipse cx="12" cy="6" rx="7" ry="3"/><path d="M5 6v6c0 1.7 3.1 3 7 3s7-1.3 7-3V6M5 12v6c0 1.7 3.1 3 7 3s7-1.3 7-3v-6"/>',
  equipment: '<path d="M12 3l8 3v5c0 5-3.5 8.5-8 10-4.5-1.5-8-5-8-10V6z"/><path d="M12 7v10M8 11h8"/>',
  fantasy: '<path d="M12 3l1.8 5.2L19 10l-5.2 1.8L12 17l-1.8-5.2L5 10l5.2-1.8z"/><path d="M19 17v4M17 19h4"/>',
  food: '<path d="M12 7c-2-2-7-1.5-7 4 0 5 3 9 5 9 1 0 1.5-.5 2-.5s1 .5 2 .5c2 0 5-4 5-9 0-5.5-5-6-7-4z"/><path d="M12 7c0-2 1-3.5 3-4"/>',
  'game-mechanics': '<path d="M4 20h16"/><path d="M8 20l4-6 4 6"/><path d="M12 14l5-9"/><circle cx="17.5" cy="4.5" r="1.5"/>',
  'kitchen-sink': '<path d="M3 12h18v1a7 7 0 0 1-7 7h-4a7 7 0 0 1-7-7z"/><path d="M12 12V5a2 2 0 0 1 4 0"/>',
  library: '<path d="M4 4h4v16H4zM10 4h4v16h-4z"/><path d="M16 5l3.5-1 3 15.5-3.5 1z"/>',
  lightweight: '<path d="M20 4C11 4 6 9 6 18"/><path d="M20 4c0 8-5 12-12 12M4 20l2-2M10 11h5"/>',
  magic: '<path d="M9 3h6M10 3v5l-5 9a3 3 0 0 0 2.6 4h8.8A3 3 0 0 0 19 17l-5-9V3"/><path d="M7.5 14h9"/>',
  management: '<rect x="5" y="4" width="14" height="17" rx="2"/><path d="M9 4V3h6v1M8.5 11l1.5 1.5 2.5-2.5M8.5 16.5l1.5 1.5 2.5-2.5M15 11.5h1M15 17h1"/>',
  minigame: '<rect x="4" y="4" width="16" height="16" rx="3"/><circle cx="9" cy="9" r="1"/><circle cx="12" cy="12" r="1"/><circle cx="15" cy="15" r="1"/>',
  mobs: '<rect x="4" y="5" width="16" height="14" rx="4"/><path d="M9 10v2M15 10v2M10 16h4"/>',
  modded: '<path d="M4 8l8-4 8 4v8l-8 4-8-4z"/><path d="M12 9v6M9 12h6"/>',
  multiplayer: '<circle cx="8" cy="8" r="3"/><circle cx="17" cy="9" r="2.5"/><path d="M2 20c0-3.5 2.7-6 6-6s6 2.5 6 6M14 14.5c3.5-1 7 1 7 5"/>',
  optimization: '<path d="M13 2L5 14h6l-1 8 8-12h-6z"/>',
  quests: '<path d="M7 4h11a2 2 0 0 1 2 2v1h-4"/><path d="M16 6v12a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-1h11"/><path d="M7 4a2 2 0 0 0-2 2v11M9 9h4M9 13h4"/>',
  realistic: '<rect x="3" y="5" width="18" height="14" rx="2"/><path d="M3 16l5-5 4 4 3-3 6 6"/><circle cx="16" cy="9" r="1.5"/>',
  'semi-realistic': '<circle cx="12" cy="12" r="9"/><path d="M12 3v18M12 7h5M12 11h7M12 15h7M12 19h4"/>',
  simplistic: '<circle cx="7" cy="7" r="3"/><rect x="14" y="4" width="6" height="6"/><path d="M12 14l4 7H8z"/>',
  social: '<path d="M4 5h11v8H9l-3 3v-3H4z"/><path d="M15 9h5v8h-2v3l-3-3h-5v-2"/>',
  storage: '<rect x="3" y="6" width="18" height="14" rx="1"/><path d="M3 11h18M11 10h2v3h-2z"/>',
  technology: '<rect x="7" y="7" width="10" height="10" rx="1"/><path d="M10 3v4M14 3v4M10 17v4M14 17v4M3 10h4M3 14h4M17 10h4M17 14h4"/>',
  themed: '<path d="M12 3a9 9 0 1 0 0 18c1.5 0 2-1 2-2s-1-1.5-1-2.5 1-1.5 2-1.5h2a4 4 0 0 0 4-4c0-4.5-4-8-9-8z"/><circle cx="8" cy="11" r="1"/><circle cx="11" cy="7" r="1"/><circle cx="16" cy="8" r="1"/>',
  transportation: '<path d="M3 7h18l-2 9H5z"/><circle cx="8" cy="19" r="2"/><circle cx="16" cy="19" r="2"/>',
  tweaks: '<circle cx="12" cy="13" r="7"/><path d="M12 13l3-3M12 3v2M3 13h2M19 13h2"/>',
  utility: '<path d="M14.5 3.5a5 5 0 0 0-4 7L4 17l3 3 6.5-6.5a5 5 0 0 0 7-4l-3 1-3-3z"/>',
  'vanilla-like': '<path d="M12 3l8 4.5v9L12 21l-8-4.5v-9z"/><path d="M4 7.5l8 4.5 8-4.5M12 12v9"/>',
  worldgen: '<circle cx="12" cy="12" r="9"/><path d="M3 12h18M12 3c3 3 3 15 0 18M12 3c-3 3-3 15 0 18"/>',

  atmosphere: '<path d="M7 18a4 4 0 0 1-.5-8 5.5 5.5 0 0 1 10.6-1.5A4.5 4.5 0 0 1 17 18z"/>',
  audio: '<path d="M9 18V5l11-2v13"/><circle cx="6" cy="18" r="3"/><circle cx="17" cy="16" r="3"/>',
  blocks: '<rect x="3" y="12" width="8" height="8"/><rect x="13" y="12" width="8" height="8"/><rect x="8" y="4" width="8" height="8"/>',
  bloom: '<circle cx="12" cy="12" r="3"/><circle cx="12" cy="12" r="6.5" stroke-dasharray="2 2.5"/><circle cx="12" cy="12" r="10" stroke-opacity=".4"/>',
  'colored-lighting': '<path d="M12 3v3M5 6l2 2M19 6l-2 2"/><path d="M8 14a4 4 0 1 1 8 0v3H8z"/><path d="M9 21h6"/>',
  'core-shaders': '<path d="M8 8l-4 4 4 4M16 8l4 4-4 4M13.5 6l-3 12"/>',
  entities: '<circle cx="12" cy="8" r="4"/><path d="M5 21v-2a7 7 0 0 1 14 0v2"/>',
  environment: '<path d="M12 21v-5"/><path d="M12 3l6 8h-3l4 5H5l4-5H6z"/>',
  fonts: '<path d="M5 20L12 4l7 16M8 14h8"/>',
  foliage: '<path d="M12 21V11"/><path d="M12 11c0-4 3-7 7-7 0 4-3 7-7 7zM12 14c0-3-2.5-5.5-6-5.5 0 3 2.5 5.5 6 5.5z"/>',
  gui: '<rect x="3" y="4" width="18" height="16" rx="2"/><path d="M3 9h18M7 13h6M7 16h4"/>',
  items: '<path d="M6 4h12l3 5-9 11L3 9z"/><path d="M3 9h18M9 4L8 9l4 11 4-11-1-5"/>',
  locale: '<path d="M4 5h8M8 3v2M6 5c0 4 3 7 6 8M10 5c0 4-3 7-6 8"/><path d="M13 21l4-9 4 9M14.5 18h5"/>',
  models: '<path d="M12 3l8 4.5v9L12 21l-8-4.5v-9z"/><path d="M4 7.5l8 4.5 8-4.5M12 12v9" stroke-dasharray="2 2"/>',
  'path-tracing': '<circle cx="3.5" cy="4.5" r="1.5"/><path d="M5 6l6 8 4-6 5 10M3 21h18"/>',
  pbr: '<circle cx="12" cy="12" r="9"/><path d="M8 8a5 5 0 0 1 4-2M3.5 15c5 2 12 2 17 0"/>',
  reflections: '<path d="M3 12h18"/><path d="M6 10l4-5 3 3 2-2 3 4"/><path d="M6 14l4 5 3-3 2 2 3-4" stroke-dasharray="1.5 2"/>',
  shadows: '<circle cx="12" cy="9" r="6"/><ellipse cx="14" cy="19.5" rx="7" ry="1.5"/>',

  '8x-': /* @__PURE__ */ pixelGrid(2),
  '16x': /* @__PURE__ */ pixelGrid(3),
  '32x': /* @__PURE__ */ pixelGrid(4),
  '48x': /* @__PURE__ */ pixelGrid(5),
  '64x': /* @__PURE__ */ pixelGrid(6),
  '128x': /* @__PURE__ */ pixelGrid(7),
  '256x': /* @__PURE__ */ pixelGrid(8),
  '512x+': /* @__PURE__ */ pixelGrid(10),

  potato: '<path d="M7 5c3-3 11-2 12 4s-3 12-9 11-8-5-6-9c1-2 1-4 3-6z"/><path d="M10 9h.01M14 12h.01M11 15h.01"/>',
  low: /* @__PURE__ */ gauge('7 12'),
  medium: /* @__PURE__ */ gauge('12 10'),
  high: /* @__PURE__ */ gauge('17 12'),
  screenshot: '<path d="M4 8h3l2-3h6l2 3h3v11H4z"/><circle cx="12" cy="13" r="3.5"/>',
};

/** One SVG per tag name; a name shared by several project types uses the same icon. */
export const CATEGORY_ICONS: Readonly<Record<CategoryName, string>> = /* @__PURE__ */ Object.fromEntries(
  /* @__PURE__ */ CATEGORY_NAMES.map((name) => [name, lineIcon(ICON_BODIES[name])]),
) as Record<CategoryName, string>;

/** Human labels for filters and chips ("game-mechanics" → "Game Mechanics"). */
export const CATEGORY_LABELS: Readonly<Record<CategoryName, string>> = {
  ...(Object.fromEntries(
    CATEGORY_NAMES.map((name) => [name, name.split('-').map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(' ')]),
  ) as Record<CategoryName, string>),
  'semi-realistic': 'Semi-realistic',
  'vanilla-like': 'Vanilla-like',
  gui: 'GUI',
  pbr: 'PBR',
  '8x-': '8x or lower',
  '512x+': '512x or higher',
};

const MOD_CATEGORIES = [
  'adventure', 'cursed', 'decoration', 'economy', 'equipment', 'food', 'game-mechanics', 'library', 'magic',
  'management', 'minigame', 'mobs', 'optimization', 'social', 'storage', 'technology', 'transportation', 'utility',
  'worldgen',
] as const satisfies readonly CategoryName[];

/** Which tags each project type offers, per header. */
const TAGS_BY_TYPE: Readonly<Record<ProjectType, Partial<Record<CategoryHeader, readonly CategoryName[]>>>> = {
  // Plugins and data packs are browsed as mods, so they share the mod categories.
  mod: { categories: MOD_CATEGORIES },
  plugin: { categories: MOD_CATEGORIES },
  datapack: { categories: MOD_CATEGORIES },
  modpack: {
    categories: [
      'adventure', 'challenging', 'combat', 'kitchen-sink', 'lightweight', 'magic', 'multiplayer', 'optimization',
      'quests', 'technology',
    ],
  },
  resourcepack: {
    categories: [
      'combat', 'cursed', 'decoration', 'modded', 'realistic', 'simplistic', 'themed', 'tweaks', 'utility', 'vanilla-like',
    ],
    features: [
      'audio', 'blocks', 'core-shaders', 'entities', 'environment', 'equipment', 'fonts', 'gui', 'items', 'locale',
      'models',
    ],
    resolutions: ['8x-', '16x', '32x', '48x', '64x', '128x', '256x', '512x+'],
  },
  shader: {
    categories: ['cartoon', 'cursed', 'fantasy', 'realistic', 'semi-realistic', 'vanilla-like'],
    features: ['atmosphere', 'bloom', 'colored-lighting', 'foliage', 'path-tracing', 'pbr', 'reflections', 'shadows'],
    'performance impact': ['potato', 'low', 'medium', 'high', 'screenshot'],
  },
};

/** Every (tag, project type) pair: the rows of the category tag route. */
export const CATEGORIES: readonly CategoryDefinition[] = /* @__PURE__ */ Object.entries(TAGS_BY_TYPE).flatMap(([projectType, byHeader]) =>
  CATEGORY_HEADERS.flatMap((header) =>
    (byHeader[header] ?? []).map((name) => ({
      name,
      projectType: projectType as ProjectType,
      header,
      icon: CATEGORY_ICONS[name],
    })),
  ),
);

export function isCategoryName(value: string): value is CategoryName {
  return (CATEGORY_NAMES as readonly string[]).includes(value);
}

export function categoriesForProjectType(type: ProjectType): CategoryDefinition[] {
  return CATEGORIES.filter((c) => c.projectType === type);
}
