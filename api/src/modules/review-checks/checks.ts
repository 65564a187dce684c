import { descriptionCheck } from './checks/description.js';
import { filesScannedCheck } from './checks/files-scanned.js';
import { galleryAltTextCheck } from './checks/gallery-alt-text.js';
import { licenseCheck } from './checks/license.js';
import { linksCheck } from './checks/links.js';
import { modpackAttributionCheck } from './checks/modpack-attribution.js';
import { versionMetadataCheck } from './checks/version-metadata.js';
import type { ReviewCheckDefinition } from './review-check.js';

/**
 * Every review pre-check, in the order they are shown. Adding one: its id and reasons in
 * shared/src/schemas/review-checks.ts, a `defineCheck(id, run)` in checks/, one line here, and
 * its text in the website's `creator` catalogs (docs/api/moderation.md, "Review pre-checks").
 */
export const REVIEW_CHECKS: readonly ReviewCheckDefinition[] = [
  licenseCheck,
  descriptionCheck,
  linksCheck,
  galleryAltTextCheck,
  modpackAttributionCheck,
  versionMetadataCheck,
  filesScannedCheck,
] as ReviewCheckDefinition[];
