import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import { apiUrl, browserAvailable, launchBrowser, screenshot, seriousAccessibilityViolations, siteUrl, waitForSearchIndex } from './browser';

interface Plan {
  inputs: { status: string }[];
  dependencies: { project_id: string }[];
  projects: Record<string, { slug: string; title: string }>;
}

/**
 * The download modal lists the required dependencies the dependency plan installs with the
 * project (docs/api/dependency-plan.md): the demo catalogue's Lanternlight requires Wrenlib on
 * every version. The game version is one the API's own plan resolves with that dependency, so the
 * test does not depend on which versions the seed happened to give each project.
 */
describe.skipIf(!browserAvailable)('the download modal lists required dependencies', () => {
  let browser: Browser;
  let context: BrowserContext;

  beforeAll(async () => {
    await waitForSearchIndex();
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme: 'light' });
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  /** The newest game version of Lanternlight on Fabric whose plan installs at least one required dependency. */
  async function targetWithDependencies(): Promise<{ gameVersion: string; plan: Plan }> {
    const project = (await (await fetch(`${apiUrl}/v2/project/lanternlight`)).json()) as { game_versions: string[] };
    for (const gameVersion of [...project.game_versions].reverse()) {
      const response = await fetch(`${apiUrl}/v2/dependency_plan`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ projects: ['lanternlight'], loader: 'fabric', game_version: gameVersion }),
      });
      expect(response.status).toBe(200);
      const plan = (await response.json()) as Plan;
      if (plan.inputs[0]?.status === 'resolved' && plan.dependencies.length > 0) return { gameVersion, plan };
    }
    throw new Error(`No game version of Lanternlight (${project.game_versions.join(', ')}) installs a required dependency on Fabric`);
  }

  it('names each dependency with a link, and the link leads to its project', async () => {
    const { gameVersion, plan } = await targetWithDependencies();
    const titles = plan.dependencies.map((d) => plan.projects[d.project_id]!.title);
    expect(titles).toContain('Wrenlib');

    const page = await context.newPage();
    await page.goto(`${siteUrl}/mod/lanternlight?version=${encodeURIComponent(gameVersion)}&loader=fabric#download`);
    const dialog = page.getByRole('dialog', { name: 'Download Lanternlight' });
    await dialog.waitFor();
    const dependencies = dialog.getByRole('region', { name: 'Required dependencies' });
    const count = plan.dependencies.length;
    await dependencies
      .getByRole('heading', { name: `Also installs ${count} required ${count === 1 ? 'dependency' : 'dependencies'}` })
      .waitFor();
    expect(await dependencies.getByRole('listitem').count()).toBe(count);
    for (const title of titles) await dependencies.getByRole('link', { name: title }).waitFor();
    await screenshot(page, 'download-modal-dependencies');
    const violations = await seriousAccessibilityViolations(page);
    expect(violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

    // Following a dependency's link closes the modal and opens that project.
    await dependencies.getByRole('link', { name: 'Wrenlib' }).click();
    await page.waitForURL(`${siteUrl}/mod/wrenlib`);
    await page.getByRole('heading', { level: 1, name: 'Wrenlib' }).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
  });
});
