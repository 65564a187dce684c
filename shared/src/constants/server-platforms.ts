/**
 * What catalogue content a hosted server's platform accepts and where its files go. A server's
 * `loader` is `vanilla` for the built-in runtime (which loads `flying-squid` plugins) or the
 * platform an operator jar runs (paper, fabric…). Data packs fit every platform of the real game.
 */

export type ContentFolder = 'plugins' | 'mods' | 'world/datapacks';

export interface ServerPlatform {
  /** Catalogue loaders whose versions run here, most specific first. */
  loaders: readonly string[];
  /** Singular word for what this platform installs, for labels. */
  kind: 'plugin' | 'mod';
}

const PLUGIN_FOLDER_LOADERS = new Set(['flying-squid', 'paper', 'purpur', 'spigot', 'bukkit', 'folia', 'sponge']);
const MOD_FOLDER_LOADERS = new Set(['fabric', 'quilt', 'forge', 'neoforge']);

const PLATFORMS: Readonly<Record<string, ServerPlatform>> = {
  vanilla: { loaders: ['flying-squid'], kind: 'plugin' },
  paper: { loaders: ['paper', 'spigot', 'bukkit', 'datapack'], kind: 'plugin' },
  purpur: { loaders: ['purpur', 'paper', 'spigot', 'bukkit', 'datapack'], kind: 'plugin' },
  folia: { loaders: ['folia', 'datapack'], kind: 'plugin' },
  spigot: { loaders: ['spigot', 'bukkit', 'datapack'], kind: 'plugin' },
  bukkit: { loaders: ['bukkit', 'datapack'], kind: 'plugin' },
  fabric: { loaders: ['fabric', 'datapack'], kind: 'mod' },
  quilt: { loaders: ['quilt', 'fabric', 'datapack'], kind: 'mod' },
  forge: { loaders: ['forge', 'datapack'], kind: 'mod' },
  neoforge: { loaders: ['neoforge', 'datapack'], kind: 'mod' },
};

/** The platform of a server loader; an unknown one accepts data packs only. */
export function serverPlatform(loader: string): ServerPlatform {
  return PLATFORMS[loader] ?? { loaders: ['datapack'], kind: 'mod' };
}

/** The loader a version runs on here (the first the platform accepts), or undefined when it does not fit. */
export function matchingLoader(serverLoader: string, versionLoaders: readonly string[]): string | undefined {
  return serverPlatform(serverLoader).loaders.find((l) => versionLoaders.includes(l));
}

/** The folder a file for `loader` goes to. */
export function contentFolder(loader: string): ContentFolder {
  if (PLUGIN_FOLDER_LOADERS.has(loader)) return 'plugins';
  if (MOD_FOLDER_LOADERS.has(loader)) return 'mods';
  return 'world/datapacks';
}

/** Search facets (GET /search) for content a server can install: any accepted loader, its game version. */
export function compatibleFacets(serverLoader: string, gameVersion: string): string[][] {
  return [serverPlatform(serverLoader).loaders.map((l) => `categories:${l}`), [`versions:${gameVersion}`]];
}
