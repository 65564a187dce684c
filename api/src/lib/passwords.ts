import argon2 from 'argon2';

/** Password hashes are argon2id (the library's defaults: 64 MiB, 3 passes, 4 lanes). */
export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id });
}

/**
 * A hash of a password nobody knows, verified when an account does not exist or has no
 * password, so that a failed sign-in takes as long whatever the reason.
 */
let decoyHash: Promise<string> | undefined;

/** Whether `password` matches `hash`; without a hash it still does the work and answers false. */
export async function verifyPassword(hash: string | null | undefined, password: string): Promise<boolean> {
  if (!hash) {
    decoyHash ??= hashPassword(`decoy-${Math.random()}`);
    await argon2.verify(await decoyHash, password).catch(() => false);
    return false;
  }
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}
