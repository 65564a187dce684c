import yauzl from 'yauzl';
import type { FileStore } from '../../lib/storage/file-store.js';
import { ManifestError, type ArchiveContents } from './inference/manifest.js';
import { MANIFEST_ENTRIES } from './inference/read-manifests.js';
import { BlobRangeReader } from './modpack.js';
import { scanZip, type ZipScanLimits } from './zip-entries.js';

/**
 * Limits for reading a stored version file again (the review pre-checks): every entry name is
 * listed — a modpack's overrides can hold tens of thousands of files — but only the manifest
 * entries are inflated, each small text.
 */
const STORED_ARCHIVE_LIMITS: ZipScanLimits = { maxEntries: 200_000, maxEntryBytes: 4 * 1024 * 1024, maxTotalBytes: 8 * 1024 * 1024 };

/**
 * Lists a stored archive (a version's jar, zip or .mrpack) and inflates its manifest entries,
 * through ranged reads of the blob so a large pack is never held in memory. Anything
 * unreadable (not a zip, damaged, over the limits, the blob gone) is a ManifestError.
 */
export async function readStoredArchive(files: FileStore, blob: { key: string; size: number }): Promise<ArchiveContents> {
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.fromRandomAccessReaderPromise(new BlobRangeReader(files, blob.key), blob.size, { lazyEntries: true, autoClose: false });
  } catch (error) {
    throw new ManifestError(`The file is not a readable ZIP archive: ${(error as Error).message}`);
  }
  try {
    const scan = await scanZip(zip, { wanted: (name) => MANIFEST_ENTRIES.has(name), limits: STORED_ARCHIVE_LIMITS });
    return { names: scan.names, bytes: (name) => scan.contents.get(name) };
  } catch (error) {
    throw new ManifestError(`The archive could not be read: ${(error as Error).message}`);
  } finally {
    zip.close();
  }
}
