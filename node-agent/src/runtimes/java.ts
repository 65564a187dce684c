import fs from 'node:fs/promises';
import path from 'node:path';
import { AgentError } from '../errors.js';
import type { Runtime } from './runtime.js';

/**
 * Runs an operator-supplied server jar (Paper, Fabric...) with one of the configured JDKs:
 * `<javaHome>/bin/java -Xms.. -Xmx.. [startup flags] -jar server.jar nogui` in the server folder.
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
    async install(server) {
      if (!server.jar) throw new AgentError(400, 'invalid_input', 'jar: required for the java runtime');
      const source = path.join(jarsDir, path.basename(server.jar));
      await fs.copyFile(source, path.join(server.folder, 'server.jar')).catch(() => {
        throw new AgentError(400, 'invalid_input', `jar: ${server.jar} is not in the operator's jar folder`);
      });
      await fs.writeFile(path.join(server.folder, 'eula.txt'), 'eula=true\n');
    },
    launch(server) {
      return {
        command: path.join(homeFor(server.javaVersion), 'bin', 'java'),
        args: [`-Xms${Math.min(256, server.memoryMib)}M`, `-Xmx${server.memoryMib}M`, ...startupFlags(server.invocation), '-jar', 'server.jar', 'nogui'],
        env: { CAIRN_EXTRA_PORTS: server.extraPorts.join(',') },
      };
    },
  };
}

/** Startup flags are split on whitespace and passed as arguments (never through a shell). */
export function startupFlags(invocation: string): string[] {
  return invocation.split(/\s+/).filter(Boolean);
}
