import fs from 'node:fs/promises';
import path from 'node:path';
import type { AgentRuntime, AgentServerLimits, AgentServerState } from '@cairn/shared/schemas/node-agent';

/** What the agent remembers about a server across restarts. */
export interface ServerRecord {
  id: string;
  /** Host user and group id the server's processes run as (isolation); absent in records written before it existed. */
  uid?: number;
  runtime: AgentRuntime;
  gameVersion: string;
  port: number;
  limits: AgentServerLimits;
  jar: string | undefined;
  state: AgentServerState;
  lastExit: string | null;
  /** Pid of the game process while one runs, to find an orphan after an agent crash. */
  pid: number | null;
  created: string;
  /** Options set from the panel (absent in records written before they existed). */
  javaVersion?: number | null;
  invocation?: string;
  autoRestart?: boolean;
  extraPorts?: number[];
}

/**
 * servers.json under the data folder, rewritten atomically (temp file + rename) on every change,
 * so a killed agent finds the last complete picture.
 */
export class StateStore {
  private readonly file: string;
  private writing: Promise<void> = Promise.resolve();

  constructor(dataDir: string) {
    this.file = path.join(dataDir, 'servers.json');
  }

  async load(): Promise<ServerRecord[]> {
    try {
      return JSON.parse(await fs.readFile(this.file, 'utf8')) as ServerRecord[];
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
  }

  save(records: ServerRecord[]): Promise<void> {
    const snapshot = JSON.stringify(records, null, 2);
    this.writing = this.writing.then(async () => {
      const temp = `${this.file}.${process.pid}.tmp`;
      await fs.writeFile(temp, snapshot);
      await fs.rename(temp, this.file);
    });
    return this.writing;
  }
}
