/**
 * License choices of the License page and the SPDX id they make (api-surface §3.6 `license_id`):
 * `{SPDX}-only` or `{SPDX}-or-later` for licenses with later editions, `LicenseRef-{Name}` for a
 * license without an SPDX identifier.
 */
export interface LicenseChoice {
  /** SPDX id without the -only/-or-later suffix, or a LicenseRef id. */
  id: string;
  /** Whether later editions exist (GPL, LGPL, AGPL): the id then ends in -only or -or-later. */
  laterEditions?: boolean;
}

export const CUSTOM_LICENSE = 'custom';
export const ALL_RIGHTS_RESERVED = 'LicenseRef-All-Rights-Reserved';

export const LICENSE_CHOICES: readonly LicenseChoice[] = [
  { id: ALL_RIGHTS_RESERVED },
  { id: 'Apache-2.0' },
  { id: 'BSD-2-Clause' },
  { id: 'BSD-3-Clause' },
  { id: 'CC0-1.0' },
  { id: 'CC-BY-4.0' },
  { id: 'CC-BY-SA-4.0' },
  { id: 'CC-BY-NC-4.0' },
  { id: 'CC-BY-NC-SA-4.0' },
  { id: 'CC-BY-ND-4.0' },
  { id: 'CC-BY-NC-ND-4.0' },
  { id: 'AGPL-3.0', laterEditions: true },
  { id: 'LGPL-2.1', laterEditions: true },
  { id: 'LGPL-3.0', laterEditions: true },
  { id: 'GPL-2.0', laterEditions: true },
  { id: 'GPL-3.0', laterEditions: true },
  { id: 'ISC' },
  { id: 'MIT' },
  { id: 'MPL-2.0' },
  { id: 'Zlib' },
];

export interface LicenseFormValues {
  /** A LICENSE_CHOICES id or CUSTOM_LICENSE. */
  choice: string;
  orLater: boolean;
  /** Custom license: true when it has no SPDX identifier (then `name` is used). */
  noSpdx: boolean;
  spdxId: string;
  name: string;
  url: string;
}

/** `My own license` → `LicenseRef-My-own-license`: words joined by dashes, other characters dropped. */
export function licenseRef(name: string): string {
  const words = name
    .trim()
    .replace(/[^A-Za-z0-9.\-\s]/g, '')
    .split(/[\s-]+/)
    .filter(Boolean);
  return words.length > 0 ? `LicenseRef-${words.join('-')}` : '';
}

/** The `license_id` the form's values stand for ('' when incomplete). */
export function buildLicenseId(values: LicenseFormValues): string {
  if (values.choice === CUSTOM_LICENSE) return values.noSpdx ? licenseRef(values.name) : values.spdxId.trim();
  const choice = LICENSE_CHOICES.find((c) => c.id === values.choice);
  if (!choice) return '';
  return choice.laterEditions ? `${choice.id}-${values.orLater ? 'or-later' : 'only'}` : choice.id;
}

/** The form's starting values for a project's current license id and URL. */
export function licenseFormValues(id: string, url: string | null): LicenseFormValues {
  const base: LicenseFormValues = { choice: CUSTOM_LICENSE, orLater: false, noSpdx: false, spdxId: '', name: '', url: url ?? '' };
  if (id.toLowerCase() === 'arr' || id === ALL_RIGHTS_RESERVED) return { ...base, choice: ALL_RIGHTS_RESERVED };
  const later = /^(.+)-(only|or-later)$/.exec(id);
  if (later?.[1]) {
    const choice = LICENSE_CHOICES.find((c) => c.laterEditions && c.id === later[1]);
    if (choice) return { ...base, choice: choice.id, orLater: later[2] === 'or-later' };
  }
  const plain = LICENSE_CHOICES.find((c) => !c.laterEditions && c.id.toLowerCase() === id.toLowerCase());
  if (plain) return { ...base, choice: plain.id };
  const ref = /^LicenseRef-(.+)$/i.exec(id);
  if (ref?.[1] && !/^unknown$/i.test(ref[1])) return { ...base, noSpdx: true, name: ref[1].replace(/-/g, ' ') };
  if (ref) return { ...base, choice: '' };
  return { ...base, spdxId: id };
}
