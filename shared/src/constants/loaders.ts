import type { ProjectType } from './project-types.js';
import { lineIcon } from './svg-icon.js';

/** How the UI groups loaders (search filters, version forms). */
export type LoaderGroup = 'mod' | 'plugin' | 'platform' | 'shader' | 'datapack' | 'resourcepack';

/** Machine names of every loader, alphabetical (the order the tag route returns them). */
export const LOADER_NAMES = [
  'bukkit', 'bungeecord', 'canvas', 'datapack', 'fabric', 'flying-squid', 'folia', 'forge', 'iris', 'liteloader', 'minecraft', 'modloader',
  'neoforge', 'optifine', 'paper', 'purpur', 'quilt', 'rift', 'spigot', 'sponge', 'vanilla', 'velocity', 'waterfall',
] as const;

export type LoaderName = (typeof LOADER_NAMES)[number];

/** Everything about a loader but its icon: cheap to import where only names and groups matter. */
export interface LoaderInfo {
  /** Machine name, as stored on versions and sent on the wire. */
  name: LoaderName;
  /** Display name. */
  label: string;
  /** Project types a version with this loader can belong to. */
  supportedProjectTypes: readonly ProjectType[];
  group: LoaderGroup;
  /** Legacy loaders kept for old versions but not offered in pickers or filters. */
  hidden: boolean;
  /** Proxy platforms (they run in front of game servers rather than inside one). */
  platform: boolean;
}

export interface LoaderDefinition extends LoaderInfo {
  /** Original 24×24 line-art SVG (see `lineIcon`). */
  icon: string;
}

const MOD_AND_PACK: readonly ProjectType[] = ['mod', 'modpack'];
// The wire format lists `mod` next to `plugin`/`datapack` because those projects are shown as mods.
const PLUGIN: readonly ProjectType[] = ['plugin', 'mod'];

function info(
  name: LoaderName,
  label: string,
  group: LoaderGroup,
  supportedProjectTypes: readonly ProjectType[],
  flags: { hidden?: boolean; platform?: boolean } = {},
): LoaderInfo {
  return { name, label, group, supportedProjectTypes, hidden: flags.hidden ?? false, platform: flags.platform ?? false };
}

/** Every loader without its icon, in `LOADER_NAMES` order. */
export const LOADER_INFO: readonly LoaderInfo[] = [
  info('bukkit', 'Bukkit', 'plugin', PLUGIN),
  info('bungeecord', 'BungeeCord', 'platform', PLUGIN, { platform: true }),
  info('canvas', 'Canvas', 'shader', ['shader']),
  info('datapack', 'Data Pack', 'datapack', ['datapack', 'mod']),
  info('fabric', 'Fabric', 'mod', MOD_AND_PACK),
  // Plugins for the built-in server runtime of hosted servers (zip with a CommonJS index.js; docs/api/servers.md, "Server content").
  info('flying-squid', 'Flying Squid', 'plugin', PLUGIN),
  info('folia', 'Folia', 'plugin', PLUGIN),
  info('forge', 'Forge', 'mod', MOD_AND_PACK),
  info('iris', 'Iris', 'shader', ['shader']),
  info('liteloader', 'LiteLoader', 'mod', ['mod'], { hidden: true }),
  info('minecraft', 'Resource Pack', 'resourcepack', ['resourcepack']),
  info('modloader', 'ModLoader', 'mod', ['mod'], { hidden: true }),
  info('neoforge', 'NeoForge', 'mod', MOD_AND_PACK),
  info('optifine', 'OptiFine', 'shader', ['shader']),
  info('paper', 'Paper', 'plugin', PLUGIN),
  info('purpur', 'Purpur', 'plugin', PLUGIN),
  info('quilt', 'Quilt', 'mod', MOD_AND_PACK),
  info('rift', 'Rift', 'mod', ['mod'], { hidden: true }),
  info('spigot', 'Spigot', 'plugin', PLUGIN),
  info('sponge', 'Sponge', 'plugin', PLUGIN),
  info('vanilla', 'Vanilla Shader', 'shader', ['shader']),
  info('velocity', 'Velocity', 'platform', PLUGIN, { platform: true }),
  info('waterfall', 'Waterfall', 'platform', PLUGIN, { platform: true }),
];

/** The body of each loader's line-art icon. */
const LOADER_ICON_BODIES: Readonly<Record<LoaderName, string>> = {
  // bucket with a handle
  bukkit: '<path d="M5 8h14l-2 12H7z"/><path d="M5 8a7 5 0 0 1 14 0"/><path d="M8 12h8"/>',
  // stretched cord between two anchors
  bungeecord: '<circle cx="3.5" cy="12" r="1.5"/><circle cx="20.5" cy="12" r="1.5"/><path d="M5 12c1.5-4 3-4 4.5 0s3 4 4.5 0 3-4 4.5 0"/>',
  // easel holding a canvas
  canvas: '<rect x="4" y="3" width="16" height="12" rx="1"/><path d="M8 21l2-6M16 21l-2-6M12 15v3"/>',
  // curly braces around nothing: a pack of plain data
  datapack: '<path d="M9 4H8a2 2 0 0 0-2 2v4l-2 2 2 2v4a2 2 0 0 0 2 2h1M15 4h1a2 2 0 0 1 2 2v4l2 2-2 2v4a2 2 0 0 1-2 2h-1"/><path d="M12 12h.01"/>',
  // thread spool
  fabric: '<path d="M6 4h12M6 20h12"/><rect x="8" y="4" width="8" height="16"/><path d="M8 8l8 3M8 12l8 3M8 16l8 3"/>',
  // squid with trailing tentacles
  'flying-squid': '<path d="M12 3c3 0 5 3 5 7v3H7v-3c0-4 2-7 5-7z"/><path d="M8 13v6M11 13v8M13 13v8M16 13v6"/>',
  // leaf with a vein
  folia: '<path d="M5 19C5 10 10 5 19 5c0 9-5 14-14 14z"/><path d="M5 19l9-9"/>',
  // anvil
  forge: '<path d="M3 6h18v3h-4a3 3 0 0 0-3 3v2h1l2 5H7l2-5h1v-2a3 3 0 0 0-3-3H6C4.5 9 3 8 3 6z"/>',
  // an eye, for the iris
  iris: '<path d="M2 12s4-6.5 10-6.5S22 12 22 12s-4 6.5-10 6.5S2 12 2 12z"/><circle cx="12" cy="12" r="3"/>',
  // light bulb
  liteloader: '<path d="M9 17h6M10 21h4"/><path d="M12 3a6 6 0 0 0-3.5 10.9c.3.3.5.6.5 1.1v2h6v-2c0-.5.2-.8.5-1.1A6 6 0 0 0 12 3z"/>',
  // grass block: a cube with a ragged band on top
  minecraft: '<rect x="4" y="4" width="16" height="16" rx="1"/><path d="M4 9h3v2h3V9h4v3h3V9h3"/>',
  // block with a plus: content added to the game
  modloader: '<rect x="4" y="4" width="16" height="16" rx="3"/><path d="M12 8v8M8 12h8"/>',
  // hammer
  neoforge: '<path d="M13 3l6 6-3 3-6-6z"/><path d="M11.5 10.5L4 18l2 2 7.5-7.5"/>',
  // lens with a glint
  optifine: '<circle cx="11" cy="11" r="7"/><path d="M11 7a4 4 0 0 0-4 4M16 16l4 4"/>',
  // sheet of paper with a folded corner
  paper: '<path d="M6 3h9l4 4v14H6z"/><path d="M15 3v4h4M9 12h7M9 16h7"/>',
  // fluted pillar
  purpur: '<path d="M6 3h12M6 21h12"/><rect x="8" y="6" width="8" height="12"/><path d="M12 6v12"/>',
  // quilt square: stitched seams and patches
  quilt: '<rect x="4" y="4" width="16" height="16" rx="2"/><path d="M12 4v16M4 12h16" stroke-dasharray="2 2"/><path d="M7 7l2 2M15 15l2 2"/>',
  // crack splitting a disc
  rift: '<circle cx="12" cy="12" r="9"/><path d="M11 3l2 6-3 3 3 4-2 5"/>',
  // tap with a drop
  spigot: '<path d="M4 8v8M4 10h9a3 3 0 0 1 3 3v2M4 14h7M9 10V6M7 6h4M16 19v1"/>',
  // porous block
  sponge: '<rect x="4" y="6" width="16" height="12" rx="3"/><circle cx="9" cy="10" r="1"/><circle cx="15" cy="11" r="1.5"/><circle cx="11" cy="14.5" r="1"/>',
  // vanilla pod with its flower leaf
  vanilla: '<path d="M5 20C9 16 13 10 17 4"/><path d="M17 4c-3 .5-5 2.5-5 6 3 0 5-2 5-6zM9 14c-2.5-.5-4.5-2.5-4.5-5 2.5.5 4.5 2.5 4.5 5z"/>',
  // speed lines and a chevron
  velocity: '<path d="M3 8h6M5 12h8M3 16h6"/><path d="M14 6l6 6-6 6"/>',
  // ledge with water falling into a pool
  waterfall: '<path d="M3 5h10"/><path d="M9 5v11M13 5v11M17 8v8"/><path d="M3 20c3-2 15-2 18 0"/>',
};

/**
 * Every loader with its icon, in `LOADER_NAMES` order. Marked pure so bundles that never read
 * icons (the website's search pages) leave the drawings out.
 */
export const LOADERS: readonly LoaderDefinition[] = /* @__PURE__ */ LOADER_INFO.map((l) => ({ ...l, icon: lineIcon(LOADER_ICON_BODIES[l.name]) }));

export function findLoader(name: string): LoaderInfo | undefined {
  return LOADER_INFO.find((l) => l.name === name);
}

export function loadersForProjectType(type: ProjectType, options: { includeHidden?: boolean } = {}): LoaderDefinition[] {
  return LOADERS.filter((l) => l.supportedProjectTypes.includes(type) && (options.includeHidden || !l.hidden));
}

/**
 * `supported_project_types` as the v2 tag route sends it: the reference API appends the
 * pseudo-type `project` (a project without versions yet) to every loader.
 */
export function loaderTagProjectTypes(loader: { supportedProjectTypes: readonly string[] }): string[] {
  return [...loader.supportedProjectTypes, 'project'];
}

/**
 * URL segment type for a project (spec §2): a `mod` project is shown as a data pack if any
 * loader is `datapack`, else as a plugin if any loader is a plugin or proxy-platform loader.
 * Other project types map to themselves.
 */
export function projectUrlType(projectType: string, loaders: readonly string[]): string {
  if (projectType !== 'mod') return projectType;
  if (loaders.includes('datapack')) return 'datapack';
  const isPluginLoader = (name: string) => {
    const group = findLoader(name)?.group;
    return group === 'plugin' || group === 'platform';
  };
  return loaders.some(isPluginLoader) ? 'plugin' : 'mod';
}

export function loadersInGroup(group: LoaderGroup, options: { includeHidden?: boolean } = {}): LoaderDefinition[] {
  return LOADERS.filter((l) => l.group === group && (options.includeHidden || !l.hidden));
}

const GROUP_PROJECT_TYPE: Readonly<Record<LoaderGroup, ProjectType>> = {
  mod: 'mod',
  plugin: 'plugin',
  platform: 'plugin',
  shader: 'shader',
  datapack: 'datapack',
  resourcepack: 'resourcepack',
};

/**
 * The project types one version counts as: `modpack` for a modpack file, otherwise the kind
 * of add-on each of its loaders runs (fabric → mod, paper → plugin, iris → shader…).
 */
export function versionProjectTypes(loaders: readonly string[], modpack: boolean): ProjectType[] {
  if (modpack) return ['modpack'];
  const types = new Set<ProjectType>();
  for (const name of loaders) {
    const group = findLoader(name)?.group;
    if (group) types.add(GROUP_PROJECT_TYPE[group]);
  }
  return [...types];
}
