import type { CategoryHeader } from '@cairn/shared/constants/categories';
import { findLoader } from '@cairn/shared/constants/loaders';
import type { ProjectType } from '@cairn/shared/constants/project-types';
import type { FacetCountField } from '@cairn/shared/constants/search';
import { sortCategories } from '@cairn/shared/format/categories';
import { categoryLabel, loaderLabel } from '@cairn/shared/format/tag-labels';
import type { CategoryTag, GameVersionTag, LoaderTag } from '@cairn/shared/schemas/tags';
import type { FilterParam, FilterTerm } from './search-state';

/**
 * The filter groups of each search page (web-screens §2.2), built from the tag lists. Options
 * of an `or` group share one facet group (any of them); each option of an `and` group gets its
 * own (all of them); exclusions always get their own.
 */

type FilterGroupId =
  | 'loader'
  | 'platform'
  | 'gameVersion'
  | 'categories'
  | 'features'
  | 'resolutions'
  | 'performance'
  | 'environment'
  | 'license';

export interface FilterOption {
  value: string;
  label: string;
  /** SVG markup from the tag routes. */
  icon?: string;
  /** Shown only after "Show more" (legacy loaders). */
  secondary?: boolean;
  /** Game versions: not a release (shown with "Show all versions"). */
  nonRelease?: boolean;
}

export interface FilterGroup {
  id: FilterGroupId;
  param: FilterParam;
  /** Facet field the options filter on. */
  field: string;
  combine: 'or' | 'and';
  excludable: boolean;
  options: FilterOption[];
  /** Where the option counts are in `facet_counts`. */
  countField?: FacetCountField;
}

export interface FilterTags {
  loaders: readonly LoaderTag[];
  categories: readonly CategoryTag[];
  gameVersions: readonly GameVersionTag[];
}

/** Shown first in the mod loader group; the others wait behind "Show more". */
const PRIMARY_MOD_LOADERS = ['fabric', 'forge', 'neoforge', 'quilt'];

function loaderOptions(tags: FilterTags, include: (loader: LoaderTag) => boolean): FilterOption[] {
  return tags.loaders
    .filter(include)
    .map((loader) => ({ value: loader.name, label: loaderLabel(loader.name), icon: loader.icon }))
    .sort((a, b) => a.label.localeCompare(b.label));
}

function supports(loader: LoaderTag, type: ProjectType): boolean {
  return loader.supported_project_types.includes(type);
}

function loaderGroup(id: 'loader' | 'platform', options: FilterOption[]): FilterGroup {
  return { id, param: 'g', field: 'categories', combine: 'or', excludable: true, options, countField: 'loaders' };
}

/** Mod loaders: the shared table's, or, for a loader it does not know, one for mods alone. */
function isModLoader(loader: LoaderTag): boolean {
  const known = findLoader(loader.name);
  if (known) return known.group === 'mod';
  return supports(loader, 'mod') && !supports(loader, 'plugin') && !supports(loader, 'datapack');
}

function modLoaderGroup(tags: FilterTags): FilterGroup {
  const options = loaderOptions(tags, isModLoader)
    .map((option) => ({ ...option, secondary: !PRIMARY_MOD_LOADERS.includes(option.value) }))
    .sort((a, b) => Number(a.secondary) - Number(b.secondary) || PRIMARY_MOD_LOADERS.indexOf(a.value) - PRIMARY_MOD_LOADERS.indexOf(b.value));
  return loaderGroup('loader', options);
}

function categoryGroup(tags: FilterTags, type: ProjectType, header: CategoryHeader, id: FilterGroupId): FilterGroup | undefined {
  // Plugins and data packs are browsed with the mod categories when they have none of their own.
  const forType = tags.categories.filter((c) => c.project_type === type && c.header === header);
  const list = forType.length > 0 || (type !== 'plugin' && type !== 'datapack') ? forType : tags.categories.filter((c) => c.project_type === 'mod' && c.header === header);
  if (list.length === 0) return undefined;
  const options = sortCategories(list).map((c) => ({ value: c.name, label: categoryLabel(c.name), icon: c.icon }));
  if (header === 'resolutions') return { id, param: 'g', field: 'categories', combine: 'or', excludable: false, options, countField: 'categories' };
  return { id, param: 'f', field: 'categories', combine: 'and', excludable: true, options, countField: 'categories' };
}

function gameVersionGroup(tags: FilterTags): FilterGroup {
  return {
    id: 'gameVersion',
    param: 'v',
    field: 'versions',
    combine: 'or',
    excludable: false,
    options: tags.gameVersions.map((v) => ({ value: v.version, label: v.version, nonRelease: v.version_type !== 'release' })),
    countField: 'versions',
  };
}

const ENVIRONMENT_GROUP: FilterGroup = {
  id: 'environment',
  param: 'e',
  field: 'environment',
  combine: 'or',
  excludable: false,
  // Labels of fixed options come from the message catalog (see the filter components).
  options: [
    { value: 'client', label: 'client' },
    { value: 'server', label: 'server' },
  ],
};

const LICENSE_GROUP: FilterGroup = {
  id: 'license',
  param: 'l',
  field: 'open_source',
  combine: 'and',
  excludable: false,
  options: [{ value: 'true', label: 'open source' }],
  countField: 'open_source',
};

/** The filter groups of one search page, in display order. */
export function buildFilterGroups(type: ProjectType, tags: FilterTags): FilterGroup[] {
  const category = (header: CategoryHeader, id: FilterGroupId) => categoryGroup(tags, type, header, id);
  const groups: Array<FilterGroup | undefined> = (() => {
    switch (type) {
      case 'mod':
        return [modLoaderGroup(tags), gameVersionGroup(tags), category('categories', 'categories'), ENVIRONMENT_GROUP, LICENSE_GROUP];
      case 'modpack':
        return [
          gameVersionGroup(tags),
          loaderGroup('loader', loaderOptions(tags, (l) => supports(l, 'modpack'))),
          category('categories', 'categories'),
          ENVIRONMENT_GROUP,
          LICENSE_GROUP,
        ];
      case 'resourcepack':
        return [gameVersionGroup(tags), category('categories', 'categories'), category('features', 'features'), category('resolutions', 'resolutions'), LICENSE_GROUP];
      case 'shader':
        return [
          gameVersionGroup(tags),
          loaderGroup('loader', loaderOptions(tags, (l) => supports(l, 'shader'))),
          category('categories', 'categories'),
          category('features', 'features'),
          category('performance impact', 'performance'),
          LICENSE_GROUP,
        ];
      case 'plugin':
        return [
          loaderGroup('loader', loaderOptions(tags, (l) => findLoader(l.name)?.group === 'plugin')),
          loaderGroup('platform', loaderOptions(tags, (l) => findLoader(l.name)?.group === 'platform')),
          gameVersionGroup(tags),
          category('categories', 'categories'),
          LICENSE_GROUP,
        ];
      case 'datapack':
        return [gameVersionGroup(tags), category('categories', 'categories'), LICENSE_GROUP];
    }
  })();
  return groups.filter((group): group is FilterGroup => group !== undefined && group.options.length > 0);
}

/** The group an option belongs to, if any. */
export function groupOf(groups: readonly FilterGroup[], term: Pick<FilterTerm, 'field' | 'value'>): FilterGroup | undefined {
  return groups.find((group) => group.field === term.field && group.options.some((option) => option.value === term.value));
}

/** Which URL parameter a filter is written to (see `toSearchParams`). */
export function paramFor(groups: readonly FilterGroup[]) {
  return (term: FilterTerm): FilterParam | undefined => {
    if (term.field === 'project_id') return 'pid';
    if (term.field === 'open_source') return 'l';
    return groupOf(groups, term)?.param;
  };
}
