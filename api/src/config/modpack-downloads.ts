import { z } from 'zod';
import type { ModpackDownloadPolicy } from '../modules/versions/modpack-rules.js';
import { presignedOrigin, type FileStoreConfig } from './files.js';

/** Hosts the reference platform lets modpack files be downloaded from (the default of MODPACK_DOWNLOAD_HOSTS). */
export const DEFAULT_MODPACK_DOWNLOAD_HOSTS = ['cdn.modrinth.com', 'github.com', 'raw.githubusercontent.com', 'gitlab.com'];
const HOST_NAME = /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/i;

export const modpackDownloadsSchema = z.object({
  /**
   * Hosts (comma separated, https only) besides Cairn's own file links that files listed in an
   * uploaded modpack may be downloaded from; `none` allows Cairn's own links only.
   */
  MODPACK_DOWNLOAD_HOSTS: z
    .string()
    .refine((v) => v.trim() === 'none' || v.split(',').every((host) => HOST_NAME.test(host.trim())), 'must be comma-separated host names (e.g. github.com,cdn.example.org) or none')
    .optional(),
});

export type ModpackDownloadsEnv = z.infer<typeof modpackDownloadsSchema>;

export interface ModpackDownloadsSection {
  /** Where files listed in an uploaded modpack may be downloaded from: Cairn's own file origins and MODPACK_DOWNLOAD_HOSTS. */
  modpackDownloads: ModpackDownloadPolicy;
}

/** Cairn's own file links: those of the API, the CDN and the bucket (when downloads redirect to it). */
interface OwnFileLinks {
  publicApiUrl: string;
  publicCdnUrl: string;
  fileStore: FileStoreConfig;
}

export function modpackDownloadsSection(env: ModpackDownloadsEnv, own: OwnFileLinks): ModpackDownloadsSection {
  return {
    modpackDownloads: {
      ownOrigins: [...new Set([own.publicApiUrl, own.publicCdnUrl, presignedOrigin(own.fileStore)].flatMap((url) => (url ? [new URL(url).origin] : [])))],
      hosts:
        env.MODPACK_DOWNLOAD_HOSTS === undefined
          ? DEFAULT_MODPACK_DOWNLOAD_HOSTS
          : env.MODPACK_DOWNLOAD_HOSTS.trim() === 'none'
            ? []
            : [...new Set(env.MODPACK_DOWNLOAD_HOSTS.split(',').map((host) => host.trim().toLowerCase()))],
    },
  };
}
