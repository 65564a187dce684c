import type { Organization } from '@cairn/shared/schemas/organizations';
import type { TeamMember } from '@cairn/shared/schemas/teams';
import { encodeBase62 } from '../../lib/ids.js';
import type { OrganizationRow } from './organizations.repository.js';

export function toOrganization(row: OrganizationRow, members: TeamMember[], cdnUrl: string): Organization {
  return {
    id: encodeBase62(row.id),
    slug: row.slug,
    name: row.name,
    team_id: encodeBase62(row.teamId),
    description: row.description,
    icon_url: row.iconKey ? `${cdnUrl}/${row.iconKey}` : null,
    color: row.color,
    members,
  };
}
