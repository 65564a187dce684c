import type { Database } from '../../db/client.js';
import { badRequest } from '../../lib/errors.js';
import { SIDE_TYPES } from '@cairn/shared/constants/side-types';
import * as repo from './tags.repository.js';

/** Licenses that are not in the SPDX list but that projects commonly declare. */
const SPECIAL_LICENSES: Record<string, { title: string; body: string }> = {
  'licenseref-all-rights-reserved': {
    title: 'All Rights Reserved',
    body: 'The author reserves all rights. Nothing may be copied, modified or redistributed without their permission.',
  },
  'licenseref-unknown': {
    title: 'Unknown license',
    body: 'The author has not said under which terms this project may be used.',
  },
};

export function createTagsService(deps: { db: Database }) {
  const { db } = deps;
  return {
    listCategories: () => repo.listCategories(db),
    listLoaders: () => repo.listLoaders(db),
    listGameVersions: (filter: { type?: string; major?: boolean }) => repo.listGameVersions(db, filter),
    listLicenses: () => repo.listLicenses(db),
    listDonationPlatforms: () => repo.listDonationPlatforms(db),
    listReportTypes: () => repo.listReportTypeNames(db),
    listProjectTypes: () => repo.listProjectTypeNames(db),
    listSideTypes: () => [...SIDE_TYPES],

    async getLicenseText(id: string): Promise<{ title: string; body: string }> {
      const key = id.toLowerCase();
      const special = Object.hasOwn(SPECIAL_LICENSES, key) ? SPECIAL_LICENSES[key] : undefined;
      if (special) return special;
      const license = await repo.findLicense(db, id);
      if (!license) throw badRequest(`'${id}' is not a known SPDX license identifier`);
      return { title: license.name, body: license.text };
    },
  };
}

export type TagsService = ReturnType<typeof createTagsService>;
