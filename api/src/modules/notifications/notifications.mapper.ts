import { formatMinorUnits } from '@cairn/shared/format/money';
import { CONTRACT_NOTIFICATION_TYPES, type Notification, type NotificationAction, type NotificationBody } from '@cairn/shared/schemas/notifications';
import { encodeBase62, parseId } from '../../lib/ids.js';
import type { NotificationRow, OrganizationName, ProjectName, VersionName } from './notifications.repository.js';

/** Current names of what a batch of notifications points at, keyed by numeric id. */
export interface NotificationSubjects {
  projects: Map<number, ProjectName>;
  versions: Map<number, VersionName>;
  usernames: Map<number, string>;
  organizations: Map<number, OrganizationName>;
}

/** Ids named in notification bodies, by kind, so each kind is loaded with one query. */
export function subjectIds(bodies: readonly NotificationBody[]): { projects: number[]; versions: number[]; users: number[]; organizations: number[] } {
  const organizations = new Set<number>();
  const projects = new Set<number>();
  const versions = new Set<number>();
  const users = new Set<number>();
  const add = (set: Set<number>, key: string | null) => {
    const id = key === null ? undefined : parseId(key);
    if (id !== undefined) set.add(id);
  };
  for (const body of bodies) {
    if ('project_id' in body) add(projects, body.project_id);
    if (body.type === 'project_update') add(versions, body.version_id);
    if (body.type === 'team_invite' || body.type === 'organization_invite' || body.type === 'server_invite') add(users, body.invited_by);
    if (body.type === 'organization_invite' || body.type === 'webhook_disabled') add(organizations, body.organization_id);
  }
  return { projects: [...projects], versions: [...versions], users: [...users], organizations: [...organizations] };
}

const lookup = <T>(map: Map<number, T>, key: string | null): T | undefined => {
  const id = key === null ? undefined : parseId(key);
  return id === undefined ? undefined : map.get(id);
};

/** The project page: `/{type}/{slug}` while the project exists, else its permanent link. */
function projectLink(project: ProjectName | undefined, key: string): string {
  return project ? `/${project.declaredType}/${project.slug}` : `/project/${key}`;
}

const contractTypes: readonly string[] = CONTRACT_NOTIFICATION_TYPES;

interface Rendered {
  title: string;
  text: string;
  link: string;
  actions: NotificationAction[];
}

function render(row: NotificationRow, subjects: NotificationSubjects): Rendered {
  const body = row.body;
  switch (body.type) {
    case 'project_update': {
      const project = lookup(subjects.projects, body.project_id);
      const version = lookup(subjects.versions, body.version_id);
      const link = `${projectLink(project, body.project_id)}/version/${body.version_id}`;
      if (!project || !version) return { title: 'A project you follow has a new version', text: 'This version is no longer available.', link, actions: [] };
      return { title: `${project.title} has a new version`, text: `${project.title} released version ${version.versionNumber} (${version.name}).`, link, actions: [] };
    }
    case 'team_invite': {
      const project = lookup(subjects.projects, body.project_id);
      const inviter = lookup(subjects.usernames, body.invited_by) ?? 'A user';
      const actions: NotificationAction[] = [
        { title: 'Accept', action_route: ['POST', `team/${body.team_id}/join`] },
        { title: 'Deny', action_route: ['DELETE', `team/${body.team_id}/members/${encodeBase62(row.userId)}`] },
      ];
      const name = project?.title ?? 'a project';
      return { title: `You have been invited to join ${name}`, text: `${inviter} invited you to join ${name} as ${body.role}.`, link: projectLink(project, body.project_id), actions };
    }
    case 'organization_invite': {
      const organization = lookup(subjects.organizations, body.organization_id);
      const inviter = lookup(subjects.usernames, body.invited_by) ?? 'A user';
      const actions: NotificationAction[] = [
        { title: 'Accept', action_route: ['POST', `team/${body.team_id}/join`] },
        { title: 'Deny', action_route: ['DELETE', `team/${body.team_id}/members/${encodeBase62(row.userId)}`] },
      ];
      const name = organization?.name ?? 'an organization';
      return {
        title: `You have been invited to join ${name}`,
        text: `${inviter} invited you to join the organization ${name} as ${body.role}.`,
        link: `/organization/${organization?.slug ?? body.organization_id}`,
        actions,
      };
    }
    case 'server_invite': {
      const inviter = lookup(subjects.usernames, body.invited_by) ?? 'A user';
      const actions: NotificationAction[] = [
        { title: 'Accept', action_route: ['POST', `servers/${body.server_id}/invitation`] },
        { title: 'Deny', action_route: ['DELETE', `servers/${body.server_id}/invitation`] },
      ];
      return {
        title: `You have been invited to ${body.server_name}`,
        text: `${inviter} invited you to the server ${body.server_name} as ${body.role}.`,
        link: '/servers/manage',
        actions,
      };
    }
    case 'status_change': {
      const project = lookup(subjects.projects, body.project_id);
      const name = project?.title ?? 'Your project';
      return {
        title: `${name} is now ${body.new_status}`,
        text: `The status of ${name} changed from ${body.old_status} to ${body.new_status}.`,
        link: projectLink(project, body.project_id),
        actions: [],
      };
    }
    case 'moderator_message': {
      if (body.project_id !== null) {
        const project = lookup(subjects.projects, body.project_id);
        const name = project?.title ?? 'your project';
        return { title: 'New message from the moderators', text: `The moderators wrote about ${name}.`, link: `${projectLink(project, body.project_id)}/moderation`, actions: [] };
      }
      const link = body.report_id !== null ? `/dashboard/report/${body.report_id}` : '/dashboard/reports';
      return { title: 'New message from the moderators', text: 'The moderators replied to your report.', link, actions: [] };
    }
    case 'report_submitted':
      return { title: 'Report submitted', text: 'Your report was received; the moderators will look at it.', link: `/dashboard/report/${body.report_id}`, actions: [] };
    case 'report_status_updated':
      return { title: 'Your report was updated', text: 'The moderators changed the status of your report.', link: `/dashboard/report/${body.report_id}`, actions: [] };
    case 'payout_available':
      return { title: 'Revenue available', text: `${formatMinorUnits(body.amount, 'USD')} of your revenue can now be withdrawn.`, link: '/dashboard/revenue', actions: [] };
    case 'payment_failed':
      return {
        title: 'Your payment failed',
        text: `We could not charge ${body.amount} for ${body.service}. Update your payment method to keep it.`,
        link: '/settings/billing',
        actions: [],
      };
    case 'subscription_credited':
      return {
        title: 'Your subscription was credited',
        text: body.header_message ?? `${body.days} days were added to your subscription: the next charge is due on ${body.next_due.slice(0, 10)}.`,
        link: '/settings/billing',
        actions: [],
      };
    case 'webhook_disabled': {
      const text = `Cairn switched the webhook off after ${body.failures} failed deliveries in a row. Check its delivery log, then switch it on again.`;
      if (body.project_id !== null) {
        const project = lookup(subjects.projects, body.project_id);
        const name = project?.title ?? 'your project';
        return { title: `A webhook of ${name} was switched off`, text, link: `${projectLink(project, body.project_id)}/settings/webhooks`, actions: [] };
      }
      const organization = lookup(subjects.organizations, body.organization_id);
      const name = organization?.name ?? 'your organization';
      return { title: `A webhook of ${name} was switched off`, text, link: `/organization/${organization?.slug ?? body.organization_id}/settings/webhooks`, actions: [] };
    }
    case 'version_quarantined': {
      const project = lookup(subjects.projects, body.project_id);
      const name = project?.title ?? 'your project';
      const where = body.path === '' ? body.file_name : `${body.path} in ${body.file_name}`;
      return {
        title: `A version of ${name} is held for review`,
        text: `The malware scan matched ${body.rule} at ${where}. The version is hidden and its files are not served until the moderators have looked at it.`,
        link: `${projectLink(project, body.project_id)}/version/${body.version_id}`,
        actions: [],
      };
    }
    case 'quarantine_decided': {
      const project = lookup(subjects.projects, body.project_id);
      const name = project?.title ?? 'your project';
      return body.decision === 'released'
        ? {
            title: `Version ${body.version_number} of ${name} was released`,
            text: `The moderators found the malware scan's finding to be a false positive: "${body.reason}". The version is back as it was and its files are served again.`,
            link: `${projectLink(project, body.project_id)}/version/${body.version_id}`,
            actions: [],
          }
        : {
            title: `Version ${body.version_number} of ${name} was removed`,
            text: `The moderators removed the version the malware scan held for review: "${body.reason}".`,
            link: `${projectLink(project, body.project_id)}/versions`,
            actions: [],
          };
    }
    default:
      return { title: 'Notification', text: '', link: '/dashboard/notifications', actions: [] };
  }
}

export function toNotification(row: NotificationRow, subjects: NotificationSubjects): Notification {
  const type = contractTypes.includes(row.body.type) ? (row.body.type as Notification['type']) : null;
  return {
    id: encodeBase62(row.id),
    user_id: encodeBase62(row.userId),
    type,
    ...render(row, subjects),
    read: row.read,
    created: row.created.toISOString(),
    body: row.body,
  };
}
