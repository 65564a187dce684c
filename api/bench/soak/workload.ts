import { randomBytes } from 'node:crypto';
import { strToU8, zipSync } from 'fflate';
import { decodeBase62, encodeBase62 } from '../../src/lib/ids.js';
import type { Outcome, WriteLedger } from './ledger.js';
import type { SoakStats } from './stats.js';

export interface SoakUser {
  id: number;
  pat: string;
  /** The project this user owns and edits/uploads to. */
  projectId: number;
}

export interface Catalogue {
  users: SoakUser[];
  projectIds: number[];
  /** sha1 of files uploaded at set-up (for hash lookups and downloads). */
  hashes: string[];
}

const WORDS = ['lantern', 'stone', 'river', 'cairn', 'forge', 'maple', 'ember', 'quartz', 'signal', 'harbor'];
const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;

/** A small jar that is unique per call, so every upload stores new bytes. */
export function soakJar(): Buffer {
  return Buffer.from(
    zipSync({
      'META-INF/MANIFEST.MF': strToU8('Manifest-Version: 1.0\nImplementation-Title: soak\n'),
      [`soak/${randomBytes(6).toString('hex')}.txt`]: randomBytes(2048),
    }),
  );
}

export function versionForm(projectId: number, versionNumber: string, file: Buffer): FormData {
  const form = new FormData();
  form.append(
    'data',
    JSON.stringify({
      project_id: encodeBase62(projectId),
      name: `Soak ${versionNumber}`,
      version_number: versionNumber,
      changelog: 'Uploaded by the soak run.',
      dependencies: [],
      game_versions: ['1.20.1'],
      version_type: 'release',
      loaders: ['fabric'],
      featured: false,
      file_parts: ['file'],
    }),
  );
  form.append('file', new Blob([new Uint8Array(file)], { type: 'application/java-archive' }), `soak-${versionNumber}.jar`);
  return form;
}

/** 2xx: applied; a 4xx: refused (its body says why); anything else, or no answer: unknown. */
function outcomeOf(status: number | undefined): Outcome {
  if (status !== undefined && status >= 200 && status < 300) return 'applied';
  if (status !== undefined && status >= 400 && status < 500) return 'refused';
  return 'unknown';
}

interface Answer {
  status?: number;
  body?: unknown;
}

/**
 * One simulated user: picks an operation by weight, sends it, records latency and the kind of any
 * error, and tells the ledger what became of its writes. Sequential, so its own writes are ordered.
 */
export async function runClient(options: {
  base: string;
  user: SoakUser;
  catalogue: Catalogue;
  ledger: WriteLedger;
  stats: SoakStats;
  until: () => boolean;
  uploadsInFlight: { count: number };
}): Promise<void> {
  const { base, user, catalogue, ledger, stats } = options;
  const auth = { authorization: user.pat };
  let sequence = 0;

  const send = async (operation: string, path: string, init: RequestInit = {}): Promise<Answer> => {
    const started = performance.now();
    try {
      const response = await fetch(path.startsWith('http') ? path : `${base}${path}`, { ...init, signal: AbortSignal.timeout(30_000) });
      const text = await response.text();
      let body: unknown;
      try {
        body = text ? JSON.parse(text) : undefined;
      } catch {
        body = undefined;
      }
      const code = (body as { error?: unknown } | undefined)?.error;
      const error = response.status >= 400 ? `${response.status} ${typeof code === 'string' ? code : 'no error code'}` : undefined;
      stats.record(operation, performance.now() - started, error);
      return { status: response.status, body };
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).name;
      stats.record(operation, performance.now() - started, `network ${cause}`);
      return {};
    }
  };

  while (!options.until()) {
    const roll = Math.random() * 100;
    sequence += 1;
    if (roll < 25) {
      await send('search', `/v2/search?query=${pick(WORDS)}&limit=10`);
    } else if (roll < 38) {
      await send('project read', `/v2/project/${encodeBase62(pick(catalogue.projectIds))}`);
    } else if (roll < 48) {
      await send('version list', `/v2/project/${encodeBase62(pick(catalogue.projectIds))}/version`);
    } else if (roll < 56) {
      await send('hash lookup', `/v2/version_file/${pick(catalogue.hashes)}?algorithm=sha1`);
    } else if (roll < 64) {
      const found = await send('hash lookup', `/v2/version_file/${pick(catalogue.hashes)}?algorithm=sha1`);
      const url = (found.body as { files?: Array<{ url?: string }> } | undefined)?.files?.[0]?.url;
      if (url) await send('download', url);
    } else if (roll < 82) {
      const projectId = pick(catalogue.projectIds);
      // Follow when not following (or unsure), otherwise unfollow.
      const follow = ledger.followState(user.id, projectId) !== true;
      const answer = await send(follow ? 'follow' : 'unfollow', `/v2/project/${encodeBase62(projectId)}/follow`, {
        method: follow ? 'POST' : 'DELETE',
        headers: auth,
      });
      // "Already following" / "not following" also tell the state for certain.
      const outcome = outcomeOf(answer.status);
      ledger.follow(user.id, projectId, follow, answer.status === 400 ? 'applied' : outcome);
    } else if (roll < 90) {
      const summary = `Soak edit ${user.id}-${sequence}`;
      const answer = await send('project edit', `/v2/project/${encodeBase62(user.projectId)}`, {
        method: 'PATCH',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ description: summary }),
      });
      ledger.edit(user.projectId, summary, outcomeOf(answer.status));
    } else {
      options.uploadsInFlight.count += 1;
      try {
        const answer = await send('version upload', '/v2/version', {
          method: 'POST',
          headers: auth,
          body: versionForm(user.projectId, `${user.id}.${sequence}`, soakJar()),
        });
        const id = (answer.body as { id?: string } | undefined)?.id;
        ledger.upload(id ? Number(decodeBase62(id)) : undefined, outcomeOf(answer.status));
      } finally {
        options.uploadsInFlight.count -= 1;
      }
    }
  }
}
