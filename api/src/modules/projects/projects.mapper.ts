import type { Project, GalleryImage } from '@cairn/shared/schemas/projects';
import type { ProjectFollow } from '@cairn/shared/schemas/follows';
import type { ProjectTranslation } from '@cairn/shared/schemas/translations';
import type { ProjectTranslationRow } from './project-translations.repository.js';
import { environmentToSides, sidesToEnvironment, type Environment, type Sides } from '@cairn/shared/constants/environments';
import { wireProjectType } from '@cairn/shared/constants/project-types';
import type { SideType } from '@cairn/shared/constants/side-types';
import { donationPlatformName } from '@cairn/shared/constants/donation-platforms';
import { encodeBase62 } from '../../lib/ids.js';
import type { ProjectDetails } from './project-details.js';

/** Public URL of a stored blob. */
export const blobUrl = (cdnUrl: string, key: string) => `${cdnUrl}/${key}`;
const maybeBlobUrl = (cdnUrl: string, key: string | null) => (key ? blobUrl(cdnUrl, key) : null);

const SPECIAL_LICENSE_NAMES: Record<string, string> = {
  'licenseref-all-rights-reserved': 'All Rights Reserved',
  'licenseref-unknown': 'Unknown',
};

/** Display name of a license id: the SPDX name, or readable text for custom and compound ids. */
export function licenseDisplayName(id: string, spdxName: string | undefined): string {
  if (spdxName) return spdxName;
  const special = SPECIAL_LICENSE_NAMES[id.toLowerCase()];
  if (special) return special;
  if (id.startsWith('LicenseRef-')) return id.slice('LicenseRef-'.length).replace(/-/g, ' ');
  return id;
}

/** The (deprecated) side types: fixed by some project types, else from the first version, else as declared. */
function wireSides(details: ProjectDetails, type: string): Sides {
  const types = details.versions.projectTypes;
  if (type === 'resourcepack' || type === 'shader') return { client: 'required', server: 'unsupported' };
  if (types.length > 0 && types.every((t) => t === 'plugin')) return { client: 'unsupported', server: 'required' };
  if (types.length > 0 && types.every((t) => t === 'datapack')) return { client: 'optional', server: 'required' };
  const first = details.versions.firstEnvironment;
  if (first && first !== 'unknown') return environmentToSides(first);
  return { client: details.row.clientSide as SideType, server: details.row.serverSide as SideType };
}

const link = (details: ProjectDetails, platform: string) => details.links.find((l) => !l.donation && l.platform === platform)?.url ?? null;

export function toGalleryImage(cdnUrl: string, image: ProjectDetails['gallery'][number]): GalleryImage {
  return {
    url: blobUrl(cdnUrl, image.imageKey),
    raw_url: blobUrl(cdnUrl, image.rawImageKey),
    featured: image.featured,
    title: image.title,
    description: image.description,
    created: image.created.toISOString(),
    ordering: image.ordering,
  };
}

/** The v2 Project object. */
export function toProject(details: ProjectDetails, cdnUrl: string): Project {
  const { row, versions } = details;
  const projectType = wireProjectType(row.declaredType, versions.projectTypes);
  const sides = wireSides(details, projectType);
  const environments = versions.environments.length > 0 ? versions.environments : [sidesToEnvironment(sides)];
  return {
    id: encodeBase62(row.id),
    slug: row.slug,
    project_type: projectType,
    team: encodeBase62(row.teamId),
    organization: row.organizationId === null ? null : encodeBase62(row.organizationId),
    title: row.title,
    description: row.summary,
    body: row.body,
    body_url: null,
    published: row.published.toISOString(),
    updated: row.updated.toISOString(),
    approved: row.approved?.toISOString() ?? null,
    queued: row.queued?.toISOString() ?? null,
    status: row.status as Project['status'],
    requested_status: row.requestedStatus as Project['requested_status'],
    // A decision may carry a reply without a short reason: the contract's `message` is a string.
    moderator_message:
      row.moderationMessage === null && row.moderationMessageBody === null ? null : { message: row.moderationMessage ?? '', body: row.moderationMessageBody },
    license: { id: row.licenseId, name: licenseDisplayName(row.licenseId, details.licenseName), url: row.licenseUrl },
    client_side: sides.client,
    server_side: sides.server,
    downloads: row.downloads,
    followers: row.followers,
    categories: details.categories,
    additional_categories: details.additionalCategories,
    game_versions: versions.gameVersions,
    loaders: versions.loaders,
    versions: versions.versionIds.map((id) => encodeBase62(id)),
    icon_url: maybeBlobUrl(cdnUrl, row.iconKey),
    raw_icon_url: maybeBlobUrl(cdnUrl, row.rawIconKey),
    issues_url: link(details, 'issues'),
    source_url: link(details, 'source'),
    wiki_url: link(details, 'wiki'),
    discord_url: link(details, 'discord'),
    donation_urls: details.links
      .filter((l) => l.donation)
      .map((l) => ({ id: l.platform, platform: donationPlatformName(l.platform) ?? l.platform, url: l.url })),
    gallery: details.gallery.map((g) => toGalleryImage(cdnUrl, g)),
    color: row.color,
    thread_id: encodeBase62(details.threadId),
    monetization_status: row.monetizationStatus as Project['monetization_status'],
    environment: environments as Environment[],
    original_language: row.originalLanguage,
    description_languages: [row.originalLanguage, ...details.translationLanguages],
  };
}

/** The project with its summary and description in a translation's language. */
export function withTranslation<T extends Project>(project: T, translation: { summary: string; description: string }): T {
  return { ...project, description: translation.summary, body: translation.description };
}

export function toProjectTranslation(row: ProjectTranslationRow): ProjectTranslation {
  return { language: row.language, summary: row.summary, description: row.description, updated: row.updated.toISOString() };
}

/** A follow row → the caller's follow with its filter (`ProjectFollow`). */
export function toProjectFollow(row: { projectId: number; loaders: string[]; gameVersions: string[]; created: Date }): ProjectFollow {
  return { project_id: encodeBase62(row.projectId), loaders: row.loaders, game_versions: row.gameVersions, followed: row.created.toISOString() };
}
