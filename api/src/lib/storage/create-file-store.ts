import type { Config } from '../../config.js';
import { createDiskFileStore, type FileStore } from './file-store.js';
import { createS3FileStore } from './s3-file-store.js';

/** The file store the configuration names (FILE_STORE): the data folder by default, or an S3-compatible bucket. */
export function createFileStore(config: Pick<Config, 'fileStore' | 'filesDir'>): FileStore {
  const store = config.fileStore;
  if (store.kind === 'local') return createDiskFileStore(config.filesDir);
  return createS3FileStore({
    bucket: store.bucket,
    endpoint: store.endpoint,
    region: store.region,
    credentials: store.credentials,
    forcePathStyle: store.forcePathStyle,
    keyPrefix: store.keyPrefix,
  });
}
