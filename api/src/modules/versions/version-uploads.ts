/** Rules on the files of a version. */

import type { FileStore } from '../../lib/storage/file-store.js';

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
  // Invisible and text-direction characters let a name read differently from what it is ("exe.jar" shown as "raj.exe").
  if (/[\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/.test(filename)) return 'must not contain invisible or text-direction characters';
  if (filename.trim() !== filename || filename.startsWith('.')) return 'must not start with a dot or start or end with spaces';
  const extension = fileExtension(filename);
  if (!(VERSION_FILE_EXTENSIONS as readonly string[]).includes(extension)) {
    return `must have an allowed extension (${VERSION_FILE_EXTENSIONS.map((e) => `.${e}`).join(', ')})`;
  }
  return undefined;
}

/** Extensions whose files are ZIP archives: their bytes must start like one (modpacks are read whole, see modpack.ts). */
const ARCHIVE_EXTENSIONS = new Set(['jar', 'zip', 'litemod']);
const ZIP_LOCAL_FILE_HEADER = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/** Why a stored file's bytes do not fit its extension (an empty or non-ZIP ".jar"), or undefined. */
export async function fileContentProblem(files: FileStore, file: { filename: string; blob: { key: string; size: number } }): Promise<string | undefined> {
  const extension = fileExtension(file.filename);
  if (file.blob.size === 0) return 'is empty';
  if (!ARCHIVE_EXTENSIONS.has(extension)) return undefined;
  const read = await files.read(file.blob.key, { start: 0, end: ZIP_LOCAL_FILE_HEADER.length - 1 });
  const chunks: Buffer[] = [];
  for await (const chunk of read?.stream ?? []) chunks.push(chunk as Buffer);
  const head = Buffer.concat(chunks);
  return head.equals(ZIP_LOCAL_FILE_HEADER) ? undefined : `is not a .${extension} archive (a ZIP file)`;
}
