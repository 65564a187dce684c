import { relative } from 'node:path';
import type { Plugin, Rolldown } from 'vite';
import type { RoutePreload } from '../src/app/route-preloads';

/** What the web server reads from `dist/.vite/route-preloads.json`. */
export interface RoutePreloadsFile {
  routes: { pattern: string; scripts: string[]; styles: string[] }[];
}

export const ROUTE_PRELOADS_FILE = '.vite/route-preloads.json';

/** The parts of an output chunk the preload list is computed from. */
export interface PreloadChunk {
  fileName: string;
  isEntry: boolean;
  imports: readonly string[];
  moduleIds: readonly string[];
  viteMetadata?: { importedCss: ReadonlySet<string> };
}

/**
 * For each path pattern of `routes`, the JavaScript chunks (and their CSS) its modules need that
 * the entry does not already load, the first module's first. A module may share a chunk with
 * others (the code-splitting groups in vite.config.ts). A module missing from the build throws,
 * so a renamed route cannot silently stop being preloaded.
 */
export function routePreloadsFile(webRoot: string, routes: readonly RoutePreload[], chunks: readonly PreloadChunk[]): RoutePreloadsFile {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const byModule = new Map(chunks.flatMap((chunk) => chunk.moduleIds.map((id) => [relative(webRoot, id).split('\\').join('/'), chunk] as const)));
  const closure = (start: readonly PreloadChunk[]) => {
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const imported of byFile.get(file)?.imports ?? []) visit(imported);
    };
    for (const chunk of start) visit(chunk.fileName);
    return seen;
  };
  const entry = closure(chunks.filter((chunk) => chunk.isEntry));
  return {
    routes: routes.map(({ pattern, modules }) => {
      const starts = modules.map((module) => {
        const chunk = byModule.get(module);
        if (!chunk) throw new Error(`route-preloads: ${module} is in no chunk of the build; update src/app/route-preloads.ts`);
        return chunk;
      });
      const scripts = [...closure(starts)].filter((name) => !entry.has(name));
      const styles = [...new Set(scripts.flatMap((name) => [...(byFile.get(name)?.viteMetadata?.importedCss ?? [])]))];
      return { pattern, scripts, styles };
    }),
  };
}

/** Writes `dist/.vite/route-preloads.json` from the definitions in src/app/route-preloads.ts. */
export function routePreloads(webRoot: string, routes: readonly RoutePreload[]): Plugin {
  return {
    name: 'cairn:route-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((output): output is Rolldown.OutputChunk => output.type === 'chunk');
      let file: RoutePreloadsFile;
      try {
        file = routePreloadsFile(webRoot, routes, chunks);
      } catch (error) {
        return this.error(error instanceof Error ? error.message : String(error));
      }
      this.emitFile({ type: 'asset', fileName: ROUTE_PRELOADS_FILE, source: `${JSON.stringify(file, null, 2)}\n` });
    },
  };
}
