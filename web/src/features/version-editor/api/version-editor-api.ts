import { ProjectSchema } from '@cairn/shared/schemas/projects';
import { SearchResultsSchema } from '@cairn/shared/schemas/search';
import { UploadedImageSchema } from '@cairn/shared/schemas/images';
import { InferredVersionSchema, VersionSchema, type FileType, type ModifyVersionBody, type ScheduleVersionBody } from '@cairn/shared/schemas/versions';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { apiFetch } from '../../../lib/api-client';
import { NoContentSchema } from '../../../lib/no-content';
import { uploadWithProgress, type UploadProgress } from '../../../lib/upload-with-progress';
import { filePartName, type NewFile } from '../utils/version-form';

const encode = encodeURIComponent;

export interface UploadCallbacks {
  signal?: AbortSignal;
  onProgress?: (progress: UploadProgress) => void;
}

/** `POST /v2/version/infer` (operationId `inferVersion`): reads a file's metadata for the form. */
export function inferVersion(file: File, projectId: string, signal?: AbortSignal) {
  const body = new FormData();
  body.append('file', file, file.name);
  return apiFetch('/v2/version/infer', { method: 'POST', body, query: { project_id: projectId }, schema: InferredVersionSchema, signal });
}

/** `POST /v2/version` (operationId `createVersion`): the `data` part first, then the files. */
export function createVersion(data: Record<string, unknown>, files: readonly NewFile[], { signal, onProgress }: UploadCallbacks = {}) {
  const body = new FormData();
  body.append('data', JSON.stringify(data));
  files.forEach(({ file }, index) => body.append(filePartName(index), file, file.name));
  return uploadWithProgress('/v2/version', { body, schema: VersionSchema, signal, onProgress });
}

/** `PATCH /v2/version/{id}` (operationId `modifyVersion`). */
export function modifyVersion(id: string, body: ModifyVersionBody) {
  return apiFetch(`/v2/version/${encode(id)}`, { method: 'PATCH', body, schema: NoContentSchema });
}

/** `POST /v2/version/{id}/schedule` (operationId `scheduleVersion`): hidden until `time`, then `requested_status`. */
export function scheduleVersion(id: string, body: ScheduleVersionBody) {
  return apiFetch(`/v2/version/${encode(id)}/schedule`, { method: 'POST', body, schema: NoContentSchema });
}

/** `POST /v2/version/{id}/file` (operationId `addFilesToVersion`): never the primary file. */
export function addFilesToVersion(id: string, files: readonly NewFile[], { signal, onProgress }: UploadCallbacks = {}) {
  const body = new FormData();
  const fileTypes: Record<string, FileType | null> = {};
  files.forEach(({ fileType }, index) => {
    if (fileType) fileTypes[filePartName(index)] = fileType;
  });
  body.append('data', JSON.stringify({ file_types: fileTypes }));
  files.forEach(({ file }, index) => body.append(filePartName(index), file, file.name));
  return uploadWithProgress(`/v2/version/${encode(id)}/file`, { body, schema: NoContentSchema, signal, onProgress });
}

/** `DELETE /v2/version_file/{sha1}?version_id=` (operationId `deleteFileFromHash`). */
export function deleteVersionFile(sha1: string, versionId: string) {
  return apiFetch(`/v2/version_file/${encode(sha1)}`, { method: 'DELETE', query: { version_id: versionId, algorithm: 'sha1' }, schema: NoContentSchema });
}

/** `DELETE /v2/version/{id}` (operationId `deleteVersion`). */
export function deleteVersion(id: string) {
  return apiFetch(`/v2/version/${encode(id)}`, { method: 'DELETE', schema: NoContentSchema });
}

/**
 * `POST /v2/image` (operationId `uploadImage`) with the image as the raw body: an image for a
 * changelog, in the context of the version when it exists, of its project before. Answers its URL.
 */
export async function uploadChangelogImage(target: { versionId: string } | { projectId: string }, file: File, ext: string): Promise<string> {
  const query = 'versionId' in target ? { ext, context: 'version', version_id: target.versionId } : { ext, context: 'project', project_id: target.projectId };
  const image = await apiFetch('/v2/image', { method: 'POST', query, body: file, schema: UploadedImageSchema });
  return image.url;
}

/** Queries of the editor; their keys sit under `projects` so project mutations refresh them too. */
export const versionEditorQueries = {
  /** `GET /v2/search?query=` for the dependency picker: projects by name. */
  projectSearch: (query: string) =>
    queryOptions({
      queryKey: ['projects', 'dependency-search', query] as const,
      queryFn: ({ signal }) => apiFetch('/v2/search', { schema: SearchResultsSchema, query: { query, limit: 8 }, signal }),
      enabled: query.trim().length > 0,
      staleTime: 60_000,
    }),
  /** `GET /v2/project/{id}` for a dependency's name and icon. */
  project: (id: string) =>
    queryOptions({
      queryKey: ['projects', 'detail', id] as const,
      queryFn: ({ signal }) => apiFetch(`/v2/project/${encode(id)}`, { schema: ProjectSchema, signal }),
      staleTime: 60_000,
    }),
  /** `GET /v2/project/{id}/version` without changelogs: the versions a dependency can pin. */
  projectVersions: (id: string) =>
    queryOptions({
      queryKey: ['projects', 'versions', id] as const,
      queryFn: ({ signal }) => apiFetch(`/v2/project/${encode(id)}/version`, { schema: z.array(VersionSchema), query: { include_changelog: false }, signal }),
    }),
  /** `GET /v2/version/{id}`: a pinned dependency version. */
  version: (id: string) =>
    queryOptions({
      queryKey: ['projects', 'version-by-id', id] as const,
      queryFn: ({ signal }) => apiFetch(`/v2/version/${encode(id)}`, { schema: VersionSchema, signal }),
      staleTime: 60_000,
    }),
};
