import type postgres from 'postgres';
import type { FileStore } from '../../src/lib/storage/file-store.js';
import type { WriteLedger } from './ledger.js';

/** What the database and the file store hold at the end of a soak. */
export interface StoredState {
  follows: Set<string>;
  summaries: Map<number, string>;
  versionIds: Set<number>;
  /** projectId → [counter column, follow rows]. */
  followerCounts: Map<number, [number, number]>;
  /** Blob keys rows refer to (every kind of row). */
  referencedBlobs: Set<string>;
  /** Blob keys version file rows refer to. */
  versionFileBlobs: Set<string>;
  storedBlobs: Set<string>;
}

export interface Reconciliation {
  lostFollows: string[];
  lostEdits: number[];
  lostUploads: number[];
  counterMismatches: Array<{ projectId: number; counter: number; rows: number }>;
  /** Version file rows whose bytes are not in the store. */
  rowsWithoutBlob: string[];
  /** Stored blobs no row refers to. */
  orphanBlobs: string[];
}

export async function readStoredState(sql: postgres.Sql, files: FileStore, referencedBlobs: Iterable<string>): Promise<StoredState> {
  const follows = await sql<Array<{ userId: string; projectId: string }>>`select user_id as "userId", project_id as "projectId" from project_follows`;
  const projects = await sql<Array<{ id: string; summary: string; followers: number; rows: number }>>`
    select p.id, p.summary, p.followers, (select count(*)::int from project_follows f where f.project_id = p.id) as rows from projects p`;
  const versions = await sql<Array<{ id: string }>>`select id from versions`;
  const fileRows = await sql<Array<{ blobKey: string }>>`select blob_key as "blobKey" from version_files`;
  const storedBlobs = new Set<string>();
  for await (const blob of files.list()) storedBlobs.add(blob.key);
  return {
    follows: new Set(follows.map((f) => `${Number(f.userId)}:${Number(f.projectId)}`)),
    summaries: new Map(projects.map((p) => [Number(p.id), p.summary])),
    versionIds: new Set(versions.map((v) => Number(v.id))),
    followerCounts: new Map(projects.map((p) => [Number(p.id), [p.followers, p.rows]])),
    referencedBlobs: new Set(referencedBlobs),
    versionFileBlobs: new Set(fileRows.map((r) => r.blobKey)),
    storedBlobs,
  };
}

/** Every acknowledged write must be in the stored state, counters must match their rows, and no blob may be orphaned. */
export function reconcile(ledger: WriteLedger, stored: StoredState): Reconciliation {
  const lostFollows = [...ledger.follows].filter(([key, states]) => !states.has(stored.follows.has(key))).map(([key]) => key);
  const lostEdits = [...ledger.summaries]
    .filter(([projectId, states]) => !states.has(stored.summaries.get(projectId) ?? '\u0000missing'))
    .map(([projectId]) => projectId);
  const lostUploads = [...ledger.uploads].filter((id) => !stored.versionIds.has(id));
  const counterMismatches = [...stored.followerCounts]
    .filter(([, [counter, rows]]) => counter !== rows)
    .map(([projectId, [counter, rows]]) => ({ projectId, counter, rows }));
  return {
    lostFollows,
    lostEdits,
    lostUploads,
    counterMismatches,
    rowsWithoutBlob: [...stored.versionFileBlobs].filter((key) => !stored.storedBlobs.has(key)),
    orphanBlobs: [...stored.storedBlobs].filter((key) => !stored.referencedBlobs.has(key)),
  };
}

export function isClean(result: Reconciliation): boolean {
  return Object.values(result).every((list: unknown[]) => list.length === 0);
}
