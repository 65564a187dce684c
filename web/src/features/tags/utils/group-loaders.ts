import { isProjectType, type ProjectType } from '@cairn/shared/constants/project-types';
import type { LoaderTag } from '@cairn/shared/schemas/tags';
import { loaderLabel } from '@cairn/shared/format/tag-labels';

export interface LoaderGroup {
  projectType: ProjectType;
  loaders: LoaderTag[];
}

/** The order the home page presents project types in. */
export const LOADER_GROUP_ORDER: readonly ProjectType[] = ['mod', 'plugin', 'shader', 'resourcepack', 'datapack', 'modpack'];

/**
 * The project types a loader is shown under. The wire format also lists `mod` for plugin and data
 * pack loaders, because such projects are stored as mods; but a project with one of those loaders is
 * presented as a plugin or data pack (spec §2, project URL type), so those loaders are not shown
 * as mod loaders. The pseudo-type `project` is not a project type and is ignored.
 */
export function displayedProjectTypes(loader: LoaderTag): Set<ProjectType> {
  const types = new Set(loader.supported_project_types.filter(isProjectType));
  if (types.has('plugin') || types.has('datapack')) types.delete('mod');
  return types;
}

/**
 * One group per project type, in `order`, holding every loader shown under it (a loader can sit
 * in several groups), sorted by display label. Types without loaders are left out.
 */
export function groupLoadersByProjectType(
  loaders: readonly LoaderTag[],
  order: readonly ProjectType[] = LOADER_GROUP_ORDER,
): LoaderGroup[] {
  const byType = new Map<ProjectType, LoaderTag[]>();
  for (const loader of loaders) {
    for (const type of displayedProjectTypes(loader)) {
      const group = byType.get(type) ?? [];
      group.push(loader);
      byType.set(type, group);
    }
  }
  return order.flatMap((projectType) => {
    const group = byType.get(projectType);
    if (!group) return [];
    const sorted = [...group].sort((a, b) => loaderLabel(a.name).localeCompare(loaderLabel(b.name)));
    return [{ projectType, loaders: sorted }];
  });
}
