import { projectUrlType } from '@cairn/shared/constants/loaders';
import { isProjectType, type ProjectType } from '@cairn/shared/constants/project-types';
import { categoryLabel, loaderLabel } from '@cairn/shared/format/tag-labels';
import type { ProjectResult } from '@cairn/shared/schemas/search';
import type { CategoryTag, LoaderTag } from '@cairn/shared/schemas/tags';
import { paths } from '../../config/paths';

/** What a project card shows, from a search hit or a full project. */
export interface ProjectCardData {
  id: string;
  href: string;
  title: string;
  author?: { name: string; href: string };
  summary: string;
  iconUrl?: string;
  tags: CardTag[];
  environment?: EnvironmentKind;
  downloads: number;
  followers: number;
  date: string;
  dateKind: 'updated' | 'published';
  /** Gallery view: the featured (or first) gallery image. */
  image?: string;
  /** Project colour (RGB integer): the gallery view's backdrop when there is no image. */
  color?: number | null;
  /** Set when the project is not simply approved (shown to those who can see such projects). */
  status?: string;
}

interface CardTag {
  name: string;
  label: string;
  icon?: string;
}

type EnvironmentKind = 'clientAndServer' | 'clientOrServer' | 'client' | 'server' | 'clientServerOptional' | 'serverClientOptional';

interface TagInfo {
  label: string;
  icon?: string;
  kind: 'category' | 'loader';
}

/** Tag name → label, icon and kind, from the category and loader tag lists. */
export type TagIndex = ReadonlyMap<string, TagInfo>;

export function buildTagIndex(categories: readonly CategoryTag[], loaders: readonly LoaderTag[]): TagIndex {
  const index = new Map<string, TagInfo>();
  for (const c of categories) if (!index.has(c.name)) index.set(c.name, { label: categoryLabel(c.name), icon: c.icon, kind: 'category' });
  for (const l of loaders) index.set(l.name, { label: loaderLabel(l.name), icon: l.icon, kind: 'loader' });
  return index;
}

function cardTag(name: string, index: TagIndex): CardTag {
  const known = index.get(name);
  return { name, label: known?.label ?? categoryLabel(name), icon: known?.icon };
}

/** Client / server sides → the card's environment label (none when unknown). */
export function environmentKind(client: string, server: string): EnvironmentKind | undefined {
  const runs = (side: string) => side === 'required' || side === 'optional';
  if (client === 'required' && server === 'required') return 'clientAndServer';
  if (client === 'optional' && server === 'optional') return 'clientOrServer';
  if (client === 'required' && server === 'optional') return 'clientServerOptional';
  if (client === 'optional' && server === 'required') return 'serverClientOptional';
  if (runs(client) && server === 'unsupported') return 'client';
  if (runs(server) && client === 'unsupported') return 'server';
  return undefined;
}

/** Cards of these kinds leave loaders, or environments, out: they say little there. */
const NO_LOADER_TYPES: readonly ProjectType[] = ['resourcepack', 'datapack'];
export const NO_ENVIRONMENT_TYPES: readonly ProjectType[] = ['resourcepack', 'shader', 'datapack', 'plugin'];

export interface CardOptions {
  tags: TagIndex;
  /** Which date to show: "Published" when results are sorted by newest, else "Updated". */
  dateKind?: 'updated' | 'published';
}

export function urlTypeOf(projectType: string, loaders: readonly string[]): ProjectType {
  const type = projectUrlType(projectType, loaders);
  return isProjectType(type) ? type : 'mod';
}

export function pickTags(names: readonly string[], type: ProjectType, index: TagIndex): CardTag[] {
  const isLoader = (name: string) => index.get(name)?.kind === 'loader';
  const categories = names.filter((name) => !isLoader(name));
  const loaders = NO_LOADER_TYPES.includes(type) ? [] : names.filter(isLoader);
  return [...categories, ...loaders].map((name) => cardTag(name, index));
}

/** A search hit as a card. */
export function cardFromSearchHit(hit: ProjectResult, { tags, dateKind = 'updated' }: CardOptions): ProjectCardData {
  const type = urlTypeOf(hit.project_type, hit.categories);
  return {
    id: hit.project_id,
    href: paths.project.getHref(type, hit.slug || hit.project_id),
    title: hit.title,
    author: hit.author
      ? { name: hit.author, href: hit.organization_id ? paths.organization.getHref(hit.organization_id) : paths.user.getHref(hit.author) }
      : undefined,
    summary: hit.description,
    iconUrl: hit.icon_url || undefined,
    tags: pickTags(hit.display_categories, type, tags),
    environment: NO_ENVIRONMENT_TYPES.includes(type) ? undefined : environmentKind(hit.client_side, hit.server_side),
    downloads: hit.downloads,
    followers: hit.follows,
    date: dateKind === 'published' ? hit.date_created : hit.date_modified,
    dateKind,
    image: hit.featured_gallery ?? hit.gallery[0],
    color: hit.color,
  };
}
