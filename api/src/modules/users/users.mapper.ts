import type { User, UserRoleName } from '@cairn/shared/schemas/users';
import { encodeBase62 } from '../../lib/ids.js';
import type { UserVisibility } from '../access/user.policy.js';
import type { UserRow } from './users.repository.js';

/** What the viewer may see (access/user.policy.ts): `full` adds the private flags and linked providers. */
export type UserView = UserVisibility;

/** DB row → v2 User. */
export function toUser(row: UserRow, view: UserView, providers: string[]): User {
  return {
    id: encodeBase62(row.id),
    username: row.username,
    name: null,
    email: view.full && view.email ? row.email : null,
    bio: row.bio ?? '',
    // Payout wallets arrive with the payouts module; until then nobody has payout data.
    payout_data: null,
    avatar_url: row.avatarUrl ?? '',
    created: row.created.toISOString(),
    role: row.role as UserRoleName,
    badges: row.badges,
    auth_providers: view.full ? providers : null,
    email_verified: view.full ? row.emailVerified : null,
    has_password: view.full ? row.hasPassword : null,
    has_totp: view.full ? row.hasTotp : null,
    github_id: null,
  };
}
