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

/** Calls the API with a session token and returns the JSON answer (undefined for 204); throws on any other status. */
export async function apiJson<T>(token: string, path: string, init: RequestInit = {}): Promise<T> {
  const json = typeof init.body === 'string' ? { 'Content-Type': 'application/json' } : undefined;
  const response = await fetch(`${apiUrl}${path}`, { ...init, headers: { Authorization: token, ...json, ...init.headers } });
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${await response.text()}`);
  return (response.status === 204 ? undefined : await response.json()) as T;
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

/** The session token and the user id of a demo account. */
export async function apiSignIn(username: DemoAccount): Promise<{ token: string; id: string }> {
  const token = await apiSession(username);
  return { token, id: (await apiJson<{ id: string }>(token, '/v2/user')).id };
}

/** Signs in on the website's sign-in page and waits for the home page. */
export async function signIn(page: Page, username: DemoAccount): Promise<void> {
  await page.goto(`${siteUrl}/auth/sign-in`);
  await page.getByLabel('Email or username', { exact: true }).fill(username);
  await page.getByLabel('Password', { exact: true }).fill(await demoPassword(username));
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(`${siteUrl}/`);
}
