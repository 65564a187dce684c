import { describe, expect, it } from 'vitest';
import { nestedPagesChunk, type ChunkGraph } from './page-chunks';

const root = '/repo/web';
const id = (path: string) => `${root}/${path}`;

/** A module graph from `importer → static imports` and the dynamically imported modules. */
function graph(imports: Record<string, string[]>, dynamic: string[], entry: string): ChunkGraph {
  const importers = new Map<string, string[]>();
  for (const [importer, imported] of Object.entries(imports)) for (const module of imported) importers.set(id(module), [...(importers.get(id(module)) ?? []), id(importer)]);
  return {
    getModuleInfo: (module) => ({
      isEntry: module === id(entry),
      importers: importers.get(module) ?? [],
      dynamicImporters: dynamic.map(id).includes(module) ? [id(entry)] : [],
    }),
  };
}

const layout = 'src/app/routes/project/layout.tsx';
const name = nestedPagesChunk(root, { name: 'project-pages', layout, pages: /^src\/app\/routes\/project\/(?!settings\/)/ });
const ctx = graph(
  {
    'src/main.tsx': ['src/lib/shell.ts'],
    [layout]: ['src/features/projects/header.tsx', 'src/components/modal.tsx', 'src/features/projects/layout-only.tsx'],
    'src/app/routes/project/versions.tsx': ['src/features/projects/header.tsx', 'src/features/projects/version-list.tsx', 'src/lib/shell.ts'],
    'src/app/routes/project/version.tsx': ['src/features/projects/version-list.tsx'],
    'src/app/routes/project/settings/pages.tsx': ['src/components/modal.tsx'],
  },
  [layout, 'src/app/routes/project/versions.tsx', 'src/app/routes/project/version.tsx', 'src/app/routes/project/settings/pages.tsx'],
  'src/main.tsx',
);

describe('the chunk of pages nested in a layout', () => {
  it('takes what the layout shares only with its pages', () => {
    expect(name(id('src/features/projects/header.tsx'), ctx)).toBe('project-pages');
  });

  it('leaves what another page needs (here a page outside the layout), the entry needs, or only the layout or only the pages need', () => {
    expect(name(id('src/components/modal.tsx'), ctx)).toBeNull();
    expect(name(id('src/lib/shell.ts'), ctx)).toBeNull();
    expect(name(id('src/features/projects/layout-only.tsx'), ctx)).toBeNull();
    expect(name(id('src/features/projects/version-list.tsx'), ctx)).toBeNull();
    expect(name(id(layout), ctx)).toBeNull();
  });
});
