import { randomUUID } from 'node:crypto';
import { constants, type Stats } from 'node:fs';
import fs, { type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough, Readable, type Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AgentError, invalidInput, notFound } from './errors.js';

const { O_RDONLY, O_WRONLY, O_CREAT, O_EXCL, O_NOFOLLOW, O_DIRECTORY, O_NONBLOCK } = constants;
const DIRECTORY_FLAGS = O_RDONLY | O_DIRECTORY | O_NOFOLLOW;

export interface Owner {
  uid: number;
  gid: number;
}

/**
 * A name inside an open folder, as a path the kernel resolves from the descriptor itself: the
 * folder cannot be swapped for a link between our check and our use of it.
 */
export const inDir = (dir: FileHandle, name?: string) => (name === undefined ? `/proc/self/fd/${dir.fd}` : `/proc/self/fd/${dir.fd}/${name}`);

/** Closes a handle unless a stream already did (a handle streams close by default when they end). */
export async function closeQuietly(handle: FileHandle): Promise<void> {
  if (handle.fd !== -1) await handle.close().catch(() => undefined);
}

const TEMP_PREFIX = '.cairn-partial-';

/** A file the agent is still writing (an upload, an archive, an extracted entry): never part of an archive. */
export const isPartial = (name: string) => name.startsWith(TEMP_PREFIX);

export const alreadyExists = () => new AgentError(409, 'already_exists', 'path: a file with this name already exists');

export const outsideFolder = () => new AgentError(400, 'invalid_path', 'path: must stay inside the server folder (links are never followed)');

const errno = (error: unknown) => (error as NodeJS.ErrnoException).code;

/**
 * A client path (always read as rooted at the server folder: "/", "world/level.dat", "../x" and
 * "/etc/passwd" all land inside it) as its components; `..` cannot survive normalisation.
 */
export function pathParts(clientPath: string): string[] {
  if (clientPath.includes('\0')) throw outsideFolder();
  const normalized = path.posix.normalize(`/${clientPath.replace(/\\/g, '/')}`);
  return normalized.split('/').filter((part) => part !== '' && part !== '.');
}

export const clientPathOf = (parts: string[]) => `/${parts.join('/')}`;

/**
 * One server folder as the root-run agent must touch it while the server's own code may be
 * changing it: every component is opened with O_NOFOLLOW relative to its parent's descriptor, so
 * a link (planted earlier, or swapped in mid-operation) never leads the agent outside, and reads
 * never block on a FIFO. Whatever the agent creates is handed to the server's user.
 */
export class ConfinedFolder {
  constructor(
    readonly root: string,
    readonly owner: Owner | undefined,
  ) {}

  /** Gives a file or folder the agent made to the server's user. */
  async give(handle: FileHandle): Promise<void> {
    if (this.owner) await handle.chown(this.owner.uid, this.owner.gid);
  }

  private async openChildDir(dir: FileHandle, name: string, create: boolean): Promise<FileHandle> {
    try {
      return await fs.open(inDir(dir, name), DIRECTORY_FLAGS);
    } catch (error) {
      if (errno(error) === 'ENOENT' && create) {
        await fs.mkdir(inDir(dir, name)).catch((made: unknown) => {
          if (errno(made) !== 'EEXIST') throw made;
        });
        const child = await this.openChildDir(dir, name, false);
        await this.give(child);
        return child;
      }
      throw await this.explain(dir, name, error);
    }
  }

  /** Turns a failed open into the client's error: a link is an escape, a file where a folder was expected is bad input. */
  private async explain(dir: FileHandle, name: string, error: unknown): Promise<unknown> {
    const code = errno(error);
    if (code === 'ELOOP') return outsideFolder();
    if (code === 'ENOENT') return notFound('path');
    if (code === 'ENOTDIR') {
      const stats = await fs.lstat(inDir(dir, name)).catch(() => undefined);
      return stats?.isSymbolicLink() ? outsideFolder() : invalidInput(`path: ${name} is not a folder`);
    }
    return error;
  }

  /** Opens the folder `parts` leads to; `create` makes the missing ones. The caller closes it. */
  async openDir(parts: string[], create = false): Promise<FileHandle> {
    let current = await fs.open(this.root, DIRECTORY_FLAGS);
    try {
      for (const part of parts) {
        const next = await this.openChildDir(current, part, create);
        await current.close();
        current = next;
      }
      return current;
    } catch (error) {
      await current.close().catch(() => undefined);
      throw error;
    }
  }

  /** Runs `work` with the parent folder of `parts` open; `parts` must name something below the root. */
  async inParent<T>(parts: string[], work: (dir: FileHandle, name: string) => Promise<T>, create = false): Promise<T> {
    const name = parts.at(-1);
    if (name === undefined) throw invalidInput('path: must name something inside the server folder');
    const dir = await this.openDir(parts.slice(0, -1), create);
    try {
      return await work(dir, name);
    } finally {
      await dir.close();
    }
  }

  /** lstat of the entry at `parts` (the root itself for []); undefined when missing. */
  async lstat(parts: string[]): Promise<Stats | undefined> {
    if (parts.length === 0) return fs.lstat(this.root);
    return this.inParent(parts, (dir, name) => fs.lstat(inDir(dir, name)).catch(() => undefined)).catch((error: unknown) => {
      if (error instanceof AgentError && error.statusCode === 404) return undefined;
      throw error;
    });
  }

  /** Opens a regular file for reading (a link, folder or FIFO is refused). The caller closes it. */
  async openFile(parts: string[]): Promise<{ handle: FileHandle; stats: Stats }> {
    return this.inParent(parts, async (dir, name) => {
      const handle = await fs.open(inDir(dir, name), O_RDONLY | O_NOFOLLOW | O_NONBLOCK).catch(async (error: unknown) => {
        throw await this.explain(dir, name, error);
      });
      const stats = await handle.stat();
      if (!stats.isFile()) {
        await handle.close();
        throw invalidInput('path: not a file');
      }
      return { handle, stats };
    });
  }

  /** Creates a new file under a temporary name in `dir` (owned by the server); returns its name and handle. */
  async createTemp(dir: FileHandle): Promise<{ name: string; handle: FileHandle }> {
    const name = `${TEMP_PREFIX}${randomUUID()}`;
    const handle = await fs.open(inDir(dir, name), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, 0o644);
    await this.give(handle);
    return { name, handle };
  }

  /**
   * Writes a file atomically: the bytes go to a temporary name beside it (through the transforms
   * `through` makes knowing the size of the file being replaced: compression, a quota check), then
   * replace it, or with `overwrite: false` land only if nothing has the name by then (409). Missing
   * folders are created. Resolves with the bytes written.
   */
  async writeFile(parts: string[], source: Readable | string, options: { overwrite?: boolean; through?: (replacedBytes: number) => Transform[] } = {}): Promise<number> {
    const overwrite = options.overwrite ?? true;
    return this.inParent(
      parts,
      async (dir, name) => {
        const existing = await fs.lstat(inDir(dir, name)).catch(() => undefined);
        if (existing?.isDirectory()) throw invalidInput('path: is a folder');
        if (existing?.isSymbolicLink()) throw outsideFolder();
        if (existing && !overwrite) throw alreadyExists();
        const temp = await this.createTemp(dir);
        try {
          const input = typeof source === 'string' ? Readable.from([Buffer.from(source)]) : source;
          const counter = new PassThrough();
          let written = 0;
          counter.on('data', (chunk: Buffer) => (written += chunk.length));
          await pipeline([input, ...(options.through?.(existing?.size ?? 0) ?? []), counter, temp.handle.createWriteStream()]);
          if (overwrite) await fs.rename(inDir(dir, temp.name), inDir(dir, name));
          else {
            await fs.link(inDir(dir, temp.name), inDir(dir, name)).catch((error: unknown) => Promise.reject(errno(error) === 'EEXIST' ? alreadyExists() : error));
            await fs.unlink(inDir(dir, temp.name));
          }
          return written;
        } catch (error) {
          await fs.unlink(inDir(dir, temp.name)).catch(() => undefined);
          throw error;
        } finally {
          await closeQuietly(temp.handle);
        }
      },
      true,
    );
  }

  /** A whole (small) file as text; undefined when it does not exist. */
  async readText(parts: string[]): Promise<string | undefined> {
    try {
      const { handle } = await this.openFile(parts);
      try {
        return await handle.readFile('utf8');
      } finally {
        await handle.close();
      }
    } catch (error) {
      if (error instanceof AgentError && error.statusCode === 404) return undefined;
      throw error;
    }
  }

  /** Gives everything in the folder to the server's user (links themselves, never their targets). */
  async giveAll(): Promise<void> {
    if (!this.owner) return;
    const { uid, gid } = this.owner;
    for await (const entry of this.walk([])) {
      if (entry.name === undefined) await entry.dir.chown(uid, gid);
      else await fs.lchown(inDir(entry.dir, entry.name), uid, gid).catch(() => undefined);
    }
  }

  /** Names in the folder at `parts`. */
  async list(parts: string[]): Promise<Array<{ name: string; stats: Stats }>> {
    const dir = await this.openDir(parts);
    try {
      const names = await fs.readdir(inDir(dir));
      const entries = await Promise.all(names.map(async (name) => ({ name, stats: await fs.lstat(inDir(dir, name)).catch(() => undefined) })));
      return entries.filter((entry): entry is { name: string; stats: Stats } => entry.stats !== undefined);
    } finally {
      await dir.close();
    }
  }

  async mkdir(parts: string[]): Promise<void> {
    await (await this.openDir(parts, true)).close();
  }

  /** Moves `from` to `to` (missing folders of `to` are created); 409 when `to` exists. */
  async rename(from: string[], to: string[]): Promise<void> {
    if (from.length === 0 || to.length === 0) throw invalidInput('from: the server folder itself cannot be moved');
    await this.inParent(from, (source, fromName) =>
      this.inParent(
        to,
        async (target, toName) => {
          if (!(await fs.lstat(inDir(source, fromName)).catch(() => undefined))) throw notFound('from');
          if (await fs.lstat(inDir(target, toName)).catch(() => undefined)) throw new AgentError(409, 'conflict', 'to: already exists');
          await fs.rename(inDir(source, fromName), inDir(target, toName));
        },
        true,
      ),
    );
  }

  /** Deletes the entry at `parts` and everything under it, never leaving the folders it holds open. */
  async remove(parts: string[]): Promise<void> {
    if (parts.length === 0) throw invalidInput('paths: the server folder itself cannot be deleted');
    await this.inParent(parts, (dir, name) => removeEntry(dir, name)).catch((error: unknown) => {
      if (error instanceof AgentError && error.statusCode === 404) return;
      throw error;
    });
  }

  /** Deletes everything in the folder, keeping the folder itself. */
  async empty(): Promise<void> {
    for (const { name } of await this.list([])) await this.remove([name]);
  }

  /** Bytes of every file below `parts` (links counted as links, never followed). */
  async size(parts: string[] = []): Promise<number> {
    let total = 0;
    try {
      for await (const entry of this.walk(parts)) if (entry.stats.isFile() || entry.stats.isSymbolicLink()) total += entry.stats.size;
    } catch (error) {
      if (errno(error) !== 'ENOENT') throw error;
    }
    return total;
  }

  /**
   * Every entry at and below `parts` (the entry itself first, with relative path ''), depth first,
   * each folder read through its own descriptor.
   */
  async *walk(parts: string[]): AsyncGenerator<WalkEntry> {
    if (parts.length > 0) {
      const parent = await this.openDir(parts.slice(0, -1));
      try {
        const name = parts.at(-1)!;
        const stats = await fs.lstat(inDir(parent, name)).catch(() => undefined);
        if (!stats) throw notFound('path');
        if (!stats.isDirectory()) {
          yield { relative: '', stats, dir: parent, name };
          return;
        }
      } finally {
        await parent.close();
      }
    }
    const dir = await this.openDir(parts);
    try {
      yield { relative: '', stats: await dir.stat(), dir };
      yield* walkBelow(dir, '');
    } finally {
      await dir.close();
    }
  }
}

export interface WalkEntry {
  /** Path below the walked folder, '/'-separated, '' for the folder itself. */
  relative: string;
  stats: Stats;
  /** The folder holding the entry (open for the entry's lifetime). */
  dir: FileHandle;
  name?: string;
}

async function* walkBelow(dir: FileHandle, prefix: string): AsyncGenerator<WalkEntry> {
  const names = (await fs.readdir(inDir(dir))).sort();
  for (const name of names) {
    const relative = prefix ? `${prefix}/${name}` : name;
    const stats = await fs.lstat(inDir(dir, name)).catch(() => undefined);
    if (!stats) continue;
    if (!stats.isDirectory()) {
      yield { relative, stats, dir, name };
      continue;
    }
    // A folder swapped for a link after the lstat fails to open here and is skipped.
    const child = await fs.open(inDir(dir, name), DIRECTORY_FLAGS).catch(() => undefined);
    if (!child) continue;
    try {
      yield { relative, stats: await child.stat(), dir, name };
      yield* walkBelow(child, relative);
    } finally {
      await child.close();
    }
  }
}

/** Opens a walked file for reading without following a link swapped in since the walk saw it. */
export async function openWalked(entry: WalkEntry): Promise<FileHandle | undefined> {
  if (!entry.name) return undefined;
  const handle = await fs.open(inDir(entry.dir, entry.name), O_RDONLY | O_NOFOLLOW | O_NONBLOCK).catch(() => undefined);
  if (handle && !(await handle.stat()).isFile()) {
    await handle.close();
    return undefined;
  }
  return handle;
}

/** Removes `name` in `dir`: a folder is emptied through its own descriptor first. */
async function removeEntry(dir: FileHandle, name: string): Promise<void> {
  const stats = await fs.lstat(inDir(dir, name)).catch(() => undefined);
  if (!stats) return;
  if (!stats.isDirectory()) {
    await fs.unlink(inDir(dir, name)).catch((error: unknown) => {
      if (errno(error) !== 'ENOENT') throw error;
    });
    return;
  }
  const child = await fs.open(inDir(dir, name), DIRECTORY_FLAGS).catch(() => undefined);
  if (!child) {
    // Swapped for a link or a file since the lstat: remove that instead.
    await fs.unlink(inDir(dir, name)).catch(() => undefined);
    return;
  }
  try {
    for (const entry of await fs.readdir(inDir(child))) await removeEntry(child, entry);
  } finally {
    await child.close();
  }
  await fs.rmdir(inDir(dir, name)).catch((error: unknown) => {
    if (errno(error) !== 'ENOENT') throw error;
  });
}
