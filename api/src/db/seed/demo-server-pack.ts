import { createHash } from 'node:crypto';
import { strToU8, zipSync } from 'fflate';
import { SIGNPOST_SLUG, WELCOME_SIGN_SLUG } from './demo-server-plugins.js';

/**
 * Trailhead Camp, a demo modpack the built-in server runtime can run (docs/api/servers.md,
 * "Modpacks on a server"): its index names only the game version (no loader, so the built-in
 * runtime), bundles the Signpost and Welcome Sign plugins (`env.server: required`) and a client
 * resource pack (`env.server: unsupported`, skipped on servers), and carries `overrides/`,
 * `server-overrides/` and `client-overrides/` entries. The second version bundles newer plugin
 * files, changes the camp rules and adds a notice board, so "Update pack" has something to show.
 */

export const SERVER_PACK_SLUG = 'trailhead-camp';

/** A published demo file the pack links to. */
export interface BundledFile {
  filename: string;
  bytes: Buffer;
  url: string;
}

const folderOf = (file: BundledFile) => (file.filename.startsWith(SIGNPOST_SLUG) || file.filename.startsWith(WELCOME_SIGN_SLUG) ? 'plugins' : 'resourcepacks');

/** The `.mrpack` of one version; the seed numbers the first version 1.0.x or 1.1.x and the second 1.2.x or 1.3.x. */
export function demoServerPack(versionNumber: string, gameVersion: string, bundled: BundledFile[]): { filename: string; bytes: Buffer } {
  const index = {
    formatVersion: 1,
    game: 'minecraft',
    versionId: versionNumber,
    name: 'Trailhead Camp',
    summary: 'A ready-made server for the built-in runtime.',
    files: bundled.map((f) => {
      const server = folderOf(f) === 'plugins';
      return {
        path: `${folderOf(f)}/${f.filename}`,
        hashes: { sha1: createHash('sha1').update(f.bytes).digest('hex'), sha512: createHash('sha512').update(f.bytes).digest('hex') },
        env: { client: server ? 'unsupported' : 'required', server: server ? 'required' : 'unsupported' },
        downloads: [f.url],
        fileSize: f.bytes.length,
      };
    }),
    dependencies: { minecraft: gameVersion },
  };
  const first = versionNumber.startsWith('1.0') || versionNumber.startsWith('1.1');
  const entries: Record<string, Uint8Array> = {
    'modrinth.index.json': strToU8(JSON.stringify(index, null, 2)),
    'overrides/config/trailhead/rules.txt': strToU8(`Trailhead Camp ${versionNumber} rules (shared copy)\n`),
    'overrides/config/trailhead/welcome.txt': strToU8(first ? 'Welcome to the camp. Be kind and leave no trace.\n' : 'Welcome to the camp. Be kind, leave no trace, and sign the notice board.\n'),
    'server-overrides/config/trailhead/rules.txt': strToU8(`Trailhead Camp ${versionNumber} rules for the server: keep the campfire lit, no griefing.\n`),
    'server-overrides/server-icon-note.txt': strToU8('Server-only note from Trailhead Camp.\n'),
    'client-overrides/options.txt': strToU8('renderDistance:8\n'),
  };
  if (!first) entries['server-overrides/config/trailhead/notice-board.txt'] = strToU8('Notice board: new arrivals sign here.\n');
  return { filename: `${SERVER_PACK_SLUG}-${versionNumber}.mrpack`, bytes: Buffer.from(zipSync(entries)) };
}
