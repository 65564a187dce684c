import { relative } from 'node:path';

/** The parts of Rolldown's module graph the grouping reads (`ctx.getModuleInfo` in a group's `name`). */
export interface ChunkGraph {
  getModuleInfo(id: string): { isEntry: boolean; importers: readonly string[]; dynamicImporters: readonly string[] } | null;
}

/**
 * Pages nested in one layout route: `layout` is the layout's route module and `pages` matches the
 * route modules of the pages under it (paths under web/, as in src/app/route-preloads.ts).
 */
export interface NestedPages {
  name: string;
  layout: string;
  pages: RegExp;
}

/**
 * A code-splitting group `name` that gives the modules a layout shares only with the pages nested
 * in it one chunk. Rolldown's automatic chunking makes a chunk per set of dynamic imports needing
 * a module, so a module the layout shares with two of its tabs and one shared with three others
 * are two chunks, although every page under the layout loads the layout and so needs both. A
 * module gets the group when the layout needs it and every dynamic import needing it is the
 * layout or one of its pages: then every page that loads the chunk needs all of it. Modules that
 * another page needs, or that only the layout needs (its own chunk already), are left alone.
 */
export function nestedPagesChunk(webRoot: string, nested: NestedPages): (id: string, ctx: ChunkGraph) => string | null {
  const path = (id: string) => relative(webRoot, id).split('\\').join('/');
  return (id, ctx) => {
    const roots = new Set<string>();
    const seen = new Set<string>();
    const stack = [id];
    while (stack.length > 0) {
      const current = stack.pop()!;
      if (seen.has(current)) continue;
      seen.add(current);
      const info = ctx.getModuleInfo(current);
      if (!info || info.isEntry) return null;
      if (info.dynamicImporters.length > 0) {
        const root = path(current);
        if (root !== nested.layout && !nested.pages.test(root)) return null;
        roots.add(root);
      }
      stack.push(...info.importers);
    }
    return roots.size > 1 && roots.has(nested.layout) ? nested.name : null;
  };
}
