import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { clientPathOf, closeQuietly, outsideFolder, pathParts, type ConfinedFolder } from './confined-folder.js';
import { AgentError, invalidInput, notFound } from './errors.js';
import { extractTar, packTar, type PackMember } from './tar-stream.js';

const MAX_TEXT_BYTES = 5 * 1024 * 1024;

export interface FileEntry {
  name: string;
  type: 'file' | 'directory' | 'symlink' | 'other';
  size: number;
  modified: string;
}

/** Storage budget callback: bytes still free under the server's quota. */
export type FreeBytes = () => Promise<number>;

const quotaError = () => new AgentError(413, 'storage_quota_exceeded', "storage: this would exceed the plan's storage quota");

/** Fails the stream once more than `budget` bytes have passed. */
function quotaMeter(budget: number): Transform {
  let written = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      written += chunk.length;
      if (written > budget) callback(quotaError());
      else callback(null, chunk);
    },
  });
}

/**
 * File operations on one server folder for the file manager. Every client path is confined by
 * ConfinedFolder; `staging` is a folder only the agent can write, where an archive is copied
 * before it is unpacked (so the server cannot change it between the check and the writing).
 */
export function serverFiles(folder: ConfinedFolder, freeBytes: FreeBytes, staging: string) {
  return {
    async list(clientPath: string): Promise<{ path: string; entries: FileEntry[] }> {
      const parts = pathParts(clientPath);
      const entries = (await folder.list(parts)).map(({ name, stats }): FileEntry => {
        const type = stats.isSymbolicLink() ? 'symlink' : stats.isDirectory() ? 'directory' : stats.isFile() ? 'file' : 'other';
        return { name, type, size: stats.isFile() ? stats.size : 0, modified: stats.mtime.toISOString() };
      });
      entries.sort((a, b) => Number(b.type === 'directory') - Number(a.type === 'directory') || a.name.localeCompare(b.name));
      return { path: clientPathOf(parts), entries };
    },

    async readText(clientPath: string): Promise<string> {
      const { handle, stats } = await folder.openFile(pathParts(clientPath));
      try {
        if (stats.size > MAX_TEXT_BYTES) throw new AgentError(413, 'file_too_large', 'path: too large to open as text; download it instead');
        return await handle.readFile('utf8');
      } finally {
        await handle.close();
      }
    },

    async openDownload(clientPath: string): Promise<{ stream: Readable; size: number; name: string }> {
      const parts = pathParts(clientPath);
      const { handle, stats } = await folder.openFile(parts);
      if (stats.size === 0) {
        await handle.close();
        return { stream: Readable.from([]), size: 0, name: parts.at(-1)! };
      }
      // Exactly the bytes the answer announces, even if the server is still writing the file.
      return { stream: handle.createReadStream({ end: stats.size - 1 }), size: stats.size, name: parts.at(-1)! };
    },

    /**
     * Streams a body into a file: written to a temporary name beside it and renamed at the end,
     * aborted as soon as the bytes would pass the storage quota. With `overwrite: false` an
     * existing file is refused (409), checked again atomically when the upload lands.
     */
    async write(clientPath: string, body: Readable, options: { overwrite?: boolean } = {}): Promise<{ path: string; size: number }> {
      const parts = pathParts(clientPath);
      if (parts.length === 0) throw invalidInput('path: must name a file');
      const free = await freeBytes();
      const size = await folder.writeFile(parts, body, { overwrite: options.overwrite, through: (replaced) => [quotaMeter(free + replaced)] });
      return { path: clientPathOf(parts), size };
    },

    rename: (from: string, to: string) => folder.rename(pathParts(from), pathParts(to)),

    async remove(paths: string[]): Promise<void> {
      for (const clientPath of paths) await folder.remove(pathParts(clientPath));
    },

    mkdir: (clientPath: string) => folder.mkdir(pathParts(clientPath)),

    /** Packs paths into a .tar.gz inside the folder (links stored as links, never followed). */
    async archive(paths: string[], destination: string): Promise<{ path: string; size: number }> {
      const target = pathParts(destination);
      if (!/\.(tar\.gz|tgz)$/.test(target.at(-1) ?? '')) throw invalidInput('destination: must end in .tar.gz or .tgz');
      const members: PackMember[] = [];
      for (const clientPath of paths) {
        const parts = pathParts(clientPath);
        if (parts.length > 0 && !(await folder.lstat(parts))) throw notFound(`paths: ${clientPath}`);
        members.push({ folder, parts, as: parts.length === 0 ? '.' : parts.join('/') });
      }
      const budget = await freeBytes();
      // The archive being written is never part of itself: it lives under a temporary name until done.
      const size = await folder.writeFile(target, Readable.from(packTar(members)), { through: () => [createGzip(), quotaMeter(budget)] });
      return { path: clientPathOf(target), size };
    },

    /** Unpacks a .tar.gz inside the folder; see extractTar for what is refused. */
    async extract(clientPath: string, destination: string): Promise<void> {
      const dest = pathParts(destination);
      if ((await folder.lstat(dest))?.isSymbolicLink()) throw outsideFolder();
      const { handle } = await folder.openFile(pathParts(clientPath));
      const copy = path.join(staging, `extract-${randomUUID()}.tar.gz`);
      try {
        await fs.mkdir(staging, { recursive: true, mode: 0o700 });
        await pipeline(handle.createReadStream(), createWriteStream(copy, { flags: 'wx', mode: 0o600 }));
        await extractTar(folder, () => createReadStream(copy), dest, await freeBytes());
      } finally {
        await closeQuietly(handle);
        await fs.rm(copy, { force: true });
      }
    },
  };
}
