import { realpathSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { AgentError } from '../errors.js';
import { closeQuietly } from '../confined-folder.js';
import type { Runtime } from './runtime.js';

/**
 * Runs an operator-supplied server jar (Paper, Fabric...) with one of the configured JDKs:
 * `<javaHome>/bin/java [startup flags] -Xms.. -Xmx.. -jar server.jar nogui` in the server folder (the
 * plan's heap flags last: the JVM takes the last of each, so startup flags cannot raise the heap).
 */
export function javaRuntime(javaHomes: Map<number, string>, defaultHome: string | undefined, jarsDir: string): Runtime {
  const homeFor = (version: number | null) => (version !== null ? javaHomes.get(version) : undefined) ?? defaultHome ?? [...javaHomes.values()][0]!;
  return {
    name: 'java',
    stopCommand: 'stop',
    saveCommand: 'save-all',
    savedLine: /Saved the (game|world)/,
    // What vanilla-derived servers print when the world is loaded.
    readyWhen: /\bDone \(/,
    defaultProperties: () => ({ motd: 'A Cairn server', 'max-players': '20', gamemode: 'survival', difficulty: 'normal', 'view-distance': '8' }),
    async install(server, files) {
      if (!server.jar) throw new AgentError(400, 'invalid_input', 'jar: required for the java runtime');
      const source = path.join(jarsDir, path.basename(server.jar));
      const jar = await fs.open(source, 'r').catch(() => {
        throw new AgentError(400, 'invalid_input', `jar: ${server.jar} is not in the operator's jar folder`);
      });
      try {
        await files.writeFile(['server.jar'], jar.createReadStream());
      } finally {
        await closeQuietly(jar);
      }
      await files.writeFile(['eula.txt'], 'eula=true\n');
    },
    launch(server) {
      const home = realpathSync(homeFor(server.javaVersion));
      return {
        command: path.join(home, 'bin', 'java'),
        args: [...startupFlags(server.invocation), `-Xms${Math.min(256, server.memoryMib)}M`, `-Xmx${server.memoryMib}M`, '-jar', 'server.jar', 'nogui'],
        env: { CAIRN_EXTRA_PORTS: server.extraPorts.join(',') },
        // The JDK's own files; its links into /etc (Debian keeps conf there) are in the sandbox's allowlist.
        readOnly: [home],
      };
    },
  };
}

/** Startup flags are split on whitespace and passed as arguments (never through a shell). */
export function startupFlags(invocation: string): string[] {
  return invocation.split(/\s+/).filter(Boolean);
}
