import type { AgentRuntime } from '@cairn/shared/schemas/node-agent';
import type { ConfinedFolder } from '../confined-folder.js';
import type { SandboxUser } from '../isolation/sandbox.js';

export interface RuntimeServer {
  id: string;
  folder: string;
  gameVersion: string;
  port: number;
  host: string;
  memoryMib: number;
  /** CPU share in percent of one core. */
  cpuPercent: number;
  jar: string | undefined;
  /** Java runtime: the JDK major version chosen in Startup (null: the node's default). */
  javaVersion: number | null;
  /** Java runtime: extra JVM flags from Startup, already validated (no shell syntax). */
  invocation: string;
  /** Extra ports allocated to the server (Network), handed over as CAIRN_EXTRA_PORTS. */
  extraPorts: number[];
  /** The host user and group its processes run as. */
  user: SandboxUser;
  /** Most processes and threads it may have. */
  pidsMax: number;
}

export interface LaunchSpec {
  command: string;
  /** Paths relative to the server folder, which is the working directory. */
  args: string[];
  env: Record<string, string>;
  /** Host files and folders the command needs to read (its binary, libraries, the launcher). */
  readOnly: string[];
}

/** How one kind of game server is installed into its folder, launched and stopped. */
export interface Runtime {
  readonly name: AgentRuntime;
  /** Default server.properties values written at install. */
  defaultProperties(server: RuntimeServer): Record<string, string>;
  /** Put whatever the server needs into its folder (idempotent). */
  install(server: RuntimeServer, files: ConfinedFolder): Promise<void>;
  launch(server: RuntimeServer): LaunchSpec;
  /** Console command asking for a clean stop, and one flushing the world to disk. */
  readonly stopCommand: string;
  readonly saveCommand: string;
  /** Output line printed once the world has been saved after saveCommand. */
  readonly savedLine: RegExp;
  /** Ready when a status ping answers, or when the console prints a line matching this. */
  readonly readyWhen: 'ping' | RegExp;
}
