import { createWriteStream } from 'node:fs';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import type { ConfinedFolder } from './confined-folder.js';
import { packTar } from './tar-stream.js';

/** Times a folder is read again when the running server changed a file while it was being read. */
const ATTEMPTS = 3;

/** Counts bytes passing through and reports the running total (for progress percentages). */
export function byteCounter(onBytes: (total: number) => void): Transform {
  let total = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      total += chunk.length;
      onBytes(total);
      callback(null, chunk);
    },
  });
}

/**
 * A file that shrank between being opened and read to its end (`EOF`), or vanished after it was
 * listed (`ENOENT`): a live server rewrites level.dat and region files whenever it saves, so a
 * backup taken while it runs can meet either.
 */
function changedWhileRead(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'EOF' || code === 'ENOENT';
}

/**
 * Writes the folder as a .tar.gz to `file`, reporting the tar bytes read so far. A file changed by
 * the running server mid-read makes it start over (the whole archive, so it is never a mix of
 * two moments), up to three times. Resolves with the number of attempts it took.
 */
export async function archiveFolder(folder: ConfinedFolder, file: string, options: { signal: AbortSignal; onBytes: (total: number) => void }): Promise<number> {
  for (let attempt = 1; ; attempt++) {
    try {
      const source = Readable.from(packTar([{ folder, parts: [], as: '.' }]));
      await pipeline(source, byteCounter(options.onBytes), createGzip(), createWriteStream(file), { signal: options.signal });
      return attempt;
    } catch (error) {
      if (options.signal.aborted || attempt === ATTEMPTS || !changedWhileRead(error)) throw error;
    }
  }
}
