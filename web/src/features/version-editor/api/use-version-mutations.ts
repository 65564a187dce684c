import type { FileType, Version } from '@cairn/shared/schemas/versions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MutationCallbacks } from '../../../lib/mutation-callbacks';
import { createVersionData, modifyVersionBody, scheduleBody, type NewFile, type VersionFormValues } from '../utils/version-form';
import type { UploadCallbacks } from './version-editor-api';
import { addFilesToVersion, createVersion, deleteVersion, deleteVersionFile, modifyVersion, scheduleVersion } from './version-editor-api';

/** Every project query (details, version lists, single versions) may show what changed. */
const PROJECT_QUERIES = { queryKey: ['projects'] };

export interface CreateVersionInput {
  values: VersionFormValues;
  /** The primary file first. */
  files: NewFile[];
  upload: UploadCallbacks;
}

/** Creates a version with its files (`POST /v2/version`), then refreshes the project's queries. */
export function useCreateVersion(projectId: string, resourcePack: boolean, callbacks: MutationCallbacks<Version, CreateVersionInput> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ values, files, upload }: CreateVersionInput) => {
      const version = await createVersion(createVersionData(projectId, values, files, resourcePack), files, upload);
      const schedule = scheduleBody(values);
      if (schedule) await scheduleVersion(version.id, schedule);
      return version;
    },
    onSuccess: async (version, input) => {
      await queryClient.invalidateQueries(PROJECT_QUERIES);
      await callbacks.onSuccess?.(version, input);
    },
    onError: (error, input) => callbacks.onError?.(error, input),
  });
}

export interface SaveVersionInput {
  values: VersionFormValues;
  /** Files to add (never primary). */
  added: NewFile[];
  /** sha1 of existing files to delete. */
  removed: string[];
  primarySha1?: string;
  fileTypes: ReadonlyMap<string, FileType | null>;
  upload: UploadCallbacks;
}

/**
 * Saves an edited version: new files first (so a removed file is never the last one), then the
 * changed fields, then the removed files.
 */
export function useSaveVersion(version: Version | undefined, resourcePack: boolean, callbacks: MutationCallbacks<void, SaveVersionInput> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ values, added, removed, primarySha1, fileTypes, upload }: SaveVersionInput) => {
      if (!version) throw new Error('There is no version to save');
      if (added.length > 0) await addFilesToVersion(version.id, added, upload);
      const body = modifyVersionBody(version, values, { primarySha1, fileTypes }, resourcePack);
      if (body) await modifyVersion(version.id, body);
      const schedule = scheduleBody(values);
      if (schedule) await scheduleVersion(version.id, schedule);
      for (const sha1 of removed) await deleteVersionFile(sha1, version.id);
    },
    // Part of a save may have gone through even when a later step failed: refresh either way.
    onSettled: () => queryClient.invalidateQueries(PROJECT_QUERIES),
    onSuccess: async (_, input) => {
      await queryClient.invalidateQueries(PROJECT_QUERIES);
      await callbacks.onSuccess?.(undefined, input);
    },
    onError: (error, input) => callbacks.onError?.(error, input),
  });
}

/**
 * `DELETE /v2/version/{id}`. The screen leaves the version's page in `onSuccess` (awaited); only
 * then are the version's own queries dropped (a refetch would be a 404) and the rest refreshed.
 */
export function useDeleteVersion(callbacks: MutationCallbacks<unknown, Version> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (version: Version) => deleteVersion(version.id),
    onSuccess: async (data, version) => {
      await callbacks.onSuccess?.(data, version);
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] === 'projects' && query.queryKey.includes(version.id) });
      await queryClient.invalidateQueries(PROJECT_QUERIES);
    },
    onError: (error, version) => callbacks.onError?.(error, version),
  });
}
