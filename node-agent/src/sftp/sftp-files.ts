import { constants, type Stats } from 'node:fs';
import fs, { type FileHandle } from 'node:fs/promises';
import ssh2, { type Attributes, type FileEntry, type SFTPWrapper } from 'ssh2';
import { clientPathOf, closeQuietly, inDir, pathParts, type ConfinedFolder } from '../confined-folder.js';
import { AgentError } from '../errors.js';

const { OPEN_MODE, STATUS_CODE } = ssh2.utils.sftp;
const { O_RDONLY, O_WRONLY, O_RDWR, O_CREAT, O_TRUNC, O_EXCL, O_APPEND, O_NOFOLLOW, O_NONBLOCK } = constants;

/** Largest READ answered at once (clients ask for 32–256 KiB). */
const MAX_READ = 256 * 1024;
/** Names per READDIR answer. */
const DIR_BATCH = 100;
/** Most handles one session may hold open. */
const MAX_HANDLES = 256;

/** A refusal of an SFTP request: its status code and the message the client shows. */
class SftpRefusal extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

const denied = (message: string) => new SftpRefusal(STATUS_CODE.PERMISSION_DENIED, message);
const failure = (message: string) => new SftpRefusal(STATUS_CODE.FAILURE, message);
const noSuchFile = () => new SftpRefusal(STATUS_CODE.NO_SUCH_FILE, 'No such file or folder');

/** Turns what went wrong into a status and a message that names no host path. */
function statusOf(error: unknown): { code: number; message: string } {
  if (error instanceof SftpRefusal) return { code: error.code, message: error.message };
  if (error instanceof AgentError) {
    if (error.statusCode === 404) return { code: STATUS_CODE.NO_SUCH_FILE, message: 'No such file or folder' };
    if (error.code === 'invalid_path') return { code: STATUS_CODE.PERMISSION_DENIED, message: 'Links are never followed and paths stay inside the server folder' };
    if (error.statusCode === 409) return { code: STATUS_CODE.FAILURE, message: 'Already exists' };
    return { code: STATUS_CODE.FAILURE, message: error.message };
  }
  switch ((error as NodeJS.ErrnoException).code) {
    case 'ENOENT':
      return { code: STATUS_CODE.NO_SUCH_FILE, message: 'No such file or folder' };
    case 'ELOOP':
    case 'EACCES':
    case 'EPERM':
      return { code: STATUS_CODE.PERMISSION_DENIED, message: 'Permission denied' };
    case 'EEXIST':
      return { code: STATUS_CODE.FAILURE, message: 'Already exists' };
    case 'ENOTEMPTY':
      return { code: STATUS_CODE.FAILURE, message: 'The folder is not empty' };
    case 'EISDIR':
      return { code: STATUS_CODE.FAILURE, message: 'Is a folder' };
    case 'ENOTDIR':
      return { code: STATUS_CODE.FAILURE, message: 'Not a folder' };
    case 'ENXIO':
      return { code: STATUS_CODE.FAILURE, message: 'Not a regular file' };
    default:
      return { code: STATUS_CODE.FAILURE, message: 'The operation failed' };
  }
}

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

function attrsOf(stats: Stats): Attributes {
  return { mode: stats.mode, uid: stats.uid, gid: stats.gid, size: stats.size, atime: seconds(stats.atime), mtime: seconds(stats.mtime) };
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The `ls -l` style line clients print for a name. */
function longname(name: string, stats: Stats): string {
  const type = stats.isDirectory() ? 'd' : stats.isSymbolicLink() ? 'l' : stats.isFile() ? '-' : '?';
  const bits = 'rwxrwxrwx'
    .split('')
    .map((letter, i) => (stats.mode & (0o400 >> i) ? letter : '-'))
    .join('');
  const date = stats.mtime;
  const when = `${MONTHS[date.getUTCMonth()]} ${String(date.getUTCDate()).padStart(2)} ${String(date.getUTCHours()).padStart(2, '0')}:${String(date.getUTCMinutes()).padStart(2, '0')}`;
  return `${type}${bits} 1 server server ${String(stats.size).padStart(10)} ${when} ${name}`;
}

/** What the SFTP side needs of the node for one server. */
export interface SftpTarget {
  /** The server folder (changes when the server is deleted and made again, so it is asked for each request). */
  folder(): ConfinedFolder;
  /** Takes `bytes` from the server's storage quota; false when they do not fit. */
  reserve(bytes: number): Promise<boolean>;
  permissions: { read: boolean; write: boolean };
  /** Records a change in the server's activity journal. */
  report(action: string, detail: string): void;
}

type OpenHandle =
  | { kind: 'file'; file: FileHandle; path: string; readable: boolean; writable: boolean; changed: boolean }
  | { kind: 'dir'; entries: Array<{ name: string; stats: Stats }>; next: number };

/**
 * Answers one SFTP session's requests on a server folder seen as `/`. Every path goes through
 * ConfinedFolder (each component opened with O_NOFOLLOW from its parent's descriptor), so `..`
 * and links — planted before or swapped in during the session — never lead outside; links are
 * listed but never followed, read, written or made. Without write permission every change is
 * refused with PERMISSION_DENIED.
 */
export function serveSftp(sftp: SFTPWrapper, target: SftpTarget): { closeAll(): Promise<void> } {
  const handles = new Map<number, OpenHandle>();
  let nextHandle = 1;

  const addHandle = (handle: OpenHandle): Buffer => {
    if (handles.size >= MAX_HANDLES) throw failure('Too many open handles');
    const id = nextHandle++;
    handles.set(id, handle);
    const buffer = Buffer.alloc(4);
    buffer.writeUInt32BE(id);
    return buffer;
  };
  const handleOf = (buffer: Buffer): [number, OpenHandle] => {
    const id = buffer.length === 4 ? buffer.readUInt32BE() : -1;
    const handle = handles.get(id);
    if (!handle) throw failure('Invalid handle');
    return [id, handle];
  };
  const fileOf = (buffer: Buffer) => {
    const [, handle] = handleOf(buffer);
    if (handle.kind !== 'file') throw failure('Not a file handle');
    return handle;
  };
  const needRead = () => {
    if (!target.permissions.read) throw denied('This login may not read files');
  };
  const needWrite = () => {
    if (!target.permissions.write) throw denied('This login may not change files');
  };

  /** Runs a request's work and answers it: OK unless the work answered itself, or the refusal's status. */
  const answer = (reqId: number, work: () => Promise<boolean | void>) => {
    work()
      .then(
        (answered) => {
          if (answered !== true) sftp.status(reqId, STATUS_CODE.OK);
        },
        (error: unknown) => {
          const { code, message } = statusOf(error);
          sftp.status(reqId, code, message);
        },
      )
      // A session that ended while the work ran has no one left to answer.
      .catch(() => undefined);
  };

  const closeHandle = async (handle: OpenHandle) => {
    if (handle.kind !== 'file') return;
    await closeQuietly(handle.file);
    if (handle.changed) target.report('sftp_write', handle.path);
  };

  sftp.on('OPEN', (reqId, filename, flags) =>
    answer(reqId, async () => {
      const parts = pathParts(filename);
      const writes = (flags & (OPEN_MODE.WRITE | OPEN_MODE.APPEND | OPEN_MODE.CREAT | OPEN_MODE.TRUNC)) !== 0;
      const reads = (flags & OPEN_MODE.READ) !== 0 || !writes;
      if (reads) needRead();
      if (writes) needWrite();
      if (parts.length === 0) throw failure('Is a folder');
      const access = reads && writes ? O_RDWR : writes ? O_WRONLY : O_RDONLY;
      const osFlags =
        access |
        O_NOFOLLOW |
        O_NONBLOCK |
        (flags & OPEN_MODE.CREAT ? O_CREAT : 0) |
        (flags & OPEN_MODE.TRUNC ? O_TRUNC : 0) |
        (flags & OPEN_MODE.EXCL ? O_EXCL : 0) |
        (flags & OPEN_MODE.APPEND ? O_APPEND : 0);
      const folder = target.folder();
      const opened = await folder.inParent(parts, async (dir, name) => {
        const before = await fs.lstat(inDir(dir, name)).catch(() => undefined);
        if (before?.isSymbolicLink()) throw denied('Links are never followed');
        if (before?.isDirectory()) throw failure('Is a folder');
        // Writing in place into a file with other names could change a file elsewhere on the host.
        if (writes && before && before.nlink > 1) throw denied('Files with several hard links cannot be written');
        const file = await fs.open(inDir(dir, name), osFlags, 0o644);
        const stats = await file.stat();
        if (!stats.isFile() || (writes && stats.nlink > 1)) {
          await file.close();
          throw failure('Not a regular file');
        }
        if (!before) await folder.give(file);
        return { file, created: !before, truncated: before !== undefined && (flags & OPEN_MODE.TRUNC) !== 0 };
      });
      const buffer = addHandle({ kind: 'file', file: opened.file, path: clientPathOf(parts), readable: reads, writable: writes, changed: opened.created || opened.truncated });
      sftp.handle(reqId, buffer);
      return true;
    }),
  );

  sftp.on('READ', (reqId, buffer, offset, length) =>
    answer(reqId, async () => {
      const handle = fileOf(buffer);
      if (!handle.readable) throw denied('The file was not opened for reading');
      const data = Buffer.alloc(Math.min(length, MAX_READ));
      const { bytesRead } = await handle.file.read(data, 0, data.length, offset);
      if (bytesRead === 0) sftp.status(reqId, STATUS_CODE.EOF);
      else sftp.data(reqId, data.subarray(0, bytesRead));
      return true;
    }),
  );

  sftp.on('WRITE', (reqId, buffer, offset, data) =>
    answer(reqId, async () => {
      const handle = fileOf(buffer);
      if (!handle.writable) throw denied('The file was not opened for writing');
      const { size } = await handle.file.stat();
      const growth = Math.max(0, offset + data.length - size);
      if (growth > 0 && !(await target.reserve(growth))) throw failure("Storage quota exceeded: this would pass the plan's storage");
      await handle.file.write(data, 0, data.length, offset);
      handle.changed = true;
    }),
  );

  sftp.on('CLOSE', (reqId, buffer) =>
    answer(reqId, async () => {
      const [id, handle] = handleOf(buffer);
      handles.delete(id);
      await closeHandle(handle);
    }),
  );

  sftp.on('FSTAT', (reqId, buffer) =>
    answer(reqId, async () => {
      sftp.attrs(reqId, attrsOf(await fileOf(buffer).file.stat()));
      return true;
    }),
  );

  // Modes, owners and times stay the agent's to decide (files belong to the server's user); a
  // size truncates or extends an open file, within the quota. The rest is accepted and ignored,
  // so clients that copy times after an upload do not fail.
  sftp.on('FSETSTAT', (reqId, buffer, attrs) =>
    answer(reqId, async () => {
      needWrite();
      const handle = fileOf(buffer);
      if (typeof attrs.size === 'number') {
        if (!handle.writable) throw denied('The file was not opened for writing');
        const { size } = await handle.file.stat();
        if (attrs.size > size && !(await target.reserve(attrs.size - size))) throw failure("Storage quota exceeded: this would pass the plan's storage");
        await handle.file.truncate(attrs.size);
        handle.changed = true;
      }
    }),
  );

  sftp.on('SETSTAT', (reqId, filename) =>
    answer(reqId, async () => {
      needWrite();
      if (!(await target.folder().lstat(pathParts(filename)))) throw noSuchFile();
    }),
  );

  // STAT would follow a link; links are never followed, so it answers for the link itself, like LSTAT.
  const stat = (reqId: number, filename: string) =>
    answer(reqId, async () => {
      const stats = await target.folder().lstat(pathParts(filename));
      if (!stats) throw noSuchFile();
      sftp.attrs(reqId, attrsOf(stats));
      return true;
    });
  sftp.on('STAT', stat);
  sftp.on('LSTAT', stat);

  sftp.on('OPENDIR', (reqId, dirPath) =>
    answer(reqId, async () => {
      needRead();
      const entries = await target.folder().list(pathParts(dirPath));
      entries.sort((a, b) => a.name.localeCompare(b.name));
      sftp.handle(reqId, addHandle({ kind: 'dir', entries, next: 0 }));
      return true;
    }),
  );

  sftp.on('READDIR', (reqId, buffer) =>
    answer(reqId, async () => {
      const [, handle] = handleOf(buffer);
      if (handle.kind !== 'dir') throw failure('Not a folder handle');
      const batch = handle.entries.slice(handle.next, handle.next + DIR_BATCH);
      handle.next += batch.length;
      if (batch.length === 0) sftp.status(reqId, STATUS_CODE.EOF);
      else sftp.name(reqId, batch.map(({ name, stats }): FileEntry => ({ filename: name, longname: longname(name, stats), attrs: attrsOf(stats) })));
      return true;
    }),
  );

  sftp.on('REALPATH', (reqId, requested) =>
    answer(reqId, async () => {
      const resolved = clientPathOf(pathParts(requested));
      sftp.name(reqId, [{ filename: resolved, longname: resolved, attrs: {} as Attributes }]);
      return true;
    }),
  );

  sftp.on('REMOVE', (reqId, filename) =>
    answer(reqId, async () => {
      needWrite();
      const parts = pathParts(filename);
      const folder = target.folder();
      const stats = await folder.lstat(parts);
      if (!stats) throw noSuchFile();
      if (stats.isDirectory()) throw failure('Is a folder; remove it as a folder');
      await folder.remove(parts);
      target.report('sftp_delete', clientPathOf(parts));
    }),
  );

  sftp.on('RMDIR', (reqId, dirPath) =>
    answer(reqId, async () => {
      needWrite();
      const parts = pathParts(dirPath);
      if (parts.length === 0) throw denied('The server folder itself cannot be removed');
      const folder = target.folder();
      const stats = await folder.lstat(parts);
      if (!stats) throw noSuchFile();
      if (!stats.isDirectory()) throw failure('Not a folder');
      if ((await folder.list(parts)).length > 0) throw failure('The folder is not empty');
      await folder.remove(parts);
      target.report('sftp_delete', clientPathOf(parts));
    }),
  );

  sftp.on('MKDIR', (reqId, dirPath) =>
    answer(reqId, async () => {
      needWrite();
      const parts = pathParts(dirPath);
      const folder = target.folder();
      if (parts.length === 0 || (await folder.lstat(parts))) throw failure('Already exists');
      await folder.mkdir(parts);
      target.report('sftp_mkdir', clientPathOf(parts));
    }),
  );

  sftp.on('RENAME', (reqId, from, to) =>
    answer(reqId, async () => {
      needWrite();
      const [fromParts, toParts] = [pathParts(from), pathParts(to)];
      await target.folder().rename(fromParts, toParts);
      target.report('sftp_rename', `${clientPathOf(fromParts)} → ${clientPathOf(toParts)}`);
    }),
  );

  // No links are read or made: a link made here could point anywhere on the host.
  for (const event of ['READLINK', 'SYMLINK', 'EXTENDED'] as const) {
    sftp.on(event, (reqId: number) => sftp.status(reqId, STATUS_CODE.OP_UNSUPPORTED, 'Links and extensions are not supported'));
  }

  return {
    async closeAll() {
      const open = [...handles.values()];
      handles.clear();
      for (const handle of open) await closeHandle(handle);
    },
  };
}
