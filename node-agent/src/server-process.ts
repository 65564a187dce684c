import { spawn, type ChildProcess } from 'node:child_process';
import { EventEmitter } from 'node:events';
import readline from 'node:readline';
import os from 'node:os';
import type { AgentServerState, AgentStats } from '@cairn/shared/schemas/node-agent';
import type { Runtime, RuntimeServer } from './runtimes/runtime.js';

const STOP_GRACE_MS = 20_000;
const READY_TIMEOUT_MS = 120_000;

export type ConsoleStream = 'stdout' | 'stderr' | 'agent';

export interface ServerProcessEvents {
  line: [stream: ConsoleStream, line: string];
  state: [state: AgentServerState];
  stats: [stats: AgentStats];
}

/**
 * One game server's process: spawn, readiness, console history, stdin commands, graceful stop
 * with a kill fallback, and the crash/stop distinction. Persisting state is the owner's job
 * (it listens to 'state').
 */
export class ServerProcess extends EventEmitter<ServerProcessEvents> {
  private child: ChildProcess | undefined;
  private readonly history: string[] = [];
  private expectingExit = false;
  private killReason: string | undefined;
  private exited: Promise<void> = Promise.resolve();
  state: AgentServerState;
  lastExit: string | null = null;

  constructor(
    private runtime: Runtime,
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
    if (this.child) return;
    const server = this.server();
    const spec = this.runtime.launch(server);
    this.setState('starting');
    this.lastExit = null;
    this.expectingExit = false;
    this.log('agent', 'Starting the server');
    const child = spawn(spec.command, spec.args, {
      cwd: server.folder,
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: server.folder, ...spec.env },
      stdio: ['pipe', 'pipe', 'pipe'],
      // Own process group: a Ctrl-C aimed at the agent's terminal must not reach game servers;
      // the agent stops them itself (and they exit on their own if the agent dies).
      detached: true,
    });
    this.child = child;
    this.killReason = undefined;
    if (child.pid) {
      // Plans with more CPU get a better (lower) niceness: 1 core → 10, 2 → 8, 4 → 6, 8 → 4.
      const niceness = Math.min(19, Math.max(0, Math.round(10 - 2 * Math.log2(server.cpuPercent / 100))));
      try {
        os.setPriority(child.pid, niceness);
      } catch {
        // not permitted here: runs at the agent's priority
      }
    }
    this.exited = new Promise((resolve) => {
      child.once('exit', (code, signal) => {
        this.onExit(child, code, signal);
        resolve();
      });
    });
    child.once('error', (error) => this.log('agent', `Could not start: ${error.message}`));
    child.stdin?.on('error', () => undefined);
    const readyPattern = this.runtime.readyWhen instanceof RegExp ? this.runtime.readyWhen : undefined;
    let markReady: () => void = () => undefined;
    const ready = new Promise<void>((resolve) => (markReady = resolve));
    for (const [stream, source] of [['stdout', child.stdout], ['stderr', child.stderr]] as const) {
      if (!source) continue;
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

  private async pingUntilReady(child: ChildProcess, server: RuntimeServer): Promise<void> {
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

  private onExit(child: ChildProcess, code: number | null, signal: NodeJS.Signals | null): void {
    if (this.child !== child) return;
    this.child = undefined;
    const how = signal ? `signal ${signal}` : `code ${code ?? 'unknown'}`;
    if (this.expectingExit) {
      this.log('agent', `Server stopped (${how})`);
      this.setState('stopped');
    } else {
      this.lastExit = this.killReason ?? how;
      this.log('agent', `Server exited unexpectedly (${how})`);
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
