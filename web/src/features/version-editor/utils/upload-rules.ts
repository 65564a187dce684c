/** Largest version file the API takes (api-surface §3.8). */
export const MAX_VERSION_FILE_BYTES = 500 * 1024 * 1024;

/** Which files the file pickers offer for a project's type (web-screens §2.4). */
export function acceptedExtensions(projectType: string): string {
  switch (projectType) {
    case 'mod':
      return '.jar,.zip,.litemod';
    case 'plugin':
      return '.jar,.zip';
    case 'modpack':
      return '.mrpack';
    default:
      return '.zip';
  }
}

/** Whether a file name ends with one of the accepted extensions. */
export function hasAcceptedExtension(fileName: string, accept: string): boolean {
  const lower = fileName.toLowerCase();
  return accept.split(',').some((extension) => lower.endsWith(extension));
}
