import { createServer } from 'node:net';
import { readFile } from 'node:fs/promises';
import type { ChildProcess } from 'node:child_process';

export interface Logger {
  info(msg: string): void;
  warn(msg: string): void;
  error(msg: string): void;
}

export const consoleLogger: Logger = {
  info: (m) => console.log(m),
  warn: (m) => console.warn(m),
  error: (m) => console.error(m),
};

export const silentLogger: Logger = { info: () => {}, warn: () => {}, error: () => {} };

/** Asks the kernel for a free TCP port on the given host. */
export function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, host, () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM means it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The command line of a live process, or undefined (Linux /proc; elsewhere undefined). */
export async function commandLineOf(pid: number): Promise<string | undefined> {
  try {
    return (await readFile(`/proc/${pid}/cmdline`, 'utf8')).split('\0').join(' ');
  } catch {
    return undefined;
  }
}

export async function waitUntil(check: () => boolean | Promise<boolean>, timeoutMs: number, intervalMs = 50): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

/** Signals a pid and waits for it to disappear, escalating to SIGKILL after the grace period. */
export async function terminatePid(pid: number, signal: NodeJS.Signals, graceMs: number): Promise<void> {
  if (!isAlive(pid)) return;
  try {
    process.kill(pid, signal);
  } catch {
    return;
  }
  if (await waitUntil(() => !isAlive(pid), graceMs)) return;
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    /* already gone */
  }
  await waitUntil(() => !isAlive(pid), 5000);
}

/** Resolves when the child has exited (immediately if it already has). */
export function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/** Forwards a child's output to the logger line by line, remembering the tail for error messages. */
export function captureOutput(child: ChildProcess, name: string, log: Logger): () => string {
  const tail: string[] = [];
  const onChunk = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) {
      if (!line.trim()) continue;
      tail.push(line);
      if (tail.length > 40) tail.shift();
      if (/\b(ERROR|FATAL|PANIC)\b/.test(line)) log.warn(`[${name}] ${line}`);
    }
  };
  child.stdout?.on('data', onChunk);
  child.stderr?.on('data', onChunk);
  return () => tail.join('\n');
}

/** Whether the process recorded as owning an embedded server is still a live Node process. */
export async function isLiveOwner(pid: number): Promise<boolean> {
  if (!isAlive(pid)) return false;
  const cmd = await commandLineOf(pid);
  return cmd === undefined || /node/.test(cmd);
}
