/**
 * How a project's license reads: SPDX ids as they are, "All Rights Reserved" for the reserved
 * reference, other `LicenseRef-` ids as words ("LicenseRef-My-Own-License" → "My Own License").
 */
export function licenseLabel(id: string): { label: string; custom: boolean } {
  if (/^LicenseRef-All-Rights-Reserved$/i.test(id) || id.toLowerCase() === 'arr') return { label: 'ARR', custom: true };
  if (/^LicenseRef-Unknown$/i.test(id)) return { label: 'Unknown', custom: true };
  const custom = /^LicenseRef-(.+)$/i.exec(id);
  if (custom?.[1]) return { label: custom[1].replace(/[-_]+/g, ' ').trim(), custom: true };
  return { label: id, custom: false };
}
