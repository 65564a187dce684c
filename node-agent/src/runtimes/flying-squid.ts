import { existsSync, realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Runtime } from './runtime.js';

// launchers/ sits beside src/ and dist/: two levels up from src/runtimes, three from dist/src/runtimes.
const launcherPath = ['../../launchers/flying-squid.cjs', '../../../launchers/flying-squid.cjs']
  .map((relative) => fileURLToPath(new URL(relative, import.meta.url)))
  .find((candidate) => existsSync(candidate));

/** The game version the bundled flying-squid serves. */
export const FLYING_SQUID_GAME_VERSION = '1.21.4';

/** Packages the launcher requires; their files must be readable inside the sandbox. */
const LAUNCHER_PACKAGES = ['flying-squid', 'fflate'];

/**
 * What the launcher reads on the host: node itself, the launchers folder, the node_modules
 * folder beside it (links, with pnpm) and the folders those links resolve into (pnpm's store,
 * `node_modules/.pnpm`, or a hoisted node_modules).
 */
function launcherReadOnlyPaths(launcher: string): string[] {
  const packageDir = path.dirname(path.dirname(launcher));
  const require = createRequire(launcher);
  const stores = LAUNCHER_PACKAGES.map((name) => {
    const real = realpathSync(require.resolve(`${name}/package.json`));
    const store = real.lastIndexOf('/node_modules/.pnpm/');
    return store >= 0 ? real.slice(0, store + '/node_modules/.pnpm'.length) : real.slice(0, real.indexOf('/node_modules/') + '/node_modules'.length);
  });
  return [realpathSync(process.execPath), path.dirname(launcher), path.join(packageDir, 'node_modules'), ...stores];
}

/** flying-squid (a Minecraft-protocol server in Node), one child process per server, node_modules shared. */
export function flyingSquidRuntime(): Runtime {
  if (!launcherPath) throw new Error('flying-squid launcher not found next to the node agent');
  const launcher = launcherPath;
  const readOnly = launcherReadOnlyPaths(launcher);
  return {
    name: 'flying-squid',
    stopCommand: 'stop',
    saveCommand: 'save-all',
    savedLine: /Saved the world/,
    // The port opens before the spawn area is generated; only a status answer means playable.
    readyWhen: 'ping',
    defaultProperties: () => ({
      motd: 'A Cairn server',
      'max-players': '20',
      gamemode: 'survival',
      difficulty: 'normal',
      'view-distance': '6',
      'level-name': 'world',
    }),
    async install() {
      // Nothing to fetch: the package is installed once per node and shared by every server.
    },
    launch(server) {
      return {
        command: process.execPath,
        // Heap cap from the plan's memory, leaving room for buffers outside the heap.
        args: [`--max-old-space-size=${Math.max(64, Math.floor(server.memoryMib * 0.75))}`, launcher],
        env: { CAIRN_PORT: String(server.port), CAIRN_HOST: server.host, CAIRN_GAME_VERSION: server.gameVersion, CAIRN_EXTRA_PORTS: server.extraPorts.join(',') },
        readOnly,
      };
    },
  };
}
