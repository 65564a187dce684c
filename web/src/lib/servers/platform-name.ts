import { findLoader } from '@cairn/shared/constants/loaders';

/**
 * The name customers see for a server's platform, wherever the panel shows it (header, cards,
 * Content, Options, Info): "Vanilla" for the built-in runtime (loader `vanilla`; that it runs on
 * flying-squid is an internal detail), else the loader's display name for an operator jar
 * (Paper, NeoForge…), else the loader id with a capital.
 */
export function platformName(loader: string, vanillaLabel: string): string {
  if (loader === 'vanilla') return vanillaLabel;
  return findLoader(loader)?.label ?? loader.charAt(0).toUpperCase() + loader.slice(1);
}
