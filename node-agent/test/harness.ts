import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import type { z } from 'zod';
import { AgentConsoleMessageSchema, type AgentConsoleMessage } from '@cairn/shared/schemas/node-agent';

export const TOKEN = 'test-node-token-0123456789abcdef0123';
/**
 * Servers in tests run isolated wherever the machine can (root and bubblewrap); under CI that is
 * required, so a CI machine that cannot isolate fails instead of quietly testing less.
 */
export const TEST_ISOLATION = process.env.CI === 'true' ? 'on' : 'auto';

/**
 * A user id range of its own for each test agent: agents running side by side on one machine
 * must not give two servers the same user (one agent per host needs no such care).
 */
export function testUidBase(): string {
  return String(3_000_000 + Math.floor(Math.random() * 1_000_000) * 64);
}
const packageDir = fileURLToPath(new URL('..', import.meta.url));

export async function tempDir(prefix: string): Promise<string> {
  return fs.mkdtemp(path.join(os.tmpdir(), `cairn-${prefix}-`));
}

/** A port nothing listens on right now (the OS picks it). */
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

export interface AgentProcess {
  url: string;
  /** The SFTP port the agent reported (any free one unless NODE_AGENT_SFTP_PORT was given); null when off. */
  sftpPort: number | null;
  child: ChildProcess;
  /** SIGKILL, no clean-up: what a crash or an OOM kill looks like. */
  kill9(): Promise<void>;
  stop(): Promise<void>;
}

/** Starts the real agent entry point (src/main.ts) as its own process on a free port. */
export async function startAgent(dataDir: string, env: Record<string, string> = {}): Promise<AgentProcess> {
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', 'src/main.ts'], {
    cwd: packageDir,
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      NODE_AGENT_TOKEN: TOKEN,
      NODE_AGENT_PORT: '0',
      // Agents side by side in tests must not all want the default SFTP port.
      NODE_AGENT_SFTP_PORT: '0',
      NODE_AGENT_DATA_DIR: dataDir,
      NODE_AGENT_STATS_INTERVAL_MS: '500',
      NODE_AGENT_ISOLATION: TEST_ISOLATION,
      NODE_AGENT_UID_BASE: testUidBase(),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const listening = await new Promise<{ address: string; sftp_port: number | null }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`agent did not start: ${stderr}`)), 60_000);
    child.once('exit', (code) => reject(new Error(`agent exited with ${code}: ${stderr}`)));
    readline.createInterface({ input: child.stdout! }).on('line', (line) => {
      if (!line.startsWith('{"event":"listening"')) return;
      clearTimeout(timer);
      resolve(JSON.parse(line) as { address: string; sftp_port: number | null });
    });
  });
  return {
    url: listening.address,
    sftpPort: listening.sftp_port,
    child,
    async kill9() {
      child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      await exited;
    },
  };
}

export interface CallResult {
  status: number;
  body: unknown;
  text: string;
}

/** fetch against an agent with the node token (or the given token; null for none). */
export async function call(
  url: string,
  method: string,
  route: string,
  options: { json?: unknown; body?: string | Uint8Array; token?: string | null; contentType?: string } = {},
): Promise<CallResult> {
  const headers: Record<string, string> = {};
  const token = options.token === undefined ? TOKEN : options.token;
  if (token) headers.authorization = `Bearer ${token}`;
  let body = options.body;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (body !== undefined) headers['content-type'] = options.contentType ?? 'application/octet-stream';
  const response = await fetch(`${url}${route}`, { method, headers, body });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: response.status, body: parsed, text };
}

export function expectShape<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  return schema.parse(value);
}

/** Polls until check returns a value (not undefined) or fails after timeoutMs. */
export async function waitFor<T>(check: () => Promise<T | undefined>, timeoutMs = 60_000, what = 'condition'): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * The bounded negative check, for what no event can prove (that nothing is left running): polls
 * `change` until the time `untilMs` (a `Date.now()` value) and fails as soon as it reports one (a
 * description of what changed). Built on waitFor, the package's one polling loop.
 */
export async function staysUnchanged(change: () => Promise<string | undefined>, untilMs: number, what: string): Promise<void> {
  const outcome = await waitFor(
    async () => {
      const found = await change();
      if (found !== undefined) return { found };
      return Date.now() >= untilMs ? { found: undefined } : undefined;
    },
    Math.max(0, untilMs - Date.now()) + 10_000,
    what,
  );
  if (outcome.found !== undefined) throw new Error(`${what}: ${outcome.found}`);
}

/** A console WebSocket that records every message and can wait for one. */
export async function openConsole(url: string, serverId: string, token = TOKEN) {
  const messages: AgentConsoleMessage[] = [];
  const listeners = new Set<() => void>();
  const socket = new WebSocket(`${url.replace('http', 'ws')}/api/servers/${serverId}/console?token=${encodeURIComponent(token)}`);
  socket.on('message', (data) => {
    messages.push(AgentConsoleMessageSchema.parse(JSON.parse(String(data))));
    for (const listener of listeners) listener();
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  return {
    socket,
    messages,
    send(command: string) {
      socket.send(JSON.stringify({ type: 'command', command }));
    },
    waitFor(predicate: (message: AgentConsoleMessage) => boolean, timeoutMs = 30_000): Promise<AgentConsoleMessage> {
      return new Promise((resolve, reject) => {
        const found = messages.find(predicate);
        if (found) return resolve(found);
        const timer = setTimeout(() => {
          listeners.delete(check);
          reject(new Error('console message did not arrive'));
        }, timeoutMs);
        const check = () => {
          const hit = messages.find(predicate);
          if (!hit) return;
          clearTimeout(timer);
          listeners.delete(check);
          resolve(hit);
        };
        listeners.add(check);
      });
    },
    close() {
      socket.close();
    },
  };
}
