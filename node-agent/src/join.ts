import { chmod, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';

/**
 * Join mode (docs/api/node-agent.md, "Own nodes: join mode"): `--join <api-url> <token>` exchanges
 * a single-use enrolment token for this node's tunnel credential and node token, kept in the data
 * folder (mode 0600). Later starts find the file and connect again without a token.
 */

export const CREDENTIAL_FILE = 'own-node-credential.json';

const StoredCredentialSchema = z.object({
  api_url: z.string(),
  tunnel_url: z.string(),
  node_id: z.string(),
  name: z.string(),
  credential: z.string(),
  agent_token: z.string(),
});
export type StoredCredential = z.infer<typeof StoredCredentialSchema>;

/** The arguments of `--join <api-url> <token>`, or of a bare `--join` (restart with the stored credential). */
export function joinArguments(argv: string[]): { apiUrl: string | undefined; token: string | undefined } | undefined {
  const at = argv.indexOf('--join');
  if (at < 0) return undefined;
  const [apiUrl, token] = argv.slice(at + 1, at + 3).filter((value) => !value.startsWith('--'));
  return { apiUrl: apiUrl?.replace(/\/+$/, ''), token };
}

/** What join mode changes in the agent's defaults: loopback HTTP on any port, no SFTP, isolation where the host allows it, a folder of its own. */
export function joinDefaults(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return {
    NODE_AGENT_DATA_DIR: path.resolve('.data/own-node'),
    NODE_AGENT_HOST: '127.0.0.1',
    NODE_AGENT_PORT: '0',
    NODE_AGENT_SFTP_PORT: 'off',
    NODE_AGENT_GAME_HOST: '0.0.0.0',
    NODE_AGENT_ISOLATION: 'auto',
    ...env,
  };
}

export async function readCredential(dataDir: string): Promise<StoredCredential | undefined> {
  const text = await readFile(path.join(dataDir, CREDENTIAL_FILE), 'utf8').catch(() => undefined);
  if (text === undefined) return undefined;
  return StoredCredentialSchema.parse(JSON.parse(text));
}

export async function forgetCredential(dataDir: string): Promise<void> {
  await rm(path.join(dataDir, CREDENTIAL_FILE), { force: true });
}

/** Exchanges the enrolment token (POST /v2/node-enrolment) and stores the answer, readable by this user only. */
export async function enrol(apiUrl: string, token: string, dataDir: string, gameHost: string | undefined): Promise<StoredCredential> {
  const response = await fetch(`${apiUrl}/v2/node-enrolment`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token, node_id: os.hostname().slice(0, 128), ...(gameHost ? { game_host: gameHost } : {}) }),
  }).catch((error: Error) => {
    throw new Error(`Could not reach the API at ${apiUrl}: ${error.message}`);
  });
  const payload = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (response.status !== 201) {
    throw new Error(`The API refused the join (${response.status}): ${typeof payload.description === 'string' ? payload.description : 'no reason given'}`);
  }
  const stored = StoredCredentialSchema.parse({ ...payload, api_url: apiUrl });
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const file = path.join(dataDir, CREDENTIAL_FILE);
  await writeFile(file, `${JSON.stringify(stored, null, 2)}\n`, { mode: 0o600 });
  await chmod(file, 0o600);
  return stored;
}
