import type { DonationUrlInput } from '@cairn/shared/schemas/projects';
import type { Executor } from '../../db/client.js';
import { badRequest } from '../../lib/errors.js';
import * as repo from './projects.repository.js';
import { parseId } from '../../lib/ids.js';
import { matchLocale } from '@cairn/shared/constants/languages';
import { findTranslation } from './project-translations.repository.js';

/** Checks that every category exists in the tags; `field` names the request field in errors. */
export async function checkCategories(db: Executor, field: string, names: readonly string[]): Promise<void> {
  const known = await repo.listExistingCategories(db, names);
  const unknown = names.find((n) => !known.has(n));
  if (unknown !== undefined) throw badRequest(`Invalid '${field}': '${unknown}' is not a known category`);
}

const CUSTOM_LICENSE = /^LicenseRef-[A-Za-z0-9.-]+$/;

/**
 * The stored form of a license id: `arr` means all rights reserved; `LicenseRef-…` ids are
 * custom; anything else must be an SPDX id or an expression of SPDX ids joined with AND, OR
 * or WITH (parentheses allowed), written in the list's canonical case.
 */
export async function normalizeLicense(db: Executor, input: string): Promise<string> {
  const text = input.trim();
  if (text.toLowerCase() === 'arr') return 'LicenseRef-All-Rights-Reserved';
  if (CUSTOM_LICENSE.test(text)) return text;
  const tokens = text
    .replace(/[()]/g, ' ')
    .split(/\s+/)
    .filter((t) => t && !['AND', 'OR', 'WITH'].includes(t));
  if (tokens.length === 0) throw badRequest(`Invalid 'license_id': '${input}' is not a license`);
  const ids = tokens.map((t) => t.replace(/\+$/, ''));
  const known = await repo.listExistingLicenses(db, ids.filter((t) => !CUSTOM_LICENSE.test(t)));
  for (const id of ids) {
    if (!CUSTOM_LICENSE.test(id) && !known.has(id.toLowerCase())) {
      throw badRequest(`Invalid 'license_id': '${id}' is not a known SPDX license identifier`);
    }
  }
  // A single id is stored in the list's spelling; expressions as written.
  return ids.length === 1 && ids[0] === text ? known.get(text.toLowerCase())! : text;
}

/** Donation links keyed by platform id; every platform must exist in the tags. */
export async function checkDonationUrls(db: Executor, field: string, links: readonly DonationUrlInput[]): Promise<void> {
  const platforms = await repo.listDonationPlatformNames(db);
  const seen = new Set<string>();
  for (const link of links) {
    if (!platforms.has(link.id)) throw badRequest(`Invalid '${field}': '${link.id}' is not a known donation platform`);
    if (seen.has(link.id)) throw badRequest(`Invalid '${field}': the platform '${link.id}' is listed twice`);
    seen.add(link.id);
  }
}

/** 400 when another project uses the slug, as a slug or as its id (case-insensitive). */
export async function checkSlugAvailable(db: Executor, slug: string, exceptProjectId?: number): Promise<void> {
  if (await repo.isSlugTaken(db, slug, parseId(slug), exceptProjectId)) {
    throw badRequest(`Invalid 'slug': '${slug}' is already taken`, 'slug_taken');
  }
}

/** The listed spelling of a new original language; refused while a translation is in that language. */
export async function checkOriginalLanguage(db: Executor, projectId: number, input: string): Promise<string> {
  const code = matchLocale(input);
  if (!code) throw badRequest(`Invalid 'original_language': '${input}' is not one of the offered languages`);
  if (await findTranslation(db, projectId, code)) {
    throw badRequest(`Invalid 'original_language': the project has a translation in ${code}; delete it first`);
  }
  return code;
}
