import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { UserRole } from '@cairn/shared/constants/permissions';
import type { Executor } from '../client.js';
import type { Logger } from '../../embedded/process-utils.js';
import { randomId } from '../../lib/ids.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { randomBase62 } from '../../lib/tokens.js';
import { countUsers, findCredentialsByLogin, insertUser } from '../../modules/users/user-accounts.port.js';

/**
 * Demo accounts for trying Cairn out: seeded into a database that has no users yet (unless
 * DEMO_ACCOUNTS=false, the default in production). Their passwords are generated once and kept
 * in `<data folder>/demo-accounts.json`, and `npm start` prints them for as long as they still
 * work. Their addresses are at example.com, which receives no mail.
 */
export const DEMO_ACCOUNTS: ReadonlyArray<{ username: string; role: UserRole }> = [
  { username: 'demo', role: 'developer' },
  { username: 'demo-moderator', role: 'moderator' },
  { username: 'demo-admin', role: 'admin' },
];

export interface DemoAccount {
  username: string;
  role: UserRole;
  password: string;
}

const passwordsFile = (dataDir: string) => join(dataDir, 'demo-accounts.json');

async function readPasswords(dataDir: string): Promise<Record<string, string>> {
  try {
    return JSON.parse(await readFile(passwordsFile(dataDir), 'utf8')) as Record<string, string>;
  } catch {
    return {};
  }
}

export async function seedDemoAccounts(db: Executor, dataDir: string, log: Logger): Promise<void> {
  if ((await countUsers(db)) > 0) return;
  const passwords = await readPasswords(dataDir);
  for (const account of DEMO_ACCOUNTS) passwords[account.username] ??= randomBase62(16);
  await mkdir(dirname(passwordsFile(dataDir)), { recursive: true });
  await writeFile(passwordsFile(dataDir), `${JSON.stringify(passwords, null, 2)}\n`, { mode: 0o600 });
  await chmod(passwordsFile(dataDir), 0o600);
  for (const account of DEMO_ACCOUNTS) {
    await insertUser(db, {
      id: Number(randomId()),
      role: account.role,
      username: account.username,
      email: `${account.username}@example.com`,
      emailVerified: true,
      passwordHash: await hashPassword(passwords[account.username]!),
      newsletter: false,
    });
  }
  log.info(`Seeded demo accounts: ${DEMO_ACCOUNTS.map((a) => a.username).join(', ')}`);
}

/** The demo accounts whose saved password still signs them in. */
export async function workingDemoAccounts(db: Executor, dataDir: string): Promise<DemoAccount[]> {
  const passwords = await readPasswords(dataDir);
  const working: DemoAccount[] = [];
  for (const account of DEMO_ACCOUNTS) {
    const password = passwords[account.username];
    if (!password) continue;
    const user = await findCredentialsByLogin(db, account.username);
    if (user && (await verifyPassword(user.passwordHash, password))) working.push({ ...account, password });
  }
  return working;
}
