import { loaderTagProjectTypes } from '@cairn/shared/constants/loaders';
import type { CategoryTag, DonationPlatformTag, GameVersionTag, LicenseTag, LoaderTag } from '@cairn/shared/schemas/tags';

/** DB rows → v2 wire objects. */

export function toCategoryTag(row: { name: string; projectType: string; header: string; icon: string }): CategoryTag {
  return { icon: row.icon, name: row.name, project_type: row.projectType, header: row.header };
}

export function toLoaderTag(row: { name: string; icon: string; supportedProjectTypes: string[] }): LoaderTag {
  return { icon: row.icon, name: row.name, supported_project_types: loaderTagProjectTypes(row) };
}

export function toGameVersionTag(row: { version: string; versionType: string; date: Date; major: boolean }): GameVersionTag {
  return {
    version: row.version,
    version_type: row.versionType as GameVersionTag['version_type'],
    date: row.date.toISOString(),
    major: row.major,
  };
}

export function toLicenseTag(row: { id: string; name: string }): LicenseTag {
  return { short: row.id, name: row.name };
}

export function toDonationPlatformTag(row: { short: string; name: string }): DonationPlatformTag {
  return { short: row.short, name: row.name };
}
