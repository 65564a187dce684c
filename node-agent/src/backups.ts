import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import * as tar from 'tar';
import type { AgentBackup } from '@cairn/shared/schemas/node-agent';
import { AgentError, conflict, notFound } from './errors.js';
import { archiveFolder, byteCounter } from './folder-archive.js';
import type { ManagedServer, ServerManager } from './server-manager.js';
import { extractTar } from './tar-stream.js';

// Spec §8 wording.
const CREATE_FAILED = 'Failed to create backup';
const RESTORE_FAILED = 'Failed to restore from backup';
const DOWNLOAD_FAILED = 'Failed to prepare download';
export const ALREADY_IN_PROGRESS = 'A backup is already in progress';
const PREPARING_TWICE = `${DOWNLOAD_FAILED}: a backup cannot be prepared twice at once`;

const IN_PROGRESS = new Set<AgentBackup['state']>(['queued', 'creating', 'restoring', 'preparing_download']);
/** Progress is written to the index at most this often. */
const PROGRESS_INTERVAL_MS = 400;

/** Background work on one backup that `cancel` can stop and wait for. */
interface Running {
  controller: AbortController;
  done: Promise<void>;
}

/**
 * Backups of a server folder as .tar.gz files under <data>/backups/<server>/, with an index.json
 * of their states. One backup operation per server at a time; sizes count against the quota.
 * Creating and preparing a download report progress and can be cancelled; a failed backup can be
 * retried. A prepared download is a verified copy under downloads/, served through signed links.
 */
export class Backups {
  private readonly locks = new Map<string, Promise<void>>();
  private readonly running = new Map<string, Running>();

  constructor(private readonly manager: ServerManager) {}

  private indexFile(server: ManagedServer) {
    return path.join(server.backupFolder, 'index.json');
  }

  archiveFile(server: ManagedServer, backupId: string) {
    return path.join(server.backupFolder, `${backupId}.tar.gz`);
  }

  downloadFile(server: ManagedServer, backupId: string) {
    return path.join(server.backupFolder, 'downloads', `${backupId}.tar.gz`);
  }

  async list(server: ManagedServer): Promise<AgentBackup[]> {
    try {
      const saved = JSON.parse(await fs.readFile(this.indexFile(server), 'utf8')) as Array<Partial<AgentBackup>>;
      // Entries written before progress and downloads existed lack those fields.
      return saved.map((b) => ({ progress: null, download_ready: false, ...b }) as AgentBackup);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
  }

  async get(server: ManagedServer, backupId: string): Promise<AgentBackup> {
    const backup = (await this.list(server)).find((b) => b.id === backupId);
    if (!backup) throw notFound('backup');
    return backup;
  }

  /** Read-modify-write of the index, serialised per server. */
  private async update(server: ManagedServer, change: (backups: AgentBackup[]) => AgentBackup[]): Promise<AgentBackup[]> {
    const previous = this.locks.get(server.record.id) ?? Promise.resolve();
    let result: AgentBackup[] = [];
    const next = previous.then(async () => {
      result = change(await this.list(server));
      await fs.mkdir(server.backupFolder, { recursive: true });
      const temp = `${this.indexFile(server)}.tmp`;
      await fs.writeFile(temp, JSON.stringify(result, null, 2));
      await fs.rename(temp, this.indexFile(server));
    });
    this.locks.set(server.record.id, next.catch(() => undefined));
    await next;
    return result;
  }

  /** Patches one backup; with `onlyIn`, only while it is still in that state (late progress reports are dropped). */
  private async setState(server: ManagedServer, id: string, patch: Partial<AgentBackup>, onlyIn?: AgentBackup['state']): Promise<void> {
    await this.update(server, (all) => all.map((b) => (b.id === id && (!onlyIn || b.state === onlyIn) ? { ...b, ...patch } : b)));
  }

  /** A progress reporter for `total` bytes that writes at most every PROGRESS_INTERVAL_MS. */
  private progressOf(server: ManagedServer, id: string, state: AgentBackup['state'], total: number) {
    let last = 0;
    return (done: number) => {
      const now = Date.now();
      if (now - last < PROGRESS_INTERVAL_MS) return;
      last = now;
      const progress = Math.min(99, Math.floor((done / Math.max(total, 1)) * 100));
      void this.setState(server, id, { progress }, state).catch(() => undefined);
    };
  }

  /**
   * Marks `id` as the server's one operation in progress (`mark` turns the index entry into its
   * new state) and starts `work` in the background; 409 while another operation runs.
   */
  private async begin(server: ManagedServer, id: string, mark: (all: AgentBackup[]) => AgentBackup[], work: (signal: AbortSignal) => Promise<void>): Promise<void> {
    let busy = false;
    await this.update(server, (all) => {
      if (all.find((b) => b.id === id)?.state === 'preparing_download') throw conflict(PREPARING_TWICE);
      busy = all.some((b) => IN_PROGRESS.has(b.state));
      return busy ? all : mark(all);
    });
    if (busy) throw conflict(ALREADY_IN_PROGRESS);
    const controller = new AbortController();
    const done = work(controller.signal).finally(() => this.running.delete(id));
    this.running.set(id, { controller, done });
  }

  /** Queues a backup and runs it in the background; 409 while another one is in progress. */
  async create(server: ManagedServer, name: string | undefined): Promise<AgentBackup> {
    const id = randomBytes(6).toString('hex');
    const backup: AgentBackup = {
      id,
      name: name ?? new Date().toISOString().replace('T', ' ').slice(0, 19),
      state: 'queued',
      size: 0,
      created: new Date().toISOString(),
      error: null,
      progress: 0,
      download_ready: false,
    };
    await this.begin(server, id, (all) => [...all, backup], (signal) => this.run(server, id, signal));
    return backup;
  }

  /** Runs a failed backup again under the same id and name. */
  async retry(server: ManagedServer, backupId: string): Promise<AgentBackup> {
    const backup = await this.get(server, backupId);
    if (backup.state !== 'failed') throw conflict('backup: only a failed backup can be retried');
    const patch = { state: 'queued', error: null, progress: 0, size: 0 } as const;
    await this.begin(server, backupId, (all) => all.map((b) => (b.id === backupId ? { ...b, ...patch } : b)), (signal) => this.run(server, backupId, signal));
    return { ...backup, ...patch };
  }

  private async run(server: ManagedServer, id: string, signal: AbortSignal): Promise<void> {
    const file = this.archiveFile(server, id);
    try {
      await this.setState(server, id, { state: 'creating' });
      // flying-squid and Java servers write chunks lazily: flush before reading the folder.
      await server.process.save();
      signal.throwIfAborted();
      const report = this.progressOf(server, id, 'creating', await server.files.size());
      await archiveFolder(server.files, file, { signal, onBytes: report });
      const size = (await fs.stat(file)).size;
      const used = await this.manager.storageUsed(server);
      if (used > this.manager.storageLimit(server)) {
        await fs.rm(file, { force: true });
        await this.setState(server, id, { state: 'failed', progress: null, error: `${CREATE_FAILED}: the storage quota is full` });
        return;
      }
      await this.setState(server, id, { state: 'ready', size, progress: null });
    } catch (error) {
      await fs.rm(file, { force: true });
      if (signal.aborted) {
        // Cancelled: the backup never existed.
        await this.update(server, (all) => all.filter((b) => b.id !== id));
        return;
      }
      await this.setState(server, id, { state: 'failed', progress: null, error: `${CREATE_FAILED}: ${(error as Error).message}` });
    }
  }

  /** Builds a download archive of a ready backup in the background; 409 while it (or anything) is in progress. */
  async prepareDownload(server: ManagedServer, backupId: string): Promise<AgentBackup> {
    const backup = await this.get(server, backupId);
    if (backup.state === 'preparing_download') throw conflict(PREPARING_TWICE);
    if (backup.state !== 'ready') throw conflict(`${DOWNLOAD_FAILED}: the backup is ${backup.state}, not ready`);
    const patch = { state: 'preparing_download', progress: 0, error: null, download_ready: false } as const;
    await this.begin(
      server,
      backupId,
      (all) => all.map((b) => (b.id === backupId ? { ...b, ...patch } : b)),
      (signal) => this.runPrepare(server, backup, signal),
    );
    return { ...backup, ...patch };
  }

  /** Copies the archive to downloads/ with progress, then reads it back whole to prove it is sound. */
  private async runPrepare(server: ManagedServer, backup: AgentBackup, signal: AbortSignal): Promise<void> {
    const target = this.downloadFile(server, backup.id);
    try {
      await fs.mkdir(path.dirname(target), { recursive: true });
      const report = this.progressOf(server, backup.id, 'preparing_download', backup.size);
      await pipeline(createReadStream(this.archiveFile(server, backup.id)), byteCounter(report), createWriteStream(target), { signal });
      let entries = 0;
      await tar.t({ file: target, onReadEntry: () => void entries++ });
      signal.throwIfAborted();
      if (entries === 0) throw new Error('the archive is empty');
      await this.setState(server, backup.id, { state: 'ready', progress: null, download_ready: true });
    } catch (error) {
      await fs.rm(target, { force: true });
      const reason = signal.aborted ? null : `${DOWNLOAD_FAILED}: ${(error as Error).message}`;
      await this.setState(server, backup.id, { state: 'ready', progress: null, download_ready: false, error: reason });
    }
  }

  /** Stops creating (the backup is dropped) or preparing a download (the backup stays ready). */
  async cancel(server: ManagedServer, backupId: string): Promise<void> {
    const backup = await this.get(server, backupId);
    const running = this.running.get(backupId);
    if (!running || !['queued', 'creating', 'preparing_download'].includes(backup.state)) {
      throw conflict('backup: only a backup being created or prepared for download can be cancelled');
    }
    running.controller.abort();
    await running.done;
  }

  /** Stops the server, replaces its folder with the backup and starts it again if it was running. */
  async restore(server: ManagedServer, backupId: string): Promise<AgentBackup> {
    const backup = await this.get(server, backupId);
    if (backup.state !== 'ready') throw conflict('backup: only a ready backup can be restored');
    if ((await this.list(server)).some((b) => IN_PROGRESS.has(b.state))) {
      throw conflict(ALREADY_IN_PROGRESS);
    }
    if (server.busy) throw conflict(`state: the server is busy (${server.busy})`);
    server.busy = 'restoring';
    await this.setState(server, backupId, { state: 'restoring', error: null });
    void this.runRestore(server, backupId).finally(() => {
      server.busy = undefined;
    });
    return { ...backup, state: 'restoring' };
  }

  private async runRestore(server: ManagedServer, backupId: string): Promise<void> {
    const wasRunning = server.process.state === 'running' || server.process.state === 'starting';
    try {
      await server.process.stop();
      server.process.log('agent', 'Restoring a backup');
      await server.files.empty();
      const archive = this.archiveFile(server, backupId);
      await extractTar(server.files, () => createReadStream(archive), [], Number.MAX_SAFE_INTEGER);
      await this.setState(server, backupId, { state: 'ready' });
      server.process.log('agent', 'Backup restored');
    } catch (error) {
      await this.setState(server, backupId, { state: 'ready', error: `${RESTORE_FAILED}: ${(error as Error).message}` });
      server.process.log('agent', RESTORE_FAILED);
    }
    server.busy = undefined;
    if (wasRunning) await Promise.resolve().then(() => this.manager.power(server.record.id, 'start')).catch(() => undefined);
  }

  async delete(server: ManagedServer, backupId: string): Promise<void> {
    const backup = await this.get(server, backupId);
    if (IN_PROGRESS.has(backup.state)) throw conflict('backup: cannot delete a backup while it is in progress');
    await this.update(server, (all) => all.filter((b) => b.id !== backupId));
    await fs.rm(this.archiveFile(server, backupId), { force: true });
    await fs.rm(this.downloadFile(server, backupId), { force: true });
  }

  /** The prepared download archive, for a signed link. */
  async openPreparedDownload(server: ManagedServer, backupId: string) {
    const backup = await this.get(server, backupId);
    if (!backup.download_ready) throw conflict('backup: no download is prepared; prepare it again');
    const name = backup.name.replace(/[^\w.-]+/g, '-').replace(/^-+|-+$/g, '') || backup.id;
    const file = this.downloadFile(server, backupId);
    return { stream: createReadStream(file), size: (await fs.stat(file)).size, name: `${name}.tar.gz` };
  }

  async openDownload(server: ManagedServer, backupId: string) {
    const backup = await this.get(server, backupId);
    if (backup.state !== 'ready') throw new AgentError(409, 'conflict', 'backup: not ready for download');
    return { stream: createReadStream(this.archiveFile(server, backupId)), size: backup.size, name: `${backup.id}.tar.gz` };
  }

  /** After an agent crash: work that was in flight can never finish, so it is marked failed. */
  async recover(server: ManagedServer): Promise<void> {
    const all = await this.list(server);
    if (!all.some((b) => IN_PROGRESS.has(b.state))) return;
    await this.update(server, (list) =>
      list.map((b) =>
        b.state === 'queued' || b.state === 'creating'
          ? { ...b, state: 'failed', error: `${CREATE_FAILED}: the node agent restarted` }
          : b.state === 'restoring'
            ? { ...b, state: 'ready', error: `${RESTORE_FAILED}: the node agent restarted` }
            : b.state === 'preparing_download'
              ? { ...b, state: 'ready', progress: null, download_ready: false, error: `${DOWNLOAD_FAILED}: the node agent restarted` }
              : b,
      ),
    );
  }
}
