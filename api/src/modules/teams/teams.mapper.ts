import type { TeamMember } from '@cairn/shared/schemas/teams';
import { encodeBase62 } from '../../lib/ids.js';
import type { MemberRow } from './teams.repository.js';

/**
 * The v2 TeamMember object. The owner's role reads "Owner" (and nobody else's does);
 * permissions and payout split (and organization permissions on organization teams) are
 * included only when `showPrivate`.
 */
export function toTeamMember(row: MemberRow, showPrivate: boolean, organizationTeam = false): TeamMember {
  const role = row.isOwner ? 'Owner' : row.role === 'Owner' ? 'Member' : row.role;
  return {
    team_id: encodeBase62(row.teamId),
    user: {
      id: encodeBase62(row.userId),
      username: row.username,
      name: null,
      avatar_url: row.avatarUrl ?? '',
      bio: row.bio ?? '',
      created: row.userCreated.toISOString(),
      role: row.userRole as TeamMember['user']['role'],
      badges: row.badges,
      email: null,
      email_verified: null,
      has_password: null,
      has_totp: null,
      auth_providers: null,
      payout_data: null,
      github_id: null,
    },
    role,
    ...(showPrivate ? { permissions: row.permissions } : {}),
    ...(showPrivate && organizationTeam ? { organization_permissions: row.organizationPermissions ?? 0 } : {}),
    accepted: row.accepted,
    ...(showPrivate ? { payouts_split: row.payoutsSplit } : {}),
    ordering: row.ordering,
  };
}
