import { EventEmitter } from 'node:events';
import readline from 'node:readline';
import { AGENT_EXIT_OUT_OF_MEMORY, type AgentServerState, type AgentStats } from '@cairn/shared/schemas/node-agent';
import type { Boundary } from './isolation/boundary.js';
import { spawnLaunch, type LaunchedProcess } from './isolation/spawn-launch.js';
import type { Runtime, RuntimeServer } from './runtimes/runtime.js';

const STOP_GRACE_MS = 20_000;
const READY_TIMEOUT_MS = 120_000;
/** The memory cgroup's limit (and the sampled fallback) relative to the plan; see MEMORY_KILL_FACTOR. */
const MEMORY_LIMIT_FACTOR = 1.25;

export type ConsoleStream = 'stdout' | 'stderr' | 'agent';

export interface ServerProcessEvents {
  line: [stream: ConsoleStream, line: string];
  state: [state: AgentServerState];
  stats: [stats: AgentStats];
}

/**
 * One game server's process: launched through the node's boundary (its cgroup, user and view),
 * readiness, console history, stdin commands, graceful stop with a kill fallback, and the
 * crash/stop/out-of-memory distinction. Persisting state is the owner's job (it listens to 'state').
 */
export class ServerProcess extends EventEmitter<ServerProcessEvents> {
  private child: LaunchedProcess | undefined;
  private readonly history: string[] = [];
  private expectingExit = false;
  /** Between deciding to start and having a child (the cgroup is being made). */
  private launching = false;
  /** Settles once a launch in progress has its child (or failed): a stop waits for it. */
  private spawning: Promise<void> = Promise.resolve();
  private killReason: string | undefined;
  private exited: Promise<void> = Promise.resolve();
  state: AgentServerState;
  lastExit: string | null = null;

  constructor(
    private runtime: Runtime,
    private readonly boundary: Boundary,
    private readonly server: () => RuntimeServer,
    initialState: AgentServerState,
    private readonly historyLimit: number,
  ) {
    super();
    this.state = initialState;
  }

  /** A reinstall onto another runtime; only while no process runs. */
  useRuntime(runtime: Runtime): void {
    this.runtime = runtime;
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  get consoleHistory(): readonly string[] {
    return this.history;
  }

  setState(state: AgentServerState): void {
    if (this.state === state) return;
    this.state = state;
    this.emit('state', state);
  }

  log(stream: ConsoleStream, line: string): void {
    const stored = stream === 'agent' ? `[Cairn] ${line}` : line;
    this.history.push(stored);
    if (this.history.length > this.historyLimit) this.history.splice(0, this.history.length - this.historyLimit);
    this.emit('line', stream, stored);
  }

  /** Spawns the process and resolves once it is ready (or has failed to become ready). */
  async start(): Promise<void> {
    if (this.child || this.launching) return;
    const server = this.server();
    this.setState('starting');
    this.lastExit = null;
    this.expectingExit = false;
    this.killReason = undefined;
    this.log('agent', 'Starting the server');
    if (!this.boundary.status.enabled) this.log('agent', 'WARNING: this node does not isolate servers: this server runs as the node agent’s own user and can reach the agent’s token and every other server on the node');
    let child: LaunchedProcess;
    this.launching = true;
    let spawned: () => void = () => undefined;
    this.spawning = new Promise((resolve) => (spawned = resolve));
    try {
      const spec = this.runtime.launch(server);
      const launch = await this.boundary.launch({
        id: server.id,
        folder: server.folder,
        user: server.user,
        ...spec,
        limits: { memoryBytes: Math.round(server.memoryMib * MEMORY_LIMIT_FACTOR * 1024 * 1024), cpuPercent: server.cpuPercent, pidsMax: server.pidsMax },
        // Plans with more CPU get a better (lower) niceness: 1 core → 10, 2 → 8, 4 → 6, 8 → 4.
        niceness: Math.min(19, Math.max(0, Math.round(10 - 2 * Math.log2(server.cpuPercent / 100)))),
      });
      child = spawnLaunch(launch);
    } catch (error) {
      this.lastExit = 'could not start';
      this.log('agent', `Could not start: ${(error as Error).message}`);
      this.setState('crashed');
      return;
    } finally {
      this.launching = false;
      spawned();
    }
    this.child = child;
    this.exited = new Promise((resolve) => {
      child.once('exit', (code, signal) => {
        // The group is emptied first, so a stopped server has nothing left running anywhere.
        void this.boundary
          .settle(server.id)
          .catch(() => ({ outOfMemory: false }))
          .then(({ outOfMemory }) => {
            if (outOfMemory && !this.expectingExit) this.killReason = AGENT_EXIT_OUT_OF_MEMORY;
            this.onExit(child, code, signal);
            resolve();
          });
      });
    });
    child.once('error', (error) => this.log('agent', `Could not start: ${error.message}`));
    child.stdin.on('error', () => undefined);
    const readyPattern = this.runtime.readyWhen instanceof RegExp ? this.runtime.readyWhen : undefined;
    let markReady: () => void = () => undefined;
    const ready = new Promise<void>((resolve) => (markReady = resolve));
    for (const [stream, source] of [['stdout', child.stdout], ['stderr', child.stderr]] as const) {
      readline.createInterface({ input: source }).on('line', (line) => {
        this.log(stream, line);
        if (readyPattern?.test(line)) markReady();
      });
    }
    if (this.runtime.readyWhen === 'ping') void this.pingUntilReady(child, server).then(markReady);
    const timeout = setTimeout(markReady, READY_TIMEOUT_MS);
    await Promise.race([ready, this.exited]);
    clearTimeout(timeout);
    if (this.child === child && this.state === 'starting') {
      this.setState('running');
      this.log('agent', 'Server is ready');
    }
  }

  private async pingUntilReady(child: LaunchedProcess, server: RuntimeServer): Promise<void> {
    // Loaded on first use: minecraft-protocol takes seconds to import and only pinging needs it.
    const { ping } = (await import('minecraft-protocol')).default;
    const deadline = Date.now() + READY_TIMEOUT_MS;
    while (this.child === child && Date.now() < deadline) {
      try {
        await ping({ host: server.host, port: server.port, closeTimeout: 2000 });
        return;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
  }

  private onExit(child: LaunchedProcess, code: number | null, signal: NodeJS.Signals | null): void {
    if (this.child !== child) return;
    this.child = undefined;
    const how = signal ? `signal ${signal}` : `code ${code ?? 'unknown'}`;
    if (this.expectingExit) {
      this.log('agent', `Server stopped (${how})`);
      this.setState('stopped');
    } else {
      this.lastExit = this.killReason ?? how;
      this.log('agent', this.lastExit === AGENT_EXIT_OUT_OF_MEMORY ? `Server stopped: out of memory (it went past its plan's memory; ${how})` : `Server exited unexpectedly (${how})`);
      this.setState('crashed');
    }
  }

  sendCommand(command: string): boolean {
    const stdin = this.child?.stdin;
    if (!stdin || stdin.destroyed) return false;
    stdin.write(`${command.replace(/[\r\n]+/g, ' ')}\n`);
    return true;
  }

  /** Asks the server to flush its world; resolves when it says so, stops, or after a timeout. */
  async save(timeoutMs = 10_000): Promise<void> {
    if (!this.child || this.state !== 'running') return;
    let onLine: (stream: ConsoleStream, line: string) => void = () => undefined;
    let timer: NodeJS.Timeout | undefined;
    const saved = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, timeoutMs);
      onLine = (_stream, line) => {
        if (this.runtime.savedLine.test(line)) resolve();
      };
      this.on('line', onLine);
      void this.exited.then(resolve);
    });
    this.sendCommand(this.runtime.saveCommand);
    await saved;
    clearTimeout(timer);
    this.off('line', onLine);
  }

  /** Graceful stop: the runtime's stop command, then SIGKILL after a grace period. */
  async stop(): Promise<void> {
    await this.spawning;
    const child = this.child;
    if (!child) {
      if (this.state !== 'crashed') this.setState('stopped');
      return;
    }
    this.expectingExit = true;
    this.setState('stopping');
    this.log('agent', 'Stopping the server');
    if (!this.sendCommand(this.runtime.stopCommand)) child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
    await this.exited;
    clearTimeout(timer);
  }

  /** Kills a server that broke a plan limit; it ends as crashed with the reason as last exit. */
  killForLimit(reason: string): void {
    if (!this.child || this.expectingExit) return;
    this.killReason = reason;
    this.log('agent', `Killing the server: ${reason}`);
    this.child.kill('SIGKILL');
  }

  async kill(): Promise<void> {
    await this.spawning;
    const child = this.child;
    if (!child) {
      this.setState('stopped');
      return;
    }
    this.expectingExit = true;
    this.log('agent', 'Killing the server');
    child.kill('SIGKILL');
    await this.exited;
  }
}
