import type { Readable } from 'node:stream';
import type yauzl from 'yauzl';

/**
 * The one place archives are read: walks a zip's central directory, keeps the entry names and
 * inflates only the entries a caller asks for, within limits, so a hostile archive (a zip bomb,
 * thousands of entries, lying sizes) costs bounded memory and time. yauzl itself refuses entry
 * names that are absolute or climb out with `..`, and checks inflated sizes against the headers.
 */

export interface ZipScanLimits {
  /** Archives declaring more entries than this are refused before any is read. */
  maxEntries: number;
  /** Largest single entry inflated. */
  maxEntryBytes: number;
  /** Largest sum of inflated bytes over every entry read. */
  maxTotalBytes: number;
}

export interface ZipScan {
  /** Every entry name seen, in directory order (when asked for). */
  names: string[];
  /** Inflated bytes of the wanted entries (the first entry of each name). */
  contents: Map<string, Buffer>;
}

/** A limit was exceeded: the archive is refused, whatever else it holds. */
export class ZipLimitError extends Error {}

async function inflateEntry(zip: yauzl.ZipFile, entry: yauzl.Entry, maxBytes: number, tooLarge: () => string): Promise<Buffer> {
  if (entry.uncompressedSize > maxBytes) throw new ZipLimitError(tooLarge());
  const stream = await new Promise<Readable>((resolve, reject) => zip.openReadStream(entry, (e, s) => (e ? reject(e) : resolve(s))));
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of stream) {
      size += (chunk as Buffer).length;
      if (size > maxBytes) throw new ZipLimitError(tooLarge());
      chunks.push(chunk as Buffer);
    }
  } finally {
    stream.destroy();
  }
  return Buffer.concat(chunks);
}

/**
 * Reads the directory of an opened archive (opened with `lazyEntries: true`). `done` may end
 * the walk early once what is needed has been found. Errors are yauzl's or `ZipLimitError`.
 */
export async function scanZip(
  zip: yauzl.ZipFile,
  options: {
    wanted: (name: string) => boolean;
    limits: ZipScanLimits;
    done?: (scan: ZipScan) => boolean;
    /** Keep every entry name (false: `names` stays empty, for archives with no entry cap). */
    listNames?: boolean;
  },
): Promise<ZipScan> {
  const { wanted, limits, done, listNames = true } = options;
  if (zip.entryCount > limits.maxEntries) {
    throw new ZipLimitError(`it has ${zip.entryCount} entries; at most ${limits.maxEntries} are read`);
  }
  const scan: ZipScan = { names: [], contents: new Map() };
  let inflated = 0;
  return new Promise<ZipScan>((resolve, reject) => {
    const fail = (error: unknown) => reject(error instanceof Error ? error : new Error(String(error)));
    zip.on('error', fail);
    zip.on('end', () => resolve(scan));
    zip.on('entry', (entry: yauzl.Entry) => {
      const name = entry.fileName;
      if (listNames) scan.names.push(name);
      // A repeated name is never inflated twice: the first one counts.
      if (!wanted(name) || scan.contents.has(name)) return done?.(scan) ? resolve(scan) : zip.readEntry();
      const budget = Math.min(limits.maxEntryBytes, limits.maxTotalBytes - inflated);
      const tooLarge = () =>
        budget < limits.maxEntryBytes
          ? `the entries read inflate to more than ${limits.maxTotalBytes} bytes in all`
          : `'${name}' inflates to more than ${limits.maxEntryBytes} bytes`;
      inflateEntry(zip, entry, budget, tooLarge)
        .then((bytes) => {
          inflated += bytes.length;
          scan.contents.set(name, bytes);
          if (done?.(scan)) resolve(scan);
          else zip.readEntry();
        })
        .catch(fail);
    });
    zip.readEntry();
  });
}
