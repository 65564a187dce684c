import { defineCheck } from '../review-check.js';

const UNKNOWN = 'licenseref-unknown';
const ALL_RIGHTS_RESERVED = 'licenseref-all-rights-reserved';
const CUSTOM = /^LicenseRef-/i;

/** The SPDX ids an expression names (`MIT OR (Apache-2.0 WITH LLVM-exception)`), `+` suffixes dropped, custom refs left out. */
export function licenseTokens(licenseId: string): string[] {
  return licenseId
    .replace(/[()]/g, ' ')
    .split(/\s+/)
    .filter((token) => token !== '' && !['AND', 'OR', 'WITH'].includes(token))
    .map((token) => token.replace(/\+$/, ''))
    .filter((token) => !CUSTOM.test(token));
}

/**
 * A license is chosen, and it is either SPDX ids the license list knows or a custom license
 * (`LicenseRef-…`) with a link to its text. All rights reserved needs no link.
 */
export const licenseCheck = defineCheck('license', ({ project, knownLicenses }) => {
  const id = project.licenseId.trim();
  const fixId = { kind: 'settings', section: 'license', field: 'license_id' } as const;
  if (id === '' || id.toLowerCase() === UNKNOWN) {
    return { status: 'fail', reason: 'missing', message: 'No license is chosen.', fix: fixId };
  }
  if (id.toLowerCase() === ALL_RIGHTS_RESERVED) return { status: 'pass', reason: 'ok', message: 'All rights reserved.' };
  if (CUSTOM.test(id) && !/\s/.test(id)) {
    if (project.licenseUrl) return { status: 'pass', reason: 'ok', message: 'A custom license with a link to its text.' };
    return {
      status: 'fail',
      reason: 'custom_without_url',
      message: 'A custom license needs a link to its text.',
      fix: { kind: 'settings', section: 'license', field: 'license_url' },
    };
  }
  const unknown = [...new Set(licenseTokens(id).filter((token) => !knownLicenses.has(token.toLowerCase())))];
  if (unknown.length > 0) {
    return {
      status: 'fail',
      reason: 'unknown_id',
      message: `Not SPDX license identifiers: ${unknown.join(', ')}.`,
      items: unknown.map((token) => ({ subject: token })),
      fix: fixId,
    };
  }
  return { status: 'pass', reason: 'ok', message: 'A valid SPDX license.' };
});
