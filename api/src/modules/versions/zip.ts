import { promisify } from 'node:util';
import { inflateRaw } from 'node:zlib';
import type { FileStore } from '../../lib/storage/file-store.js';

const inflate = promisify(inflateRaw);

const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const CENTRAL_DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_FILE_HEADER = 0x04034b50;
/** The end record is 22 bytes plus a comment of at most 65535 bytes. */
const MAX_TAIL = 22 + 0xffff;

export class ZipFormatError extends Error {}

async function readRange(files: FileStore, key: string, start: number, end: number): Promise<Buffer> {
  const blob = await files.read(key, { start, end });
  if (!blob) throw new ZipFormatError('file is missing');
  const chunks: Buffer[] = [];
  for await (const chunk of blob.stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * Reads one entry of a zip archive held in the file store, touching only the central
 * directory and that entry (a modpack can be hundreds of MiB). Stored and deflated entries
 * are supported; returns undefined when the archive has no such entry.
 */
export async function readZipEntry(files: FileStore, key: string, size: number, entryName: string, maxEntryBytes: number): Promise<Buffer | undefined> {
  if (size < 22) throw new ZipFormatError('too small to be a zip archive');
  const tailStart = Math.max(0, size - MAX_TAIL);
  const tail = await readRange(files, key, tailStart, size - 1);
  let eocd = -1;
  for (let i = tail.length - 22; i >= 0; i--) {
    if (tail.readUInt32LE(i) === END_OF_CENTRAL_DIRECTORY) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new ZipFormatError('no end of central directory record');
  const entries = tail.readUInt16LE(eocd + 10);
  const directorySize = tail.readUInt32LE(eocd + 12);
  const directoryOffset = tail.readUInt32LE(eocd + 16);
  if (directoryOffset === 0xffffffff || directoryOffset + directorySize > size) throw new ZipFormatError('unsupported or corrupt central directory');
  const directory = directorySize === 0 ? Buffer.alloc(0) : await readRange(files, key, directoryOffset, directoryOffset + directorySize - 1);

  let position = 0;
  for (let i = 0; i < entries; i++) {
    if (position + 46 > directory.length || directory.readUInt32LE(position) !== CENTRAL_DIRECTORY_ENTRY) {
      throw new ZipFormatError('corrupt central directory');
    }
    const method = directory.readUInt16LE(position + 10);
    const compressedSize = directory.readUInt32LE(position + 20);
    const uncompressedSize = directory.readUInt32LE(position + 24);
    const nameLength = directory.readUInt16LE(position + 28);
    const extraLength = directory.readUInt16LE(position + 30);
    const commentLength = directory.readUInt16LE(position + 32);
    const localOffset = directory.readUInt32LE(position + 42);
    const name = directory.subarray(position + 46, position + 46 + nameLength).toString('utf8');
    position += 46 + nameLength + extraLength + commentLength;
    if (name !== entryName) continue;

    if (uncompressedSize > maxEntryBytes) throw new ZipFormatError(`${entryName} is larger than ${maxEntryBytes} bytes`);
    const header = await readRange(files, key, localOffset, Math.min(size - 1, localOffset + 29));
    if (header.length < 30 || header.readUInt32LE(0) !== LOCAL_FILE_HEADER) throw new ZipFormatError('corrupt local file header');
    const dataStart = localOffset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
    if (dataStart + compressedSize > size) throw new ZipFormatError('entry data runs past the end of the archive');
    const compressed = compressedSize === 0 ? Buffer.alloc(0) : await readRange(files, key, dataStart, dataStart + compressedSize - 1);
    if (method === 0) return compressed;
    if (method === 8) {
      try {
        return await inflate(compressed, { maxOutputLength: maxEntryBytes });
      } catch {
        throw new ZipFormatError(`${entryName} cannot be decompressed`);
      }
    }
    throw new ZipFormatError(`${entryName} uses an unsupported compression method`);
  }
  return undefined;
}
