/** Longest slug the API accepts (projects and organizations). */
export const SLUG_MAX_LENGTH = 64;

/**
 * The URL slug suggested for a name (projects, organizations): lower case, spaces as dashes, only the characters
 * a slug may hold (letters, digits, ".", "_", "-"), no repeated or outer dashes.
 */
export function slugFromName(name: string): string {
  return name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\s+/g, '-')
    .replace(/[^a-z0-9._-]/g, '')
    .replace(/-{2,}/g, '-')
    .replace(/^-+/, '')
    .slice(0, SLUG_MAX_LENGTH)
    .replace(/-+$/, '');
}
