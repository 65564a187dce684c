import fs from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import * as tar from 'tar';
import { closeQuietly, inDir, isPartial, openWalked, outsideFolder, pathParts, type ConfinedFolder } from './confined-folder.js';
import { AgentError, invalidInput } from './errors.js';

const BLOCK = 512;
const CHUNK = 64 * 1024;

export interface PackMember {
  folder: ConfinedFolder;
  /** What to pack, inside the folder. */
  parts: string[];
  /** Its name in the archive ('.' for the folder's own content as ./…). */
  as: string;
}

function headerBlocks(entry: { path: string; type: 'File' | 'Directory' | 'SymbolicLink'; size: number; mode: number; mtime: Date; linkpath?: string }): Buffer[] {
  const header = new tar.Header({ path: entry.path, type: entry.type, size: entry.size, mode: entry.mode & 0o7777, mtime: entry.mtime, linkpath: entry.linkpath });
  const blocks: Buffer[] = [];
  // Names past the old 100/155-byte fields (and huge sizes) go in a PAX header before it.
  if (header.encode()) blocks.push(new tar.Pax({ path: entry.path, linkpath: entry.linkpath, size: entry.size, mtime: entry.mtime }).encode());
  blocks.push(header.block!);
  return blocks;
}

/** A file that shrank while it was read: the caller may start over (see folder-archive.ts). */
const changedWhileRead = () => Object.assign(new Error('a file changed while it was being read'), { code: 'EOF' });

/**
 * The members as a tar stream (portable: no owners or device numbers). Folders are read through
 * descriptors (see ConfinedFolder.walk), files opened without following links and read for
 * exactly the size they had when opened, links stored as links; FIFOs, sockets and files the
 * agent is still writing (the archive itself among them) are left out.
 */
export async function* packTar(members: PackMember[]): AsyncGenerator<Buffer> {
  for (const member of members) {
    for await (const entry of member.folder.walk(member.parts)) {
      const name = entry.relative ? `${member.as}/${entry.relative}` : member.as;
      const { stats } = entry;
      if (stats.isDirectory()) {
        yield* headerBlocks({ path: `${name}/`, type: 'Directory', size: 0, mode: stats.mode, mtime: stats.mtime });
      } else if (stats.isSymbolicLink() && entry.name) {
        const linkpath = await fs.readlink(inDir(entry.dir, entry.name)).catch(() => undefined);
        if (linkpath !== undefined) yield* headerBlocks({ path: name, type: 'SymbolicLink', size: 0, mode: stats.mode, mtime: stats.mtime, linkpath });
      } else if (stats.isFile() && !(entry.name && isPartial(entry.name))) {
        const handle = await openWalked(entry);
        if (!handle) continue;
        try {
          const opened = await handle.stat();
          yield* headerBlocks({ path: name, type: 'File', size: opened.size, mode: opened.mode, mtime: opened.mtime });
          let position = 0;
          while (position < opened.size) {
            const buffer = Buffer.allocUnsafe(Math.min(CHUNK, opened.size - position));
            const { bytesRead } = await handle.read(buffer, 0, buffer.length, position);
            if (bytesRead === 0) throw changedWhileRead();
            position += bytesRead;
            yield buffer.subarray(0, bytesRead);
          }
          const padding = (BLOCK - (opened.size % BLOCK)) % BLOCK;
          if (padding) yield Buffer.alloc(padding);
        } finally {
          await handle.close();
        }
      }
    }
  }
  yield Buffer.alloc(2 * BLOCK);
}

const unsafe = (reason: string) => new AgentError(400, 'unsafe_archive', `path: ${reason}`);

/**
 * Reads a (gzipped) tar from `source`, handing each entry to `onEntry` in order (the parser emits
 * the next entry only once this one is consumed). The first failure stops the reading.
 */
async function readTar(source: Readable, onEntry: (entry: tar.ReadEntry) => Promise<void>): Promise<void> {
  const parser = new tar.Parser({ strict: true });
  let work = Promise.resolve();
  let failure: unknown;
  parser.on('entry', (entry: tar.ReadEntry) => {
    work = work.then(async () => {
      if (failure === undefined) {
        try {
          await onEntry(entry);
        } catch (error) {
          failure = error;
          source.destroy();
        }
      }
      entry.resume();
    });
  });
  await new Promise<void>((resolve, reject) => {
    const damaged = (error: Error) => reject(invalidInput(`path: not a readable .tar.gz archive (${error.message})`));
    parser.on('end', () => resolve());
    parser.on('error', damaged);
    source.on('error', damaged);
    // Destroyed after a failure: the parser never ends then.
    source.on('close', () => {
      if (failure !== undefined) resolve();
    });
    source.pipe(parser as unknown as NodeJS.WritableStream);
  });
  await work;
  if (failure !== undefined) throw failure;
}

/**
 * Unpacks the archive `source()` gives (called twice: it must give the same bytes both times, so
 * the caller passes a copy only the agent can write) into `dest` inside the folder. A first pass
 * reads every entry without writing: absolute or `..` entries, links of any kind, entries that
 * would go through a link already in the folder and anything past `budget` bytes refuse the
 * whole archive. The second pass writes files under temporary names, renamed into place.
 */
export async function extractTar(folder: ConfinedFolder, source: () => Readable, dest: string[], budget: number): Promise<void> {
  let total = 0;
  await readTar(source(), async (entry) => {
    const normalized = entry.path.replace(/\\/g, '/');
    const segments = normalized.split('/');
    if (normalized.startsWith('/') || segments.includes('..')) throw unsafe(`archive entry ${entry.path} points outside the folder`);
    if (entry.type === 'SymbolicLink' || entry.type === 'Link') throw unsafe(`archive entry ${entry.path} is a link`);
    const parts = pathParts(normalized);
    for (let depth = 1; depth < parts.length + (entry.type === 'Directory' ? 1 : 0); depth++) {
      const stats = await folder.lstat([...dest, ...parts.slice(0, depth)]).catch(() => undefined);
      if (!stats) break;
      if (stats.isSymbolicLink()) throw unsafe(`archive entry ${entry.path} would be written through a link`);
    }
    total += entry.size ?? 0;
    if (total > budget) throw unsafe('archive is larger than the free storage');
  });
  await folder.mkdir(dest);
  await readTar(source(), async (entry) => {
    const parts = [...dest, ...pathParts(entry.path.replace(/\\/g, '/'))];
    try {
      if (entry.type === 'Directory') return await folder.mkdir(parts);
      if (entry.type !== 'File' && entry.type !== 'OldFile' && entry.type !== 'ContiguousFile') return;
      await folder.inParent(
        parts,
        async (dir, name) => {
          const temp = await folder.createTemp(dir);
          try {
            await pipeline(entry as unknown as Readable, temp.handle.createWriteStream());
            await fs.rename(inDir(dir, temp.name), inDir(dir, name));
          } catch (error) {
            await fs.unlink(inDir(dir, temp.name)).catch(() => undefined);
            throw (error as NodeJS.ErrnoException).code === 'EISDIR' ? invalidInput(`path: archive entry ${entry.path} would replace a folder`) : error;
          } finally {
            await closeQuietly(temp.handle);
          }
        },
        true,
      );
    } catch (error) {
      // A link swapped in since the first pass.
      if (error instanceof AgentError && error.code === outsideFolder().code) throw unsafe(`archive entry ${entry.path} would be written through a link`);
      throw error;
    }
  });
}
