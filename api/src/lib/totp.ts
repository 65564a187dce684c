import { Secret, TOTP } from 'otpauth';
import { hashToken, randomBase62 } from './tokens.js';

/** Time-based one-time passwords as authenticator apps expect: SHA-1, 6 digits, 30-second steps. */
const PERIOD = 30;
const DIGITS = 6;

export function generateTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totp(secret: string, label = 'account'): TOTP {
  return new TOTP({ issuer: 'Cairn', label, algorithm: 'SHA1', digits: DIGITS, period: PERIOD, secret: Secret.fromBase32(secret) });
}

/** The otpauth:// URI an authenticator app reads from a QR code. */
export function totpUri(secret: string, label: string): string {
  return totp(secret, label).toString();
}

/**
 * The time step a code belongs to (the current one or one step either side, for clock drift),
 * or undefined when it matches none. Callers accept a step only once.
 */
export function matchTotpStep(secret: string, code: string, now = Date.now()): number | undefined {
  if (!/^\d{6}$/.test(code)) return undefined;
  const delta = totp(secret).validate({ token: code, timestamp: now, window: 1 });
  if (delta === null) return undefined;
  return Math.floor(now / 1000 / PERIOD) + delta;
}

/** Backup codes: 11 base62 characters each, stored as SHA-256 hashes, single use. */
export const BACKUP_CODE_COUNT = 6;
export const generateBackupCode = () => randomBase62(11);
export const hashBackupCode = (code: string) => hashToken(`backup:${code.trim()}`);
