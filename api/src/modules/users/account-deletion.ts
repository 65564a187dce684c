import type { Transaction } from '../../db/client.js';
import { reassignDeletedUserContent } from './ghost.js';
import { deleteUser } from './users.repository.js';

/**
 * Removes an account inside the caller's transaction. Everything the account owns goes with the
 * user row through the foreign keys (ON DELETE CASCADE): sessions, personal access tokens,
 * auth flows, two-factor backup codes, linked sign-in providers, the OAuth apps it created and
 * its OAuth authorizations with their tokens. Domains whose content must outlive the account
 * (projects, versions, threads) reassign it in this function, before the user row is deleted.
 */
export async function deleteAccount(tx: Transaction, userId: number): Promise<void> {
  // Projects and versions outlive the account: they pass to the Ghost user.
  await reassignDeletedUserContent(tx, userId);
  await deleteUser(tx, userId);
}
