import { isProjectType } from '@cairn/shared/constants/project-types';
import { MINECRAFT_JAVA_GAME, MRPACK_LOADER, type VersionV3 } from '@cairn/shared/schemas/catalogue-v3';
import { encodeBase62 } from '../../lib/ids.js';
import type { VersionDetails } from './version-details.repository.js';
import { toVersion } from './versions.mapper.js';

/**
 * The version in the reference's v3 shape (the /v3 routes). Fields both shapes share come from
 * the v2 object, so the two never disagree. A modpack version shows the loader `mrpack` and
 * its pack's loaders in the `mrpack_loaders` field, as the reference stores modpacks.
 */
export function toVersionV3(details: VersionDetails, publicApiUrl: string): VersionV3 {
  const { row } = details;
  const v2 = toVersion(details, publicApiUrl);
  const modpack = row.projectTypes.includes('modpack');
  return {
    id: v2.id,
    project_id: v2.project_id,
    author_id: v2.author_id,
    featured: v2.featured,
    name: v2.name,
    version_number: v2.version_number,
    project_types: row.projectTypes.filter(isProjectType),
    // Every loader Cairn knows runs Minecraft: Java Edition.
    games: [MINECRAFT_JAVA_GAME],
    changelog: row.changelog,
    date_published: v2.date_published,
    downloads: v2.downloads,
    version_type: v2.version_type,
    status: v2.status,
    requested_status: v2.requested_status,
    files: v2.files.map((file, i) => ({ id: encodeBase62(details.files[i]!.id), ...file })),
    dependencies: v2.dependencies,
    loaders: modpack ? [MRPACK_LOADER] : v2.loaders,
    ordering: row.ordering,
    game_versions: v2.game_versions,
    environment: v2.environment,
    ...(modpack ? { mrpack_loaders: v2.loaders } : {}),
  };
}
