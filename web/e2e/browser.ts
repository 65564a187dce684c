import { mkdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { expect, inject } from 'vitest';

const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export const browserAvailable = inject('browserPath') !== '';
export const siteUrl = inject('siteUrl');
export const apiUrl = inject('apiUrl');

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: inject('browserPath'), args: CHROMIUM_FLAGS, headless: true });
}

const screenshotDir = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'test-results', 'screenshots');

/** Saves a full-page screenshot as a test artifact (web/test-results/screenshots). */
export async function screenshot(page: Page, name: string): Promise<string> {
  await mkdir(screenshotDir, { recursive: true });
  const path = join(screenshotDir, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string[] }>;
}

/** Runs axe-core in the page and returns the serious and critical violations. */
export async function seriousAccessibilityViolations(page: Page): Promise<AxeViolation[]> {
  const axeSource = await readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  // Evaluated through the DevTools protocol, so the page's CSP (rightly) does not apply.
  await page.evaluate(axeSource);
  // Colours are judged as painted: a toast fading in is still translucent. Finite animations and
  // transitions are let finish first (spinners run forever and are left alone).
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: () => Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run();
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target })) }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/**
 * The product seeds the demo catalogue at start and indexes it in the background: wait until the
 * search index holds it (every listed demo mod) before tests search.
 */
export async function waitForSearchIndex(minimumMods = 10, timeoutMs = 60_000): Promise<void> {
  const url = `${apiUrl}/v2/search?limit=1&facets=${encodeURIComponent('[["project_type:mod"]]')}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await fetch(url).catch(() => undefined);
    const body = response?.ok ? ((await response.json()) as { total_hits: number }) : undefined;
    if (body && body.total_hits >= minimumMods) return;
    if (Date.now() > deadline) throw new Error(`The search index did not fill within ${timeoutMs} ms (last answer: ${JSON.stringify(body)})`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Fails with every serious accessibility violation on the page (axe), each with where it is. */
export async function expectNoSeriousViolations(page: Page): Promise<void> {
  const violations = await seriousAccessibilityViolations(page);
  expect(violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

/** Runs `steps` on `page`, with a screenshot named `name` when they fail; closes the page's context. */
export async function onPage(page: Page, name: string, steps: (page: Page) => Promise<void>): Promise<void> {
  try {
    await steps(page);
  } catch (error) {
    await screenshot(page, name);
    throw error;
  } finally {
    await page.context().close();
  }
}
