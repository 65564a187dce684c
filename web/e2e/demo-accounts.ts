import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { apiUrl, siteUrl } from './browser';

/** The product's demo accounts (demo, demo-admin, demo-moderator…) with the passwords the e2e setup generated. */
export type DemoAccount = 'demo' | 'demo-admin' | 'demo-moderator' | (string & {});

const passwordsFile = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '.data', 'e2e', 'demo-accounts.json');
let passwords: Promise<Record<string, string>> | undefined;

export async function demoPassword(username: DemoAccount): Promise<string> {
  passwords ??= readFile(passwordsFile, 'utf8').then((text) => JSON.parse(text) as Record<string, string>);
  const password = (await passwords)[username];
  if (!password) throw new Error(`No demo account named ${username}`);
  return password;
}

/** Signs in through the API and returns the session token (for Authorization headers). */
export async function apiSession(username: DemoAccount): Promise<string> {
  const response = await fetch(`${apiUrl}/v2/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, password: await demoPassword(username) }),
  });
  if (!response.ok) throw new Error(`Signing in ${username}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { session: string }).session;
}

/** Signs in on the website's sign-in page and waits for the home page. */
export async function signIn(page: Page, username: DemoAccount): Promise<void> {
  await page.goto(`${siteUrl}/auth/sign-in`);
  await page.getByLabel('Email or username', { exact: true }).fill(username);
  await page.getByLabel('Password', { exact: true }).fill(await demoPassword(username));
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(`${siteUrl}/`);
}
