import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import ssh2 from 'ssh2';

/** The node's SFTP host key and its fingerprint as OpenSSH prints it (`SHA256:<base64 without padding>`). */
export interface HostKey {
  privateKey: string;
  fingerprint: string;
}

/** `SHA256:…` of an SSH public key blob, as `ssh-keygen -l` and SSH clients show it. */
export function fingerprintOf(publicBlob: Buffer): string {
  return `SHA256:${createHash('sha256').update(publicBlob).digest('base64').replace(/=+$/, '')}`;
}

/**
 * Loads the node's ed25519 host key from `<data>/sftp-host-key`, generating it (mode 600) the
 * first time: the key, and so the fingerprint users verify, stays the same for the node's life.
 */
export async function loadHostKey(dataDir: string): Promise<HostKey> {
  const file = path.join(dataDir, 'sftp-host-key');
  let privateKey = await fs.readFile(file, 'utf8').catch((error: unknown) => {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  });
  if (privateKey === undefined) {
    const generated = ssh2.utils.generateKeyPairSync('ed25519').private;
    // `wx`: two agents started at once on one data folder keep the first key written.
    await fs.writeFile(file, generated, { mode: 0o600, flag: 'wx' }).catch((error: unknown) => {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    });
    privateKey = await fs.readFile(file, 'utf8');
  }
  const parsed = ssh2.utils.parseKey(privateKey);
  const key = Array.isArray(parsed) ? parsed[0] : parsed;
  if (!key || key instanceof Error || !key.isPrivateKey()) throw new Error(`${file} does not hold an SSH private key; remove it to generate a new one`);
  return { privateKey, fingerprint: fingerprintOf(key.getPublicSSH()) };
}
