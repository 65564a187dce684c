import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, lstatSync, type ReadStream, type Stats } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import * as tar from 'tar';
import { AgentError, invalidInput, notFound } from './errors.js';
import { resolveInside, toClientPath } from './safe-path.js';

const MAX_TEXT_BYTES = 5 * 1024 * 1024;

export interface FileEntry {
  name: string;
  type: 'file' | 'directory' | 'symlink' | 'other';
  size: number;
  modified: string;
}

/** Storage budget callback: bytes still free under the server's quota. */
export type FreeBytes = () => Promise<number>;

const alreadyExists = () => new AgentError(409, 'already_exists', 'path: a file with this name already exists');
const quotaError = () => new AgentError(413, 'storage_quota_exceeded', "storage: this would exceed the plan's storage quota");

async function statOrNotFound(target: string, what: string) {
  try {
    return await fs.stat(target);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw notFound(what);
    throw error;
  }
}

/** File operations on one server folder; every client path goes through resolveInside. */
export function serverFiles(root: string, freeBytes: FreeBytes) {
  return {
    async list(clientPath: string): Promise<{ path: string; entries: FileEntry[] }> {
      const dir = await resolveInside(root, clientPath);
      const stat = await statOrNotFound(dir, 'path');
      if (!stat.isDirectory()) throw invalidInput('path: not a folder');
      const names = await fs.readdir(dir);
      const entries = await Promise.all(
        names.map(async (name): Promise<FileEntry> => {
          const s = await fs.lstat(path.join(dir, name));
          const type = s.isSymbolicLink() ? 'symlink' : s.isDirectory() ? 'directory' : s.isFile() ? 'file' : 'other';
          return { name, type, size: s.isFile() ? s.size : 0, modified: s.mtime.toISOString() };
        }),
      );
      entries.sort((a, b) => Number(b.type === 'directory') - Number(a.type === 'directory') || a.name.localeCompare(b.name));
      return { path: toClientPath(root, dir), entries };
    },

    async readText(clientPath: string): Promise<string> {
      const file = await resolveInside(root, clientPath);
      const stat = await statOrNotFound(file, 'file');
      if (!stat.isFile()) throw invalidInput('path: not a file');
      if (stat.size > MAX_TEXT_BYTES) throw new AgentError(413, 'file_too_large', 'path: too large to open as text; download it instead');
      return fs.readFile(file, 'utf8');
    },

    async openDownload(clientPath: string): Promise<{ stream: ReadStream; size: number; name: string }> {
      const file = await resolveInside(root, clientPath);
      const stat = await statOrNotFound(file, 'file');
      if (!stat.isFile()) throw invalidInput('path: not a file');
      return { stream: createReadStream(file), size: stat.size, name: path.basename(file) };
    },

    /**
     * Streams a body into a file: written to a temporary name beside it and renamed at the end,
     * aborted as soon as the bytes would pass the storage quota. With `overwrite: false` an
     * existing file is refused (409), checked again atomically when the upload lands.
     */
    async write(clientPath: string, body: Readable, options: { overwrite?: boolean } = {}): Promise<{ path: string; size: number }> {
      const overwrite = options.overwrite ?? true;
      const file = await resolveInside(root, clientPath);
      if (file === root) throw invalidInput('path: must name a file');
      const existing = await fs.stat(file).catch(() => undefined);
      if (existing?.isDirectory()) throw invalidInput('path: is a folder');
      if (existing && !overwrite) throw alreadyExists();
      await fs.mkdir(path.dirname(file), { recursive: true });
      await resolveInside(root, clientPath);
      const budget = (await freeBytes()) + (existing?.size ?? 0);
      let written = 0;
      const meter = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          written += chunk.length;
          if (written > budget) callback(quotaError());
          else callback(null, chunk);
        },
      });
      const temp = path.join(path.dirname(file), `.cairn-upload-${randomUUID()}`);
      try {
        await pipeline(body, meter, createWriteStream(temp, { flags: 'wx' }));
        if (overwrite) await fs.rename(temp, file);
        else await fs.link(temp, file).catch((error: NodeJS.ErrnoException) => Promise.reject(error.code === 'EEXIST' ? alreadyExists() : error));
      } catch (error) {
        await fs.rm(temp, { force: true });
        throw error;
      }
      if (!overwrite) await fs.rm(temp, { force: true });
      return { path: toClientPath(root, file), size: written };
    },

    async rename(from: string, to: string): Promise<void> {
      const source = await resolveInside(root, from, { followLast: false });
      const target = await resolveInside(root, to, { followLast: false });
      if (source === root || target === root) throw invalidInput('from: the server folder itself cannot be moved');
      await fs.lstat(source).catch(() => {
        throw notFound('from');
      });
      if (await fs.lstat(target).then(() => true, () => false)) throw new AgentError(409, 'conflict', 'to: already exists');
      await fs.mkdir(path.dirname(target), { recursive: true });
      await fs.rename(source, target);
    },

    async remove(paths: string[]): Promise<void> {
      for (const clientPath of paths) {
        const target = await resolveInside(root, clientPath, { followLast: false });
        if (target === root) throw invalidInput('paths: the server folder itself cannot be deleted');
        await fs.rm(target, { recursive: true, force: true });
      }
    },

    async mkdir(clientPath: string): Promise<void> {
      const dir = await resolveInside(root, clientPath);
      await fs.mkdir(dir, { recursive: true });
    },

    /** Packs paths into a .tar.gz inside the folder (symlinks stored as links, never followed). */
    async archive(paths: string[], destination: string): Promise<{ path: string; size: number }> {
      const target = await resolveInside(root, destination);
      if (!/\.(tar\.gz|tgz)$/.test(target)) throw invalidInput('destination: must end in .tar.gz or .tgz');
      const members: string[] = [];
      for (const clientPath of paths) {
        const member = await resolveInside(root, clientPath, { followLast: false });
        if (member === root) members.push('.');
        else {
          await fs.lstat(member).catch(() => {
            throw notFound(clientPath);
          });
          members.push(path.relative(root, member));
        }
      }
      await fs.mkdir(path.dirname(target), { recursive: true });
      await tar.c({ gzip: true, cwd: root, file: target, portable: true, filter: (p) => path.resolve(root, p) !== target }, members);
      const size = (await fs.stat(target)).size;
      if (size > (await freeBytes())) {
        await fs.rm(target, { force: true });
        throw quotaError();
      }
      return { path: toClientPath(root, target), size };
    },

    /** Unpacks a .tar.gz inside the folder; see extractSafely for what is refused. */
    async extract(clientPath: string, destination: string): Promise<void> {
      const archive = await resolveInside(root, clientPath);
      const dest = await resolveInside(root, destination);
      await statOrNotFound(archive, 'path');
      await fs.mkdir(dest, { recursive: true });
      await extractSafely(archive, dest, await freeBytes());
    },
  };
}

/**
 * Extracts a .tar.gz into dest. Entries with absolute paths or `..` segments (zip-slip), links
 * of any kind and anything past the byte budget are refused before a byte is written for them;
 * node-tar additionally refuses to write through symlinks already on disk.
 */
export async function extractSafely(archive: string, dest: string, budget: number): Promise<void> {
  let refused: string | undefined;
  let total = 0;
  const check = (entryPath: string, entry: tar.ReadEntry | Stats): boolean => {
    const normalized = path.posix.normalize(entryPath.replace(/\\/g, '/'));
    const type = 'type' in entry ? entry.type : 'File';
    if (path.posix.isAbsolute(normalized) || normalized === '..' || normalized.startsWith('../')) {
      refused = `archive entry ${entryPath} points outside the folder`;
    } else if (type === 'SymbolicLink' || type === 'Link') {
      refused = `archive entry ${entryPath} is a link`;
    } else if (passesThroughLink(dest, normalized)) {
      refused = `archive entry ${entryPath} would be written through a link`;
    } else {
      total += entry.size ?? 0;
      if (total > budget) refused = 'archive is larger than the free storage';
    }
    return refused === undefined;
  };
  // First pass lists without writing, so a bad archive changes nothing.
  await tar.t({ file: archive, onReadEntry: (entry) => void check(entry.path, entry) }).catch(() => {
    throw invalidInput('path: not a readable .tar.gz archive');
  });
  if (refused) throw new AgentError(400, 'unsafe_archive', `path: ${refused}`);
  total = 0;
  await tar.x({ file: archive, cwd: dest, strict: true, preservePaths: false, filter: (p, entry) => check(p, entry) || false }).catch((error: unknown) => {
    if ((error as { code?: string }).code === 'TAR_SYMLINK_ERROR') throw new AgentError(400, 'unsafe_archive', 'path: archive entries would be written through a link');
    throw invalidInput(`path: the archive could not be unpacked (${(error as Error).message})`);
  });
  if (refused) throw new AgentError(400, 'unsafe_archive', `path: ${refused}`);
}

/** Whether a folder on the way to dest/entry (already on disk) is a symlink; extracting there could leave dest. */
function passesThroughLink(dest: string, entry: string): boolean {
  const parts = entry.split('/').filter((part) => part !== '' && part !== '.');
  let current = dest;
  for (const part of parts.slice(0, -1)) {
    current = path.join(current, part);
    const stat = lstatSync(current, { throwIfNoEntry: false });
    if (!stat) return false;
    if (stat.isSymbolicLink()) return true;
  }
  return false;
}
