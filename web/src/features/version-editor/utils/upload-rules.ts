import type { ProjectType } from '@cairn/shared/constants/project-types';
import type { FileType } from '@cairn/shared/schemas/versions';

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

/**
 * The types an extra file may be given by hand: resource packs beside a data pack, sources,
 * development and javadoc jars beside a mod or plugin. Other types are set by tools.
 */
export function extraFileTypes(type: ProjectType): readonly FileType[] {
  if (type === 'datapack') return ['required-resource-pack', 'optional-resource-pack'];
  if (type === 'mod' || type === 'plugin') return ['sources-jar', 'dev-jar', 'javadoc-jar'];
  return [];
}
