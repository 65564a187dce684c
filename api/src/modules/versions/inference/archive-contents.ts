import { open } from 'node:fs/promises';
import yauzl from 'yauzl';
import { scanZip, ZipLimitError, type ZipScanLimits } from '../zip-entries.js';
import { ManifestError, type ArchiveContents } from './manifest.js';
import { MANIFEST_ENTRIES } from './read-manifests.js';

/**
 * Limits for reading an uploaded archive. Manifests are small text; a real jar has a few
 * thousand entries at most, and only the manifest entries are ever inflated.
 */
export const INFERENCE_ZIP_LIMITS: ZipScanLimits = {
  maxEntries: 5000,
  maxEntryBytes: 4 * 1024 * 1024,
  maxTotalBytes: 8 * 1024 * 1024,
};

const ZIP_SIGNATURES = [Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from([0x50, 0x4b, 0x05, 0x06])];

async function startsLikeZip(path: string): Promise<boolean> {
  const file = await open(path, 'r');
  try {
    const head = Buffer.alloc(4);
    const { bytesRead } = await file.read(head, 0, 4, 0);
    return bytesRead === 4 && ZIP_SIGNATURES.some((signature) => signature.equals(head));
  } finally {
    await file.close();
  }
}

function describeZipError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof ZipLimitError) return `The archive is refused: ${message}`;
  if (/^invalid (relative path|characters in fileName)|^absolute path/.test(message)) return `The archive has an unsafe entry name: ${message}`;
  return `The archive is truncated or damaged: ${message}`;
}

/** Lists a ZIP file on disk and inflates its manifest entries; anything unreadable is a ManifestError. */
export async function readArchiveContents(path: string, limits: ZipScanLimits = INFERENCE_ZIP_LIMITS): Promise<ArchiveContents> {
  if (!(await startsLikeZip(path))) throw new ManifestError('The file is not a ZIP archive (a .jar, .zip or .mrpack file)');
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.openPromise(path, { lazyEntries: true, autoClose: false });
  } catch (error) {
    throw new ManifestError(describeZipError(error));
  }
  try {
    const scan = await scanZip(zip, { wanted: (name) => MANIFEST_ENTRIES.has(name), limits });
    return { names: scan.names, bytes: (name) => scan.contents.get(name) };
  } catch (error) {
    throw new ManifestError(describeZipError(error));
  } finally {
    zip.close();
  }
}
