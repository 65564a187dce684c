import type { Environment } from '@cairn/shared/constants/environments';
import { isProjectType } from '@cairn/shared/constants/project-types';
import { MINECRAFT_JAVA_GAME, MRPACK_LOADER, type GalleryItemV3, type ProjectLinkV3, type ProjectV3 } from '@cairn/shared/schemas/catalogue-v3';
import type { ProjectDetails } from './project-details.js';
import type { LoaderSplit } from './project-loaders.repository.js';
import { toProject } from './projects.mapper.js';

/**
 * The project in the reference's v3 shape (the /v3 routes). Fields both shapes share are taken
 * from the v2 object, so the two never disagree; the v3-only ones come from the same details.
 * Project types, games, loaders and the loader fields are aggregated over the listed versions,
 * as the reference does, and are empty while there are none.
 */
export function toProjectV3(details: ProjectDetails, loaders: LoaderSplit, cdnUrl: string): ProjectV3 {
  const { versions } = details;
  const v2 = toProject(details, cdnUrl);
  const hasVersions = versions.versionIds.length > 0;
  const links: Record<string, ProjectLinkV3> = {};
  for (const link of details.links) links[link.platform] = { platform: link.platform, donation: link.donation, url: link.url };
  return {
    id: v2.id,
    slug: v2.slug,
    project_types: versions.projectTypes.filter(isProjectType),
    games: hasVersions ? [MINECRAFT_JAVA_GAME] : [],
    team_id: v2.team,
    organization: v2.organization,
    name: v2.title,
    summary: v2.description,
    description: v2.body,
    published: v2.published,
    updated: v2.updated,
    approved: v2.approved,
    queued: v2.queued,
    status: v2.status,
    requested_status: v2.requested_status,
    moderator_message: v2.moderator_message,
    license: v2.license,
    downloads: v2.downloads,
    followers: v2.followers,
    categories: v2.categories,
    additional_categories: v2.additional_categories,
    loaders: [...new Set([...loaders.plain, ...(loaders.hasModpack ? [MRPACK_LOADER] : [])])].sort(),
    versions: v2.versions,
    icon_url: v2.icon_url,
    raw_icon_url: v2.raw_icon_url,
    link_urls: links,
    gallery: v2.gallery.map(({ title, ...image }): GalleryItemV3 => ({ ...image, name: title })),
    color: v2.color,
    thread_id: v2.thread_id,
    monetization_status: v2.monetization_status,
    // Cairn never stored side types to migrate: every project counts as reviewed.
    side_types_migration_review_status: 'reviewed',
    game_versions: versions.gameVersions,
    environment: versions.environments as Environment[],
    ...(loaders.hasModpack ? { mrpack_loaders: loaders.modpack } : {}),
    original_language: v2.original_language,
    description_languages: v2.description_languages,
  };
}
