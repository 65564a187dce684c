import type { Project } from '@cairn/shared/schemas/projects';
import { paths } from '../../config/paths';
import { environmentKind, NO_ENVIRONMENT_TYPES, pickTags, urlTypeOf, type CardOptions, type ProjectCardData } from './card-data';

/** A full project as a card (profiles, random picks). `author` when the page knows it. */
export function cardFromProject(project: Project, { tags, dateKind = 'updated' }: CardOptions, author?: ProjectCardData['author']): ProjectCardData {
  const type = urlTypeOf(project.project_type, project.loaders);
  const featured = project.gallery.find((image) => image.featured) ?? project.gallery[0];
  return {
    id: project.id,
    href: paths.project.getHref(type, project.slug || project.id),
    title: project.title,
    author,
    summary: project.description,
    iconUrl: project.icon_url ?? undefined,
    tags: pickTags([...project.categories, ...project.loaders], type, tags),
    environment: NO_ENVIRONMENT_TYPES.includes(type) ? undefined : environmentKind(project.client_side, project.server_side),
    downloads: project.downloads,
    followers: project.followers,
    date: dateKind === 'published' ? project.published : project.updated,
    dateKind,
    image: featured?.url,
    color: project.color,
    status: project.status === 'approved' ? undefined : project.status,
  };
}
