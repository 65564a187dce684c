import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type {
  AgentPlatform,
  AgentReinstallBody,
  AgentRuntime,
  AgentServer,
  AgentServerOptions,
  AgentStats,
  CreateAgentServerBody,
} from '@cairn/shared/schemas/node-agent';
import type { AgentConfig } from './config.js';
import { AGENT_EXIT_OUT_OF_MEMORY } from '@cairn/shared/schemas/node-agent';
import { ConfinedFolder } from './confined-folder.js';
import { AgentError, conflict, invalidInput, notFound } from './errors.js';
import type { Boundary } from './isolation/boundary.js';
import { parseProperties, serializeProperties } from './properties.js';
import { cpuSampler, processTable, readTreeUsage, type ProcessTable } from './resources.js';
import { FLYING_SQUID_GAME_VERSION } from './runtimes/flying-squid.js';
import type { Runtime, RuntimeServer } from './runtimes/runtime.js';
import { ServerProcess } from './server-process.js';
import { StateStore, type ServerRecord } from './state-store.js';

/** Auto restart gives up after this many crashes within the window (a server crashing at boot). */
const AUTO_RESTART_LIMIT = 3;
const AUTO_RESTART_WINDOW_MS = 10 * 60_000;
const AUTO_RESTART_DELAY_MS = 1000;

/** Operator jars are named `<platform>-<game version>[-anything].jar`, e.g. paper-1.21.4-232.jar. */
const JAR_NAME = /^([a-z][a-z0-9]*)-(\d+\.\d+(?:\.\d+)?)(?:[-_.][\w.-]*)?\.jar$/i;

/**
 * Memory a server may hold above its plan's (JVM and V8 overheads outside the heap): the cgroup
 * limit, or where there is none, the resident size past which sampling kills it.
 */
export const MEMORY_KILL_FACTOR = 1.25;

export interface ManagedServer {
  record: ServerRecord;
  process: ServerProcess;
  folder: string;
  /** The folder as the agent may touch it while the server's own code runs in it. */
  files: ConfinedFolder;
  backupFolder: string;
  /** A long operation (restore, delete) holding the server; power actions wait for none. */
  busy: string | undefined;
  sampleCpu: (cpuSeconds: number) => number;
  latestStats: AgentStats | undefined;
  /** When auto restart last brought the server back after crashes (to stop a crash loop). */
  autoRestarts: number[];
}

/** Owns every server on this node: records, processes, folders and crash recovery. */
export class ServerManager {
  private readonly servers = new Map<string, ManagedServer>();
  /** Set by shutdown: no server starts after it. */
  private closing = false;
  private readonly store: StateStore;
  readonly serversDir: string;
  readonly backupsDir: string;
  /** Archives being unpacked are copied here first, out of every server's reach. */
  readonly stagingDir: string;
  /** Crashes and restarts since the agent started, for its metrics (src/metrics.ts). */
  readonly counts = { crashes: 0, restarts: { auto: 0, power: 0, recovery: 0 } };
  /** The node's SFTP server once it listens (reported in nodeInfo); null when off. */
  sftp: { port: number; host_key_fingerprint: string } | null = null;

  constructor(
    private readonly config: AgentConfig,
    private readonly runtimes: Map<AgentRuntime, Runtime>,
    readonly boundary: Boundary,
  ) {
    this.store = new StateStore(config.dataDir);
    this.serversDir = path.join(config.dataDir, 'servers');
    this.backupsDir = path.join(config.dataDir, 'backups');
    this.stagingDir = path.join(config.dataDir, 'staging');
  }

  /**
   * Loads the saved records and brings each server back to what it was doing when the agent
   * last ran. Servers that were running are restarted (not re-adopted): an orphaned process's
   * console pipes died with the old agent, so it is killed and started fresh on its saved world.
   */
  async recover(): Promise<void> {
    // Only the agent may look inside: its token, every server's folder and backups live here.
    await fs.mkdir(this.config.dataDir, { recursive: true, mode: 0o700 });
    await fs.chmod(this.config.dataDir, 0o700);
    for (const dir of [this.serversDir, this.backupsDir]) await fs.mkdir(dir, { recursive: true, mode: 0o700 });
    await fs.rm(this.stagingDir, { recursive: true, force: true });
    const records = await this.store.load();
    for (const record of records) record.uid ??= this.freeUid(records);
    for (const record of records) {
      const server = this.track(record);
      if (record.pid !== null) await killOrphan(record.pid, server.folder);
      await this.boundary.killAll(record.id);
      record.pid = null;
      switch (record.state) {
        case 'installing':
          void this.install(server);
          break;
        case 'starting':
        case 'running':
          if (!this.boundary.canStart) {
            server.process.log('agent', `Not started again: ${this.boundary.status.warnings.join(' ')}`);
            server.process.setState('stopped');
            break;
          }
          server.process.log('agent', 'Agent restarted: starting the server again');
          this.counts.restarts.recovery++;
          // Starting, not running, until the new process says it is ready.
          server.process.setState('starting');
          void this.startProcess(server);
          break;
        case 'stopping':
          server.process.setState('stopped');
          break;
        default:
          break;
      }
    }
    await this.persist();
  }

  private track(record: ServerRecord): ManagedServer {
    const runtime = this.runtimes.get(record.runtime);
    if (!runtime) throw new Error(`Runtime ${record.runtime} of server ${record.id} is not configured on this node`);
    const folder = path.join(this.serversDir, record.id);
    const owner = this.boundary.status.enabled ? { uid: record.uid!, gid: record.uid! } : undefined;
    const server: ManagedServer = {
      record,
      folder,
      files: new ConfinedFolder(folder, owner),
      backupFolder: path.join(this.backupsDir, record.id),
      busy: undefined,
      sampleCpu: cpuSampler(),
      latestStats: undefined,
      autoRestarts: [],
      process: new ServerProcess(runtime, this.boundary, () => this.runtimeServer(server), record.state, this.config.consoleHistory),
    };
    server.process.on('state', (state) => {
      record.state = state;
      record.lastExit = server.process.lastExit;
      record.pid = server.process.pid ?? null;
      void this.persist();
      if (state === 'crashed') {
        this.counts.crashes++;
        this.autoRestart(server);
      }
    });
    this.servers.set(record.id, server);
    return server;
  }

  private runtimeServer(server: ManagedServer): RuntimeServer {
    const { record } = server;
    return {
      id: record.id,
      folder: server.folder,
      gameVersion: record.gameVersion,
      port: record.port,
      host: this.config.gameHost,
      memoryMib: record.limits.memory_mib,
      cpuPercent: record.limits.cpu_percent,
      jar: record.jar,
      javaVersion: record.javaVersion ?? null,
      invocation: record.invocation ?? '',
      extraPorts: record.extraPorts ?? [],
      user: { uid: record.uid!, gid: record.uid! },
      pidsMax: this.config.pidsMax,
    };
  }

  /**
   * The lowest user id above the base no server has. The base itself is the isolation check's;
   * ids are per server and never shared (a deleted server's id is only reused once its folder,
   * processes and group are gone).
   */
  private freeUid(records: ServerRecord[] = this.list().map((server) => server.record)): number {
    const taken = new Set(records.map((record) => record.uid));
    let uid = this.config.uidBase + 1;
    while (taken.has(uid)) uid++;
    return uid;
  }

  /** Starts a crashed server again when its owner asked for it, unless it keeps crashing. */
  private autoRestart(server: ManagedServer): void {
    if (!server.record.autoRestart || server.process.lastExit === 'install failed') return;
    const now = Date.now();
    server.autoRestarts = server.autoRestarts.filter((at) => now - at < AUTO_RESTART_WINDOW_MS);
    if (server.autoRestarts.length >= AUTO_RESTART_LIMIT) {
      server.process.log('agent', `Auto restart stopped: the server crashed ${AUTO_RESTART_LIMIT} times in ${AUTO_RESTART_WINDOW_MS / 60_000} minutes`);
      return;
    }
    server.autoRestarts.push(now);
    server.process.log('agent', 'Auto restart: starting the server again after a crash');
    setTimeout(() => {
      if (this.servers.get(server.record.id) !== server || server.busy || server.process.state !== 'crashed') return;
      this.counts.restarts.auto++;
      this.startProcess(server).catch(() => undefined);
    }, AUTO_RESTART_DELAY_MS).unref();
  }

  private persist(): Promise<void> {
    return this.store.save([...this.servers.values()].map((server) => server.record));
  }

  /** New plan limits: the storage quota applies at once, memory and CPU at the next start. */
  async setLimits(id: string, limits: ManagedServer['record']['limits']): Promise<ManagedServer> {
    const server = this.get(id);
    server.record.limits = limits;
    await this.persist();
    return server;
  }

  get(id: string): ManagedServer {
    const server = this.servers.get(id);
    if (!server) throw notFound('server');
    return server;
  }

  list(): ManagedServer[] {
    return [...this.servers.values()];
  }

  async create(body: CreateAgentServerBody): Promise<ManagedServer> {
    if (this.servers.has(body.id)) throw conflict(`id: server ${body.id} already exists on this node`);
    if (this.list().some((server) => server.record.port === body.port)) throw conflict(`port: ${body.port} is used by another server`);
    await this.assertRuntime(body.runtime, body.jar);
    const record: ServerRecord = {
      id: body.id,
      uid: this.freeUid(),
      runtime: body.runtime,
      gameVersion: body.game_version,
      port: body.port,
      limits: body.limits,
      jar: body.jar,
      state: 'installing',
      lastExit: null,
      pid: null,
      created: new Date().toISOString(),
    };
    const server = this.track(record);
    await fs.mkdir(server.folder, { recursive: true, mode: 0o700 });
    await server.files.giveAll();
    await this.persist();
    void this.install(server, body.properties ?? {});
    return server;
  }

  private async assertRuntime(runtime: AgentRuntime, jar: string | undefined): Promise<void> {
    if (!this.runtimes.has(runtime)) throw invalidInput(`runtime: ${runtime} is not configured on this node`);
    if (runtime !== 'java') return;
    if (!jar) throw invalidInput('jar: required for the java runtime');
    const jarsDir = this.config.jarsDir ?? '';
    await fs.access(path.join(jarsDir, path.basename(jar))).catch(() => {
      throw invalidInput(`jar: ${jar} is not in the operator's jar folder`);
    });
  }

  /** What this node can install: the built-in vanilla runtime and the operator's named jars. */
  async platforms(): Promise<AgentPlatform[]> {
    const platforms: AgentPlatform[] = [{ loader: 'vanilla', runtime: 'flying-squid', game_version: FLYING_SQUID_GAME_VERSION, jar: null }];
    if (!this.runtimes.has('java') || !this.config.jarsDir) return platforms;
    const names = await fs.readdir(this.config.jarsDir).catch(() => [] as string[]);
    for (const name of names.sort()) {
      const match = JAR_NAME.exec(name);
      if (match) platforms.push({ loader: match[1]!.toLowerCase(), runtime: 'java', game_version: match[2]!, jar: name });
    }
    return platforms;
  }

  javaVersions(): number[] {
    return this.runtimes.has('java') ? [...this.config.javaHomes.keys()].sort((a, b) => a - b) : [];
  }

  /**
   * Installs another runtime or jar: stops the server, wipes its folder when `erase` (otherwise
   * world and config stay), and installs in the background, ending stopped like a new server.
   */
  async reinstall(id: string, body: AgentReinstallBody): Promise<ManagedServer> {
    const server = this.get(id);
    if (server.busy) throw conflict(`state: the server is busy (${server.busy})`);
    if (server.process.state === 'installing') throw conflict('state: the server is already installing');
    await this.assertRuntime(body.runtime, body.jar);
    server.busy = 'reinstalling';
    try {
      await server.process.stop();
      if (body.erase) await server.files.empty();
      server.record.runtime = body.runtime;
      server.record.jar = body.runtime === 'java' ? body.jar : undefined;
      server.record.gameVersion = body.game_version;
      server.process.useRuntime(this.runtimes.get(body.runtime)!);
      await this.persist();
    } finally {
      server.busy = undefined;
    }
    void this.install(server);
    return server;
  }

  /** Startup flags, JDK, auto restart and extra ports; used from the next start. */
  async setOptions(id: string, options: AgentServerOptions): Promise<ManagedServer> {
    const server = this.get(id);
    if (options.java_version != null && !this.config.javaHomes.has(options.java_version)) {
      throw invalidInput(`java_version: Java ${options.java_version} is not installed on this node`);
    }
    const { record } = server;
    if (options.invocation !== undefined) record.invocation = options.invocation;
    if (options.java_version !== undefined) record.javaVersion = options.java_version;
    if (options.auto_restart !== undefined) record.autoRestart = options.auto_restart;
    if (options.extra_ports !== undefined) record.extraPorts = options.extra_ports;
    await this.persist();
    return server;
  }

  optionsOf(server: ManagedServer) {
    const { record } = server;
    return { invocation: record.invocation ?? '', java_version: record.javaVersion ?? null, auto_restart: record.autoRestart ?? false, extra_ports: record.extraPorts ?? [] };
  }

  /** Installs runtime files and writes server.properties; ends in stopped (or crashed on failure). */
  private async install(server: ManagedServer, properties: Record<string, string> = {}): Promise<void> {
    const runtime = this.runtimes.get(server.record.runtime)!;
    server.process.setState('installing');
    server.process.log('agent', 'Installing');
    try {
      await fs.mkdir(server.folder, { recursive: true, mode: 0o700 });
      await runtime.install(this.runtimeServer(server), server.files);
      const existing = parseProperties((await server.files.readText(['server.properties'])) ?? '');
      const merged = new Map(Object.entries(runtime.defaultProperties(this.runtimeServer(server))));
      for (const [key, value] of existing) merged.set(key, value);
      for (const [key, value] of Object.entries(properties)) merged.set(key, value);
      await server.files.writeFile(['server.properties'], serializeProperties(merged));
      server.process.log('agent', 'Installed');
      server.process.setState('stopped');
    } catch (error) {
      server.process.lastExit = 'install failed';
      server.process.log('agent', `Install failed: ${(error as Error).message}`);
      server.process.setState('crashed');
    }
  }

  /** The agent owns port and bind address: they are rewritten into server.properties before each start. */
  private async startProcess(server: ManagedServer): Promise<void> {
    const props = parseProperties((await server.files.readText(['server.properties'])) ?? '');
    props.set('server-port', String(server.record.port));
    props.set('server-ip', this.config.gameHost);
    await server.files.writeFile(['server.properties'], serializeProperties(props));
    // Whatever the agent or an operator put in the folder while it was stopped becomes the server's.
    await server.files.giveAll();
    // The agent shut down meanwhile: nothing may start after its servers were stopped.
    if (this.closing) return;
    await server.process.start();
    server.record.pid = server.process.pid ?? null;
    await this.persist();
  }

  /**
   * Checks synchronously (throwing 409s at once), then returns the running power action so
   * callers may answer before a slow start finishes.
   */
  power(id: string, action: 'start' | 'stop' | 'restart' | 'kill'): Promise<void> {
    const server = this.get(id);
    if (server.busy) throw conflict(`state: the server is busy (${server.busy})`);
    if ((action === 'start' || action === 'restart') && !this.boundary.canStart) {
      throw new AgentError(503, 'isolation_unavailable', `node: this node cannot isolate game servers, so it starts none. ${this.boundary.status.warnings.join(' ')}`);
    }
    const { state } = server.process;
    if (state === 'installing') throw conflict('state: the server is installing');
    if (action === 'start' && (state === 'running' || state === 'starting')) throw conflict('state: the server is already running');
    return this.runPower(server, action);
  }

  private async runPower(server: ManagedServer, action: 'start' | 'stop' | 'restart' | 'kill'): Promise<void> {
    switch (action) {
      case 'start':
        await this.startProcess(server);
        break;
      case 'stop':
        await server.process.stop();
        break;
      case 'restart':
        this.counts.restarts.power++;
        await server.process.stop();
        await this.startProcess(server);
        break;
      case 'kill':
        await server.process.kill();
        break;
    }
  }

  command(id: string, command: string): void {
    const server = this.get(id);
    if (!server.process.sendCommand(command)) throw conflict('state: the server is not running');
  }

  async delete(id: string): Promise<void> {
    const server = this.get(id);
    if (server.busy) throw conflict(`state: the server is busy (${server.busy})`);
    server.busy = 'deleting';
    await server.process.kill();
    await this.boundary.remove(id);
    this.servers.delete(id);
    await this.persist();
    await fs.rm(server.folder, { recursive: true, force: true });
    await fs.rm(server.backupFolder, { recursive: true, force: true });
  }

  /** Storage counted against the plan's quota: the server folder plus its backups. */
  async storageUsed(server: ManagedServer): Promise<number> {
    return (await server.files.size()) + (await new ConfinedFolder(server.backupFolder, undefined).size());
  }

  storageLimit(server: ManagedServer): number {
    return server.record.limits.storage_mib * 1024 * 1024;
  }

  async assertStorageFor(server: ManagedServer, extraBytes: number): Promise<void> {
    if ((await this.storageUsed(server)) + extraBytes > this.storageLimit(server)) {
      throw new AgentError(413, 'storage_quota_exceeded', "storage: this would exceed the plan's storage quota");
    }
  }

  async stats(server: ManagedServer, table?: ProcessTable): Promise<AgentStats> {
    const pid = server.process.pid;
    const usage = pid ? await readTreeUsage(pid, table) : undefined;
    return {
      cpu_percent: usage ? server.sampleCpu(usage.cpuSeconds) : 0,
      memory_bytes: usage?.rssBytes ?? 0,
      memory_limit_bytes: server.record.limits.memory_mib * 1024 * 1024,
      disk_bytes: await this.storageUsed(server),
      disk_limit_bytes: this.storageLimit(server),
    };
  }

  /** Samples every server on a timer and emits 'stats' on its process (console viewers listen). */
  startSampling(): () => void {
    let running = false;
    const timer = setInterval(() => {
      if (running) return;
      running = true;
      void processTable()
        .then((table) =>
          Promise.all(
            this.list().map(async (server) => {
              const stats = await this.stats(server, table);
              server.latestStats = stats;
              server.process.emit('stats', stats);
              // Where no memory cgroup enforces the limit, sampling does (heap flags keep a healthy server well below it).
              if (!this.boundary.status.limits.memory && stats.memory_bytes > stats.memory_limit_bytes * MEMORY_KILL_FACTOR) {
                server.process.killForLimit(AGENT_EXIT_OUT_OF_MEMORY);
              }
            }),
          ),
        )
        .finally(() => {
          running = false;
        });
    }, this.config.statsIntervalMs);
    timer.unref();
    return () => clearInterval(timer);
  }

  nodeInfo() {
    const records = this.list().map((server) => server.record);
    return {
      node_id: this.config.nodeId,
      version: '0.1.0',
      cpu_cores: os.availableParallelism(),
      memory_total_mib: Math.floor(os.totalmem() / 1024 / 1024),
      allocated: {
        servers: records.length,
        memory_mib: records.reduce((sum, r) => sum + r.limits.memory_mib, 0),
        storage_mib: records.reduce((sum, r) => sum + r.limits.storage_mib, 0),
      },
      runtimes: [...this.runtimes.keys()],
      isolation: this.boundary.status,
      sftp: this.sftp,
    };
  }

  /**
   * Agent shutdown: stops every server cleanly but remembers what each was doing, so the next
   * start of the agent brings running servers back.
   */
  async shutdown(): Promise<void> {
    this.closing = true;
    const before = new Map(this.list().map((server) => [server, server.record.state] as const));
    await Promise.all(this.list().map((server) => server.process.stop().catch(() => undefined)));
    for (const [server, state] of before) {
      server.record.state = state;
      server.record.pid = null;
    }
    await this.persist();
    await this.boundary.close();
  }

  toWire(server: ManagedServer): AgentServer {
    const { record } = server;
    return {
      id: record.id,
      runtime: record.runtime,
      game_version: record.gameVersion,
      port: record.port,
      limits: record.limits,
      state: server.process.state,
      last_exit: server.process.lastExit,
      isolated: this.boundary.status.enabled,
      created: record.created,
    };
  }
}

/** Kills a process left over from a previous agent run, if the pid still belongs to that server. */
async function killOrphan(pid: number, folder: string): Promise<void> {
  const cwd = await fs.readlink(`/proc/${pid}/cwd`).catch(() => undefined);
  if (cwd !== folder) return;
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    return;
  }
  for (let i = 0; i < 50; i += 1) {
    if (!(await fs.access(`/proc/${pid}`).then(() => true, () => false))) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
