import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, launchBrowser, seriousAccessibilityViolations, siteUrl } from './browser';
import { signIn } from './demo-accounts';

/**
 * Bring your own node against the real, built product: the demo user adds a node on "My nodes",
 * the join command it shows is run as it is from the checkout (a second node agent, reaching the
 * API only through its tunnel), and a server created on the node runs and answers on the panel's
 * console — all without paying.
 */
const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

describe.skipIf(!browserAvailable)('bring your own node in a real browser', () => {
  let browser: Browser;
  let agent: ChildProcess | undefined;
  let dataDir: string;
  let agentOutput = '';

  beforeAll(async () => {
    browser = await launchBrowser();
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'cairn-e2e-own-node-'));
  });
  afterAll(async () => {
    if (agent && agent.exitCode === null && agent.signalCode === null) {
      const exited = new Promise((resolve) => agent!.once('exit', resolve));
      agent.kill('SIGTERM');
      await exited;
    }
    await rm(dataDir, { recursive: true, force: true });
    await browser?.close();
  });

  it('adds a node with the join command, creates a server on it and uses its console', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page: Page = await context.newPage();
    page.setDefaultTimeout(30_000);
    await signIn(page, 'demo');

    await page.goto(`${siteUrl}/servers/nodes`);
    await page.getByRole('heading', { level: 1, name: 'My nodes' }).waitFor();
    const nodeName = `E2E box ${Date.now().toString(36)}`;
    await page.getByRole('textbox', { name: 'Node name' }).fill(nodeName);
    await page.getByRole('button', { name: 'Get a join command' }).click();
    const command = (await page.locator('pre code').textContent()) ?? '';
    expect(command).toMatch(/^node node-agent\/dist\/src\/main\.js --join \S+ cne_\S+$/);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    // The command exactly as shown, from the checkout `npm start` built.
    const [executable, ...args] = command.split(' ');
    expect(executable).toBe('node');
    agent = spawn(process.execPath, args, {
      cwd: repoRoot,
      env: {
        PATH: process.env.PATH ?? '/usr/bin:/bin',
        NODE_AGENT_DATA_DIR: dataDir,
        NODE_AGENT_GAME_HOST: '127.0.0.1',
        NODE_AGENT_ISOLATION: process.env.CI === 'true' ? 'on' : 'auto',
        NODE_AGENT_UID_BASE: String(5_000_000 + Math.floor(Math.random() * 1_000_000) * 64),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    agent.stdout?.on('data', (chunk: Buffer) => (agentOutput += chunk.toString()));
    agent.stderr?.on('data', (chunk: Buffer) => (agentOutput += chunk.toString()));

    await page.reload();
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: nodeName }) });
    await expect
      .poll(
        async () => {
          if (await card.getByText('Connected', { exact: true }).isVisible()) return true;
          await page.reload();
          return false;
        },
        { timeout: 60_000, interval: 1000, message: `the node did not connect: ${agentOutput.slice(-500)}` },
      )
      .toBe(true);

    const serverName = `Home ${Date.now().toString(36)}`;
    await card.getByRole('textbox', { name: 'New server name' }).fill(serverName);
    await card.getByRole('spinbutton', { name: 'Memory (MiB)', exact: true }).fill('512');
    await card.getByRole('button', { name: 'Create server on this node' }).click();
    await page.getByRole('heading', { level: 1, name: serverName }).waitFor();

    const power = page.getByRole('group', { name: 'Power' });
    const stop = power.getByRole('button', { name: 'Stop' });
    await expect.poll(() => stop.isEnabled(), { timeout: 120_000, interval: 1000 }).toBe(true);
    // The console comes through the API's relay of the tunnel.
    const log = page.getByRole('log', { name: 'Console output' });
    const line = page.getByRole('textbox', { name: /Command/ });
    await expect.poll(() => line.isEnabled(), { timeout: 60_000, interval: 500 }).toBe(true);
    await line.fill('say hello from my own node');
    await line.press('Enter');
    await expect.poll(async () => (await log.textContent()) ?? '', { timeout: 30_000, interval: 500 }).toContain('hello from my own node');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await stop.click();
    await context.close();
  }, 300_000);
});
