import { createHash } from 'node:crypto';
import { badRequest } from '../../lib/errors.js';

/** The key types SFTP logins accept (the node's SSH library verifies all of them). */
const ECDSA_POINT_BYTES: Record<string, number> = { nistp256: 65, nistp384: 97, nistp521: 133 };
const MIN_RSA_BITS = 2048;

/** Reads the SSH wire format's length-prefixed strings from a key blob. */
function wireStrings(blob: Buffer): Buffer[] | undefined {
  const parts: Buffer[] = [];
  let offset = 0;
  while (offset < blob.length) {
    if (offset + 4 > blob.length) return undefined;
    const length = blob.readUInt32BE(offset);
    offset += 4;
    if (offset + length > blob.length) return undefined;
    parts.push(blob.subarray(offset, offset + length));
    offset += length;
  }
  return parts;
}

/** Whether a key blob is a well-formed public key of its declared type. */
function wellFormed(type: string, blob: Buffer): boolean {
  const parts = wireStrings(blob);
  if (!parts || parts[0]?.toString('latin1') !== type) return false;
  if (type === 'ssh-ed25519') return parts.length === 2 && parts[1]!.length === 32;
  if (type === 'ssh-rsa') {
    if (parts.length !== 3) return false;
    const modulus = parts[2]!;
    const significant = modulus[0] === 0 ? modulus.length - 1 : modulus.length;
    return significant * 8 >= MIN_RSA_BITS;
  }
  const curve = /^ecdsa-sha2-(nistp256|nistp384|nistp521)$/.exec(type)?.[1];
  return curve !== undefined && parts.length === 3 && parts[1]!.toString('latin1') === curve && parts[2]!.length === ECDSA_POINT_BYTES[curve];
}

/** An accepted public key: its normalised line and fingerprint. */
export interface PublicKeyLine {
  line: string;
  fingerprint: string;
}

/** `SHA256:<base64 without padding>` of a key blob, as OpenSSH shows it. */
export const keyFingerprint = (blob: Buffer) => `SHA256:${createHash('sha256').update(blob).digest('base64').replace(/=+$/, '')}`;

/** Reads one line of an authorized_keys-style list without checking it (for keys already stored). */
export function describeKey(line: string): PublicKeyLine {
  return { line, fingerprint: keyFingerprint(Buffer.from(line.split(/\s+/)[1] ?? '', 'base64')) };
}

/**
 * Checks OpenSSH public key lines (`ssh-ed25519 AAAA… comment`) and normalises them to
 * `type base64 [comment]`; repeats are dropped. A bad one is a 400 naming `public_keys.<i>`.
 */
export function parsePublicKeys(lines: readonly string[]): PublicKeyLine[] {
  const seen = new Set<string>();
  const keys: PublicKeyLine[] = [];
  lines.forEach((raw, index) => {
    const match = /^(\S+)\s+([A-Za-z0-9+/]+={0,2})(?:\s+([^\r\n]*))?$/.exec(raw.trim());
    const blob = match ? Buffer.from(match[2]!, 'base64') : undefined;
    if (!match || !blob || blob.toString('base64') !== match[2] || !wellFormed(match[1]!, blob)) {
      throw badRequest(
        `public_keys.${index}: must be an OpenSSH public key line (ssh-ed25519, ecdsa-sha2-nistp256/384/521, or ssh-rsa of at least ${MIN_RSA_BITS} bits), as in a .pub file`,
      );
    }
    const fingerprint = keyFingerprint(blob);
    if (seen.has(fingerprint)) return;
    seen.add(fingerprint);
    const comment = match[3]?.trim().replace(/[^\x20-\x7e]/g, '').slice(0, 200);
    keys.push({ line: comment ? `${match[1]} ${match[2]} ${comment}` : `${match[1]} ${match[2]}`, fingerprint });
  });
  return keys;
}
