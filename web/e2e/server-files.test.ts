import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, launchBrowser, seriousAccessibilityViolations, siteUrl } from './browser';
import { apiJson, apiSession, signIn } from './demo-accounts';
import { buyRunningServer, type BoughtServer } from './server-fixture';

/**
 * The panel's Files tab against a real node agent: the browser talks to the agent directly with
 * the access token from the API. Edits server.properties in the editor (checked through the API),
 * then creates a folder, uploads a file, renames it and deletes it.
 */
describe.skipIf(!browserAvailable)('server panel Files tab in a real browser', () => {
  let browser: Browser;
  let session = '';
  let bought: BoughtServer | undefined;

  beforeAll(async () => {
    browser = await launchBrowser();
    session = await apiSession('demo');
  });
  afterAll(async () => {
    if (bought) await apiJson(session, `/v2/servers/${bought.id}/power`, { method: 'POST', body: JSON.stringify({ action: 'stop' }) }).catch(() => undefined);
    await browser?.close();
  });

  it('edits server.properties, creates a folder, uploads, renames and deletes a file', async () => {
    bought = await buyRunningServer(session, `E2E files ${Date.now().toString(36)}`);
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    await signIn(page, 'demo');
    await page.goto(`${siteUrl}/servers/manage/${bought.id}`);
    await page.getByRole('tab', { name: 'Files' }).click();
    const home = page.getByRole('table', { name: 'Files in Home' });
    await home.getByRole('button', { name: 'server.properties', exact: true }).waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    // The editor: replace the motd line and save with the keyboard.
    await home.getByRole('button', { name: 'server.properties', exact: true }).click();
    const motdLine = page.locator('.cm-line', { hasText: /^motd=/ });
    await motdLine.click();
    await page.keyboard.press('End');
    await page.keyboard.press('Shift+Home');
    const motd = `Files tab ${Date.now().toString(36)}`;
    await page.keyboard.type(`motd=${motd}`);
    await page.getByText('Unsaved changes').waitFor();
    await page.keyboard.press('ControlOrMeta+s');
    await page.getByText('server.properties saved').first().waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    const properties = await apiJson<{ properties: Record<string, string> }>(session, `/v2/servers/${bought.id}/properties`);
    expect(properties.properties.motd).toBe(motd);
    await page.getByRole('button', { name: 'Back to files' }).click();

    // A new folder.
    await page.getByRole('button', { name: 'Create new…' }).click();
    await page.getByRole('menuitem', { name: 'New folder' }).click();
    const folderDialog = page.getByRole('dialog', { name: 'New folder' });
    await folderDialog.getByLabel('Folder name').fill('e2e-folder');
    await folderDialog.getByRole('button', { name: 'Create' }).click();
    await home.getByRole('button', { name: 'e2e-folder', exact: true }).waitFor();

    // An upload through the file input, with its queue entry.
    await page.getByLabel('Upload files').setInputFiles({ name: 'hello.txt', mimeType: 'text/plain', buffer: Buffer.from('hello from the browser\n') });
    const uploads = page.getByRole('region', { name: 'Uploads' });
    await uploads.getByText('Uploaded').waitFor();
    await home.getByRole('button', { name: 'hello.txt', exact: true }).waitFor();

    // Rename, then delete.
    await home.getByRole('button', { name: 'Actions for hello.txt' }).click();
    await page.getByRole('menuitem', { name: 'Rename' }).click();
    const renameDialog = page.getByRole('dialog', { name: 'Rename hello.txt' });
    await renameDialog.getByLabel('New name').fill('greeting.txt');
    await renameDialog.getByRole('button', { name: 'Rename' }).click();
    await home.getByRole('button', { name: 'greeting.txt', exact: true }).waitFor();
    await expect.poll(() => home.getByRole('button', { name: 'hello.txt', exact: true }).count()).toBe(0);

    await home.getByRole('button', { name: 'Actions for greeting.txt' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete greeting.txt?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => home.getByRole('button', { name: 'greeting.txt', exact: true }).count()).toBe(0);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await context.close();
  }, 300_000);
});
