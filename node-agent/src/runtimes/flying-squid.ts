import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Runtime } from './runtime.js';

// launchers/ sits beside src/ and dist/: two levels up from src/runtimes, three from dist/src/runtimes.
const launcherPath = ['../../launchers/flying-squid.cjs', '../../../launchers/flying-squid.cjs']
  .map((relative) => fileURLToPath(new URL(relative, import.meta.url)))
  .find((candidate) => existsSync(candidate));

/** The game version the bundled flying-squid serves. */
export const FLYING_SQUID_GAME_VERSION = '1.21.4';

/** flying-squid (a Minecraft-protocol server in Node), one child process per server, node_modules shared. */
export function flyingSquidRuntime(): Runtime {
  if (!launcherPath) throw new Error('flying-squid launcher not found next to the node agent');
  const launcher = launcherPath;
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
      };
    },
  };
}
