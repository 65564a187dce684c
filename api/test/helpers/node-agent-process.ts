import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { eventually } from './eventually.js';

/**
 * A real node agent (node-agent/src/main.ts) as a child process for the servers tests, plus the
 * node agent package's own clients (minecraft-protocol, ws), which the API does not depend on.
 */
const agentDir = fileURLToPath(new URL('../../../node-agent/', import.meta.url));
const requireFromAgent = createRequire(path.join(agentDir, 'package.json'));

export const AGENT_TOKEN = 'servers-test-node-token-0123456789abcdef';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface TestAgent {
  url: string;
  /** The node token the agent was started with. */
  token: string;
  dataDir: string;
  /** The agent's SFTP port (picked free at start, kept across restarts). */
  sftpPort: number;
  /** The agent process's pid (changes with restart). */
  pid(): number;
  /** SIGKILL: what a crash looks like. */
  kill9(): Promise<void>;
  /** A new agent process on the same port and data folder. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

/**
 * `token`: a node token of its own (two agents registered with one API need different ones);
 * `env` adds agent settings (a java runtime's JDKs and jars folder…).
 */
export async function startTestAgent(options: { token?: string; env?: Record<string, string> } = {}): Promise<TestAgent> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'cairn-servers-agent-'));
  const port = await freePort();
  const sftpPort = await freePort();
  let child: ChildProcess;
  let exited: Promise<void>;
  const launch = async () => {
    child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', 'src/main.ts'], {
      cwd: agentDir,
      env: {
        PATH: process.env.PATH ?? '/usr/bin:/bin',
        NODE_AGENT_TOKEN: options.token ?? AGENT_TOKEN,
        NODE_AGENT_PORT: String(port),
        // Agents side by side must not all want the default SFTP port.
        NODE_AGENT_SFTP_PORT: String(sftpPort),
        NODE_AGENT_DATA_DIR: dataDir,
        // Isolated wherever the machine can; required under CI (see node-agent/test/harness.ts).
        NODE_AGENT_ISOLATION: process.env.CI === 'true' ? 'on' : 'auto',
        // Agents side by side on one machine must not give two servers the same user.
        NODE_AGENT_UID_BASE: String(5_000_000 + Math.floor(Math.random() * 1_000_000) * 64),
        ...options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`agent did not start: ${stderr}`)), 60_000);
      child.once('exit', (code) => reject(new Error(`agent exited with ${code}: ${stderr}`)));
      readline.createInterface({ input: child.stdout! }).on('line', (line) => {
        if (!line.startsWith('{"event":"listening"')) return;
        clearTimeout(timer);
        resolve();
      });
    });
  };
  await launch();
  const stop = async (signal: NodeJS.Signals) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill(signal);
    await exited;
  };
  return {
    url: `http://127.0.0.1:${port}`,
    token: options.token ?? AGENT_TOKEN,
    dataDir,
    sftpPort,
    pid: () => child.pid ?? 0,
    kill9: () => stop('SIGKILL'),
    restart: launch,
    async close() {
      await stop('SIGTERM');
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Calls the agent's own HTTP API (docs/api/node-agent.md), with its node token unless another
 * (a server access token) is given: what the node itself says, which the API must match. A string
 * body is sent as text, an object as JSON.
 */
export function callAgent(agent: TestAgent, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, body?: string | object, token = agent.token): Promise<Response> {
  const type: Record<string, string> = body === undefined ? {} : { 'content-type': typeof body === 'string' ? 'text/plain' : 'application/json' };
  return fetch(`${agent.url}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...type },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
}

interface PingResult {
  description?: unknown;
  motd?: unknown;
}
interface GameClient {
  once(event: 'playerJoin', listener: () => void): void;
  once(event: 'error', listener: (error: Error) => void): void;
  chat(message: string): void;
  end(reason: string): void;
}
interface MinecraftProtocol {
  ping(options: { host: string; port: number; closeTimeout: number }): Promise<PingResult>;
  createClient(options: { host: string; port: number; username: string; auth: 'offline'; version: string }): GameClient;
}
export const minecraft = requireFromAgent('minecraft-protocol') as MinecraftProtocol;

/** The motd a status ping reads, as text. */
export async function pingMotd(port: number): Promise<string> {
  const result = await minecraft.ping({ host: '127.0.0.1', port, closeTimeout: 3000 });
  const description = result.description ?? result.motd;
  return typeof description === 'string' ? description : JSON.stringify(description);
}

interface Socket {
  on(event: 'message', listener: (data: unknown) => void): void;
  once(event: 'open', listener: () => void): void;
  once(event: 'error', listener: (error: Error) => void): void;
  once(event: 'unexpected-response', listener: (request: unknown, response: { statusCode: number }) => void): void;
  once(event: 'close', listener: (code: number) => void): void;
  send(data: string): void;
  close(): void;
}
const WebSocket = requireFromAgent('ws') as new (url: string) => Socket;

/**
 * Opens a console WebSocket; resolves with its received lines, or rejects with the HTTP status
 * that refused it. `command` sends a console command; `closed` settles with the close code when
 * the agent (or anyone) closes it.
 */
export async function openConsole(url: string) {
  const messages: Array<{ type: string; line?: string; lines?: string[]; error?: string }> = [];
  const socket = new WebSocket(url);
  socket.on('message', (data) => messages.push(JSON.parse(String(data)) as (typeof messages)[number]));
  const closed = new Promise<number>((resolve) => socket.once('close', resolve));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('unexpected-response', (_request, response) => reject(new Error(`refused with ${response.statusCode}`)));
    socket.once('error', reject);
  });
  return { messages, closed, command: (command: string) => socket.send(JSON.stringify({ type: 'command', command })), close: () => socket.close() };
}

/** The console lines the agent keeps for a server (its history), read over the console socket with the node token. */
export async function consoleHistory(agent: TestAgent, serverId: string): Promise<string[]> {
  const socket = await openConsole(`${agent.url.replace('http', 'ws')}/api/servers/${serverId}/console?token=${encodeURIComponent(agent.token)}`);
  try {
    const history = await eventually(async () => socket.messages.find((m) => m.type === 'history'), 10_000, `the console history of ${serverId}`, 50);
    return history.lines ?? [];
  } finally {
    socket.close();
  }
}

/** The shared polling helper, re-exported for the files that import it from here. */
export { eventually };
