import fs from 'node:fs/promises';
import path from 'node:path';
import type { AgentActivityEntry } from '@cairn/shared/schemas/node-agent';
import type { AccessClaims } from './auth.js';

/** Tokens live at most an hour (CreateAccessTokenBodySchema), so a revocation older than two is moot. */
const REVOCATION_KEEP_MS = 2 * 60 * 60 * 1000;

interface OpenSocket {
  claims: AccessClaims;
  close(): void;
}

/**
 * Revoked access (docs/api/node-agent.md, "Revocation"): per server and user, tokens issued at
 * or before a moment stop working and that user's console sockets close. Kept in
 * `<data>/revocations.json`, so an agent restarted within a token's life still refuses it.
 */
export class Revocations {
  private readonly cutoffs = new Map<string, number>();
  private readonly sockets = new Set<OpenSocket>();
  private readonly file: string;

  constructor(dataDir: string) {
    this.file = path.join(dataDir, 'revocations.json');
  }

  async load(): Promise<void> {
    const text = await fs.readFile(this.file, 'utf8').catch(() => '{}');
    try {
      for (const [key, before] of Object.entries(JSON.parse(text) as Record<string, unknown>)) {
        if (typeof before === 'number') this.cutoffs.set(key, before);
      }
    } catch {
      // A torn file from a crash mid-write: start empty (the write below is atomic, so this is rare).
    }
  }

  /** Whether a token was revoked: issued (`iat`, ms) at or before its user's cutoff; tokens without `iat` predate revocation and count as issued at 0. */
  isRevoked(claims: AccessClaims): boolean {
    const cutoff = this.cutoffs.get(`${claims.sid}/${claims.sub}`);
    return cutoff !== undefined && (claims.iat ?? 0) <= cutoff;
  }

  async revoke(serverId: string, user: string, before: number): Promise<number> {
    const key = `${serverId}/${user}`;
    this.cutoffs.set(key, Math.max(before, this.cutoffs.get(key) ?? 0));
    // Sockets first: an open socket outlives its token, whatever the cut-off's age.
    let closed = 0;
    for (const socket of [...this.sockets]) {
      if (this.isRevoked(socket.claims)) {
        this.sockets.delete(socket);
        socket.close();
        closed += 1;
      }
    }
    const now = Date.now();
    for (const [k, cutoff] of this.cutoffs) if (cutoff < now - REVOCATION_KEEP_MS) this.cutoffs.delete(k);
    const temporary = `${this.file}.tmp`;
    await fs.writeFile(temporary, JSON.stringify(Object.fromEntries(this.cutoffs)), { mode: 0o600 });
    await fs.rename(temporary, this.file);
    return closed;
  }

  /** Tracks a console socket opened with an access token; the returned function forgets it. */
  track(claims: AccessClaims, close: () => void): () => void {
    const socket = { claims, close };
    this.sockets.add(socket);
    return () => this.sockets.delete(socket);
  }
}

/**
 * What users did with access tokens directly on the node (console commands, file changes), kept
 * per server in `<data>/activity/<id>.jsonl` until the API has read it (GET …/activity?after=N
 * drops what it acknowledges). The API stores them in its activity log.
 */
export class ActivityJournal {
  private readonly folder: string;
  private lastSeq = 0;
  private readonly queues = new Map<string, Promise<void>>();

  constructor(dataDir: string) {
    this.folder = path.join(dataDir, 'activity');
  }

  private fileOf(serverId: string): string {
    return path.join(this.folder, `${serverId}.jsonl`);
  }

  /** One operation per server at a time, so appends and drops never interleave. */
  private serial<T>(serverId: string, work: () => Promise<T>): Promise<T> {
    const previous = this.queues.get(serverId) ?? Promise.resolve();
    const next = previous.then(work, work);
    this.queues.set(serverId, next.then(() => undefined, () => undefined));
    return next;
  }

  /** Appends an entry; its `seq` grows with the clock (×1000 plus a counter), so it keeps increasing on the next node after a move. */
  record(serverId: string, entry: Omit<AgentActivityEntry, 'seq' | 'at'>): Promise<void> {
    const now = Date.now();
    this.lastSeq = Math.max(this.lastSeq + 1, now * 1000);
    const line = `${JSON.stringify({ ...entry, seq: this.lastSeq, at: new Date(now).toISOString() })}\n`;
    return this.serial(serverId, async () => {
      await fs.mkdir(this.folder, { recursive: true, mode: 0o700 });
      await fs.appendFile(this.fileOf(serverId), line, { mode: 0o600 });
    });
  }

  /** Entries after `after`; entries up to it are dropped from the file (the API has stored them). */
  read(serverId: string, after: number): Promise<AgentActivityEntry[]> {
    return this.serial(serverId, async () => {
      const text = await fs.readFile(this.fileOf(serverId), 'utf8').catch(() => '');
      const entries: AgentActivityEntry[] = [];
      for (const line of text.split('\n')) {
        if (!line) continue;
        try {
          entries.push(JSON.parse(line) as AgentActivityEntry);
        } catch {
          // A line torn by a crash mid-append is skipped.
        }
      }
      const kept = entries.filter((entry) => entry.seq > after);
      if (after > 0 && kept.length !== entries.length) {
        const temporary = `${this.fileOf(serverId)}.tmp`;
        await fs.writeFile(temporary, kept.map((entry) => `${JSON.stringify(entry)}\n`).join(''), { mode: 0o600 });
        await fs.rename(temporary, this.fileOf(serverId));
      }
      return kept;
    });
  }

  async forget(serverId: string): Promise<void> {
    await this.serial(serverId, () => fs.rm(this.fileOf(serverId), { force: true }));
  }
}
