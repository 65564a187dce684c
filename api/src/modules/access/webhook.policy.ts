import { hasPermission, ORGANIZATION_PERMISSIONS, PROJECT_PERMISSIONS } from '@cairn/shared/constants/permissions';
import { isAdmin, type Actor } from '../../lib/actor.js';
import type { OrganizationAccess } from './organization.policy.js';
import type { ProjectAccess } from './project.policy.js';

/**
 * Who manages release webhooks: those who manage the project's (or organization's) settings,
 * EDIT_DETAILS, as accepted members — and admins. A destination URL is a credential (a Discord
 * webhook URL posts to the channel), so the EDIT_DETAILS moderators hold on every project and
 * organization does not extend to hooks: staff who are not admins neither see nor change them.
 */

export function canManageProjectWebhooks(actor: Actor, access: ProjectAccess): boolean {
  if (isAdmin(actor)) return true;
  return access.isAcceptedMember && hasPermission(access.permissions, PROJECT_PERMISSIONS.EDIT_DETAILS);
}

export function canManageOrganizationWebhooks(actor: Actor, access: OrganizationAccess): boolean {
  if (isAdmin(actor)) return true;
  return access.membership?.accepted === true && hasPermission(access.permissions, ORGANIZATION_PERMISSIONS.EDIT_DETAILS);
}
