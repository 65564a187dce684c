import { describe, expect, it } from 'vitest';
import { buildLoaderTag } from '../../../testing/mocks/factories';
import { groupLoadersByProjectType } from './group-loaders';

const names = (groups: ReturnType<typeof groupLoadersByProjectType>) =>
  Object.fromEntries(groups.map((g) => [g.projectType, g.loaders.map((l) => l.name)]));

describe('groupLoadersByProjectType', () => {
  it('groups in display order, sorted by label, skipping empty types and the pseudo-type project', () => {
    const groups = groupLoadersByProjectType([
      buildLoaderTag({ name: 'quilt', supported_project_types: ['mod', 'modpack', 'project'] }),
      buildLoaderTag({ name: 'iris', supported_project_types: ['shader', 'project'] }),
      buildLoaderTag({ name: 'fabric', supported_project_types: ['mod', 'modpack', 'project'] }),
    ]);
    expect(groups.map((g) => g.projectType)).toEqual(['mod', 'shader', 'modpack']);
    expect(names(groups)).toEqual({ mod: ['fabric', 'quilt'], shader: ['iris'], modpack: ['fabric', 'quilt'] });
  });

  it('shows plugin and data pack loaders under their own type, not as mod loaders', () => {
    const groups = groupLoadersByProjectType([
      buildLoaderTag({ name: 'paper', supported_project_types: ['plugin', 'mod', 'project'] }),
      buildLoaderTag({ name: 'datapack', supported_project_types: ['datapack', 'mod', 'project'] }),
      buildLoaderTag({ name: 'forge', supported_project_types: ['mod', 'modpack', 'project'] }),
    ]);
    expect(names(groups)).toEqual({ mod: ['forge'], plugin: ['paper'], datapack: ['datapack'], modpack: ['forge'] });
  });
});
