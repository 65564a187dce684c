import fs from 'node:fs/promises';
import path from 'node:path';
import mc from 'minecraft-protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILT_IN_CONSOLE_COMMANDS } from '@cairn/shared/constants/server-console';
import { AgentBackupListSchema, AgentBackupSchema, AgentServerSchema, AgentStatsSchema, type AgentConsoleMessage } from '@cairn/shared/schemas/node-agent';
import { call, expectShape, freePort, openConsole, startAgent, tempDir, TOKEN, waitFor, type AgentProcess } from './harness.js';

/**
 * The whole life of a real flying-squid server through a real agent process: ping, a client
 * joining and chatting, a settings change, backup/restore and an agent crash. Figures are printed.
 */
describe('flying-squid server through the node agent', () => {
  let dataDir: string;
  let agent: AgentProcess;
  let gamePort: number;
  const id = 'mc1';
  const figures: Record<string, string> = {};

  const motdOf = async (port: number) => {
    const result = await mc.ping({ host: '127.0.0.1', port, closeTimeout: 3000 });
    const description = 'description' in result ? result.description : result.motd;
    return typeof description === 'string' ? description : JSON.stringify(description);
  };
  const serverState = async () => expectShape(AgentServerSchema, (await call(agent.url, 'GET', `/api/servers/${id}`)).body).state;

  beforeAll(async () => {
    dataDir = await tempDir('agent-game');
    agent = await startAgent(dataDir);
    gamePort = await freePort();
  });

  afterAll(async () => {
    await agent?.stop();
    console.log('node agent figures:', figures);
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('creates and installs a server, then starts it and answers a status ping with its motd', async () => {
    const created = await call(agent.url, 'POST', '/api/servers', {
      json: {
        id,
        runtime: 'flying-squid',
        game_version: '1.21.4',
        port: gamePort,
        limits: { memory_mib: 1024, cpu_percent: 200, storage_mib: 256 },
        properties: { motd: 'First motd', 'max-players': '5' },
      },
    });
    expect(created.status).toBe(201);
    expect(expectShape(AgentServerSchema, created.body).state).toBe('installing');
    await waitFor(async () => ((await serverState()) === 'stopped' ? true : undefined), 30_000, 'install');

    const startedAt = performance.now();
    const started = await call(agent.url, 'POST', `/api/servers/${id}/power`, { json: { action: 'start' } });
    expect(started.status).toBe(202);
    const motd = await waitFor(() => motdOf(gamePort), 90_000, 'first ping');
    figures.startToPingMs = (performance.now() - startedAt).toFixed(0);
    expect(motd).toContain('First motd');
    await waitFor(async () => ((await serverState()) === 'running' ? true : undefined), 30_000, 'running');
  });

  it('streams a joined player’s chat to the console WebSocket and runs console commands', async () => {
    const consoleSocket = await openConsole(agent.url, id);
    const history = await consoleSocket.waitFor((m) => m.type === 'history');
    expect(history.type === 'history' && history.lines.some((line) => line.includes('Server is ready'))).toBe(true);

    const client = mc.createClient({ host: '127.0.0.1', port: gamePort, username: 'Tester', auth: 'offline', version: '1.21.4' });
    try {
      await new Promise<void>((resolve, reject) => {
        client.once('playerJoin', () => resolve());
        client.once('error', reject);
      });
      await consoleSocket.waitFor((m) => m.type === 'line' && m.line.includes('Tester') && m.line.includes('connected'));
      const chatSentAt = performance.now();
      client.chat('hello from the test');
      await consoleSocket.waitFor((m) => m.type === 'line' && m.line.includes('<Tester> hello from the test'));
      figures.chatToConsoleMs = (performance.now() - chatSentAt).toFixed(1);
    } finally {
      client.end('done');
    }

    const commandSentAt = performance.now();
    consoleSocket.send('say console-check');
    await consoleSocket.waitFor((m) => m.type === 'line' && m.line.includes('console-check'));
    figures.commandRoundTripMs = (performance.now() - commandSentAt).toFixed(1);

    const statsMessage = await consoleSocket.waitFor((m) => m.type === 'stats' && m.stats.memory_bytes > 0);
    expect(statsMessage.type === 'stats' && statsMessage.stats.cpu_percent).toBeLessThanOrEqual(100);
    consoleSocket.close();
  });

  it('answers an unknown console command with the commands it offers, and lists the players online', async () => {
    const consoleSocket = await openConsole(agent.url, id);
    const lineWith = (...parts: string[]) => (m: AgentConsoleMessage) => m.type === 'line' && parts.every((part) => m.line.includes(part));
    try {
      consoleSocket.send('plyers');
      const hint = await consoleSocket.waitFor(lineWith('Unknown command "plyers"', 'Commands: '));
      const offered = hint.type === 'line' ? hint.line.slice(hint.line.indexOf('Commands: ') + 'Commands: '.length).split(/[,.]\s*/) : [];
      // Every command the panel suggests for the built-in runtime is one it really has.
      for (const command of BUILT_IN_CONSOLE_COMMANDS) expect(offered).toContain(command);
      // Player-only commands are not offered to the console.
      expect(offered).not.toContain('teleport');
      expect(hint.type === 'line' && hint.line).toContain('Type "help <command>"');

      consoleSocket.send('list');
      await consoleSocket.waitFor(lineWith('There are 0 of a max of 5 players online'));

      const client = mc.createClient({ host: '127.0.0.1', port: gamePort, username: 'Lister', auth: 'offline', version: '1.21.4' });
      try {
        await new Promise<void>((resolve, reject) => {
          client.once('playerJoin', () => resolve());
          client.once('error', reject);
        });
        await consoleSocket.waitFor(lineWith('Lister', 'connected'));
        // As game consoles do, a leading slash is fine.
        consoleSocket.send('/list');
        await consoleSocket.waitFor(lineWith('There are 1 of a max of 5 players online: Lister'));
      } finally {
        client.end('done');
      }
    } finally {
      consoleSocket.close();
    }
  });

  it('reports resource usage', async () => {
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const stats = expectShape(AgentStatsSchema, (await call(agent.url, 'GET', `/api/servers/${id}/stats`)).body);
    expect(stats.memory_bytes).toBeGreaterThan(20 * 1024 * 1024);
    expect(stats.memory_limit_bytes).toBe(1024 * 1024 * 1024);
    expect(stats.disk_bytes).toBeGreaterThan(0);
    expect(stats.disk_limit_bytes).toBe(256 * 1024 * 1024);
    figures.idleRssMiB = (stats.memory_bytes / 1024 / 1024).toFixed(0);
    figures.idleCpuPercentOfHost = String(stats.cpu_percent);
  });

  it('applies a motd change from server.properties after a restart', async () => {
    const file = await call(agent.url, 'GET', `/api/servers/${id}/files/contents?path=/server.properties`);
    expect(file.status).toBe(200);
    const changed = file.text.replace(/^motd=.*$/m, 'motd=Second motd');
    const written = await call(agent.url, 'PUT', `/api/servers/${id}/files/contents?path=/server.properties`, { body: changed, contentType: 'text/plain' });
    expect(written.status).toBe(200);
    const restarted = await call(agent.url, 'POST', `/api/servers/${id}/power?wait=true`, { json: { action: 'restart' } });
    expect(restarted.status).toBe(200);
    expect(expectShape(AgentServerSchema, restarted.body).state).toBe('running');
    expect(await waitFor(() => motdOf(gamePort), 60_000, 'ping after restart')).toContain('Second motd');
  });

  it('backs up, and a restore brings back the folder as it was', async () => {
    await call(agent.url, 'PUT', `/api/servers/${id}/files/contents?path=/notes.txt`, { body: 'before backup' });
    // Two at once: exactly one is accepted, the other refused while it is in progress.
    const attempts = await Promise.all([
      call(agent.url, 'POST', `/api/servers/${id}/backups`, { json: { name: 'first' } }),
      call(agent.url, 'POST', `/api/servers/${id}/backups`, { json: { name: 'first' } }),
    ]);
    expect(attempts.map((a) => a.status).sort()).toEqual([202, 409]);
    const created = attempts.find((a) => a.status === 202)!;
    const backup = expectShape(AgentBackupSchema, created.body);
    const ready = await waitFor(async () => {
      const list = expectShape(AgentBackupListSchema, (await call(agent.url, 'GET', `/api/servers/${id}/backups`)).body);
      const found = list.backups.find((b) => b.id === backup.id);
      return found?.state === 'ready' ? found : undefined;
    }, 30_000, 'backup ready');
    expect(ready.size).toBeGreaterThan(0);
    expect(ready.error).toBeNull();

    await call(agent.url, 'PUT', `/api/servers/${id}/files/contents?path=/notes.txt`, { body: 'after backup' });
    await call(agent.url, 'PUT', `/api/servers/${id}/files/contents?path=/world/extra.txt`, { body: 'new file' });
    const restore = await call(agent.url, 'POST', `/api/servers/${id}/backups/${backup.id}/restore`, { json: {} });
    expect(restore.status).toBe(202);
    await waitFor(async () => {
      const b = expectShape(AgentBackupSchema, (await call(agent.url, 'GET', `/api/servers/${id}/backups/${backup.id}`)).body);
      return b.state === 'ready' && (await serverState()) === 'running' ? true : undefined;
    }, 60_000, 'restore and restart');
    expect((await call(agent.url, 'GET', `/api/servers/${id}/files/contents?path=/notes.txt`)).text).toBe('before backup');
    expect((await call(agent.url, 'GET', `/api/servers/${id}/files/contents?path=/world/extra.txt`)).status).toBe(404);
    await fs.access(path.join(dataDir, 'servers', id, 'world', 'level.dat'));
    expect(await waitFor(() => motdOf(gamePort), 60_000, 'ping after restore')).toContain('Second motd');

    const download = await fetch(`${agent.url}/api/servers/${id}/backups/${backup.id}/download`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
  });

  it('recovers every server after the agent is killed with SIGKILL', async () => {
    const idlePort = await freePort();
    const idle = await call(agent.url, 'POST', '/api/servers', {
      json: { id: 'idle1', runtime: 'flying-squid', game_version: '1.21.4', port: idlePort, limits: { memory_mib: 512, cpu_percent: 100, storage_mib: 64 } },
    });
    expect(idle.status).toBe(201);
    await waitFor(async () => (expectShape(AgentServerSchema, (await call(agent.url, 'GET', '/api/servers/idle1')).body).state === 'stopped' ? true : undefined));

    await agent.kill9();
    agent = await startAgent(dataDir);
    const recoveredAt = performance.now();
    await waitFor(async () => ((await serverState()) === 'running' ? true : undefined), 90_000, 'running after recovery');
    expect(await waitFor(() => motdOf(gamePort), 60_000, 'ping after recovery')).toContain('Second motd');
    figures.recoveryToPingMs = (performance.now() - recoveredAt).toFixed(0);
    expect(expectShape(AgentServerSchema, (await call(agent.url, 'GET', '/api/servers/idle1')).body).state).toBe('stopped');
    const backups = expectShape(AgentBackupListSchema, (await call(agent.url, 'GET', `/api/servers/${id}/backups`)).body);
    expect(backups.backups.map((b) => b.state)).toEqual(['ready']);
    expect((await call(agent.url, 'GET', `/api/servers/${id}/files/contents?path=/notes.txt`)).text).toBe('before backup');

    const stopped = await call(agent.url, 'POST', `/api/servers/${id}/power?wait=true`, { json: { action: 'stop' } });
    expect(expectShape(AgentServerSchema, stopped.body).state).toBe('stopped');
    await expect(motdOf(gamePort)).rejects.toThrow();
  });
});
