/** Rules on the files of a version. */

/** Extensions a version file may have. */
export const VERSION_FILE_EXTENSIONS = ['jar', 'zip', 'litemod', 'mrpack', 'asc', 'gpg', 'sig'] as const;
/** Detached signatures: never chosen as the primary file by default. */
const SIGNATURE_EXTENSIONS = new Set(['asc', 'gpg', 'sig']);

export function fileExtension(filename: string): string {
  const dot = filename.lastIndexOf('.');
  return dot < 0 ? '' : filename.slice(dot + 1).toLowerCase();
}

export const isSignatureFile = (filename: string) => SIGNATURE_EXTENSIONS.has(fileExtension(filename));

/** Why a file name is refused, or undefined when it is fine: one safe path segment with an allowed extension. */
export function fileNameProblem(filename: string): string | undefined {
  if (filename.length === 0 || filename.length > 255) return 'must be 1 to 255 characters long';
  // eslint-disable-next-line no-control-regex
  if (/[/\\\u0000-\u001f\u007f]/.test(filename)) return 'must be a single file name without slashes or control characters';
  if (filename.trim() !== filename || filename.startsWith('.')) return 'must not start with a dot or start or end with spaces';
  const extension = fileExtension(filename);
  if (!(VERSION_FILE_EXTENSIONS as readonly string[]).includes(extension)) {
    return `must have an allowed extension (${VERSION_FILE_EXTENSIONS.map((e) => `.${e}`).join(', ')})`;
  }
  return undefined;
}
