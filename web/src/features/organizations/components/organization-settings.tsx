import type { Organization } from '@cairn/shared/schemas/organizations';
import type { Project } from '@cairn/shared/schemas/projects';
import type { ReactNode } from 'react';
import { AppLink } from '../../../components/ui/app-link';
import { paths } from '../../../config/paths';
import { useCurrentUser } from '../../../lib/auth';
import { useT } from '../../../lib/i18n/i18n-provider';
import { EmptyState } from '../../../components/ui/empty-state';
import { TabStrip } from '../../../components/ui/tab-strip';
import { canManageOrganization } from '../utils/permissions';
import { OrganizationDetailsSettings } from './organization-details-settings';
import { OrganizationMembersSettings } from './organization-members-settings';
import { OrganizationProjectsSettings } from './organization-projects-settings';
import styles from './organization-settings.module.css';

export type OrganizationSettingsPage = 'overview' | 'members' | 'projects' | 'analytics' | 'webhooks';

interface OrganizationSettingsProps {
  organization: Organization;
  projects: readonly Project[];
  /** Projects the signed-in user owns (candidates to move in). */
  ownProjects: readonly Project[];
  page: OrganizationSettingsPage;
  /** The Analytics page's content (the page composes the analytics feature). */
  analytics?: ReactNode;
  /** The Webhooks page's content, for those who may manage them (the page composes the webhooks feature). */
  webhooks?: ReactNode;
}

/** `/organization/{id}/settings[/members|/projects|/analytics|/webhooks]`: the pages beside their navigation. */
export function OrganizationSettings({ organization, projects, ownProjects, page, analytics, webhooks }: OrganizationSettingsProps) {
  const t = useT();
  const { user } = useCurrentUser();
  if (!canManageOrganization(organization, user)) return <EmptyState framed>{t('organizations.settings.noAccess')}</EmptyState>;
  const link = (target: OrganizationSettingsPage, label: string): ReactNode => (
    <li>
      <AppLink
        to={paths.organization.settings.getHref(organization.slug, target === 'overview' ? undefined : target)}
        className={styles.navLink}
        aria-current={page === target ? 'page' : undefined}
      >
        {label}
      </AppLink>
    </li>
  );
  return (
    <div className={styles.layout}>
      <TabStrip className={styles.nav} aria-label={t('organizations.settings.nav')}>
        <ul>
          {link('overview', t('organizations.settings.overview'))}
          {link('members', t('organizations.settings.members'))}
          {link('projects', t('organizations.settings.projects'))}
          {analytics !== undefined && link('analytics', t('organizations.settings.analytics'))}
          {webhooks !== undefined && link('webhooks', t('organizations.settings.webhooks'))}
          <li>
            <AppLink to={paths.organization.getHref(organization.slug)}>{t('organizations.settings.back')}</AppLink>
          </li>
        </ul>
      </TabStrip>
      <div className={styles.content}>
        {page === 'overview' && <OrganizationDetailsSettings organization={organization} />}
        {page === 'members' && <OrganizationMembersSettings organization={organization} />}
        {page === 'projects' && <OrganizationProjectsSettings organization={organization} projects={projects} ownProjects={ownProjects} />}
        {page === 'analytics' && analytics}
        {page === 'webhooks' && (webhooks ?? <EmptyState framed>{t('organizations.settings.noAccess')}</EmptyState>)}
      </div>
    </div>
  );
}
