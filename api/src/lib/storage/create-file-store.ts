import type { Config } from '../../config.js';
import { createDiskFileStore, type FileStore } from './file-store.js';

/**
 * The file store the configuration names (FILE_STORE): the data folder by default, or an
 * S3-compatible bucket. The AWS SDK is loaded only then (it takes most of a second to load).
 */
export async function createFileStore(config: Pick<Config, 'fileStore' | 'filesDir'>): Promise<FileStore> {
  const store = config.fileStore;
  if (store.kind === 'local') return createDiskFileStore(config.filesDir);
  const { createS3FileStore } = await import('./s3-file-store.js');
  return createS3FileStore({
    bucket: store.bucket,
    endpoint: store.endpoint,
    region: store.region,
    credentials: store.credentials,
    forcePathStyle: store.forcePathStyle,
    keyPrefix: store.keyPrefix,
    presignSeconds: store.presignSeconds,
  });
}
