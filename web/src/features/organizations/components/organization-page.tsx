import { PROJECT_TYPES, type ProjectType } from '@cairn/shared/constants/project-types';
import type { Organization } from '@cairn/shared/schemas/organizations';
import type { Project } from '@cairn/shared/schemas/projects';
import { useNavigate } from 'react-router';
import { AppIcon } from '../../../components/ui/app-icon';
import { AppLink } from '../../../components/ui/app-link';
import { Avatar } from '../../../components/ui/avatar';
import { Banner } from '../../../components/ui/banner';
import { Button, ButtonLink } from '../../../components/ui/button';
import { CardList, CardListItem, CardMeta, CardTitle } from '../../../components/ui/card-list';
import { EmptyState } from '../../../components/ui/empty-state';
import { TabStrip } from '../../../components/ui/tab-strip';
import { paths } from '../../../config/paths';
import { useCurrentUser } from '../../../lib/auth';
import { useT } from '../../../lib/i18n/i18n-provider';
import { useNotifications } from '../../../lib/notifications-provider';
import { useJoinOrganization, useRemoveMember } from '../api/use-organization-changes';
import { canManageOrganization, membershipOf } from '../utils/permissions';
import styles from './organization-page.module.css';

interface OrganizationPageProps {
  organization: Organization;
  projects: readonly Project[];
  /** The project type tab, or all of them. */
  projectType: ProjectType | undefined;
}

/** `/organization/{id}`: header with totals, the invitation banner, projects by type and members. */
export function OrganizationPage({ organization, projects, projectType }: OrganizationPageProps) {
  const t = useT();
  const { user } = useCurrentUser();
  const types = PROJECT_TYPES.filter((type) => projects.some((p) => p.project_type === type));
  const shown = projectType ? projects.filter((p) => p.project_type === projectType) : projects;
  const downloads = projects.reduce((sum, p) => sum + p.downloads, 0);
  const followers = projects.reduce((sum, p) => sum + p.followers, 0);
  const accepted = organization.members.filter((m) => m.accepted);
  const own = membershipOf(organization, user?.id);
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <AppIcon name={organization.name} iconUrl={organization.icon_url} size="large" />
        <div className={styles.headerText}>
          <h1 className={styles.name}>{organization.name}</h1>
          <p className={styles.description}>{organization.description}</p>
          <ul className={styles.stats}>
            <li>{t('organizations.page.memberCount', { count: accepted.length })}</li>
            <li>{t('organizations.page.downloads', { count: downloads })}</li>
            <li>{t('organizations.page.followers', { count: followers })}</li>
          </ul>
        </div>
        {canManageOrganization(organization, user) && (
          <ButtonLink to={paths.organization.settings.getHref(organization.slug)} variant="outlined">
            {t('organizations.page.manage')}
          </ButtonLink>
        )}
      </header>
      {own && !own.accepted && <InvitationBanner organization={organization} userId={own.user.id} />}
      <section aria-labelledby="organization-projects">
        <h2 id="organization-projects" className={styles.sectionTitle}>
          {t('organizations.page.projects')}
        </h2>
        {types.length > 1 && (
          <TabStrip frameClassName={styles.typeNav} aria-label={t('organizations.page.typesNav')}>
            <ul>
              <li>
                <AppLink to={paths.organization.getHref(organization.slug)} className={styles.typeLink} aria-current={projectType ? undefined : 'page'}>
                  {t('organizations.page.allTypes')}
                </AppLink>
              </li>
              {types.map((type) => (
                <li key={type}>
                  <AppLink to={paths.organization.getHref(organization.slug, type)} className={styles.typeLink} aria-current={projectType === type ? 'page' : undefined}>
                    {type}
                  </AppLink>
                </li>
              ))}
            </ul>
          </TabStrip>
        )}
        {shown.length === 0 ? (
          <EmptyState framed>{t('organizations.page.noProjects')}</EmptyState>
        ) : (
          <CardList>
            {shown.map((project) => (
              <CardListItem key={project.id} media={<AppIcon name={project.title} iconUrl={project.icon_url} />}>
                <CardTitle>
                  <AppLink to={paths.project.getHref(project.project_type, project.slug)}>{project.title}</AppLink>
                </CardTitle>
                <CardMeta>{project.description}</CardMeta>
              </CardListItem>
            ))}
          </CardList>
        )}
      </section>
      <section aria-labelledby="organization-members">
        <h2 id="organization-members" className={styles.sectionTitle}>
          {t('organizations.page.members')}
        </h2>
        <ul className={styles.members}>
          {accepted.map((member) => (
            <li key={member.user.id} className={styles.member}>
              <Avatar src={member.user.avatar_url} name={member.user.username} size="small" />
              <span>
                <AppLink to={paths.user.getHref(member.user.username)}>{member.user.username}</AppLink>
                <span className={styles.memberRole}>{member.role === 'Owner' ? t('organizations.page.owner') : member.role}</span>
              </span>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

function InvitationBanner({ organization, userId }: { organization: Organization; userId: string }) {
  const t = useT();
  const notifications = useNotifications();
  const navigate = useNavigate();
  const join = useJoinOrganization(organization.team_id, { onSuccess: () => notifications.add({ type: 'success', title: t('organizations.page.joined'), text: organization.name }) });
  const decline = useRemoveMember(organization.team_id, {
    onSuccess: () => {
      notifications.add({ type: 'success', title: t('organizations.page.declined'), text: organization.name });
      void navigate(paths.dashboard.getHref());
    },
  });
  return (
    <div className={styles.invite}>
      <Banner
        tone="info"
        title={t('organizations.page.invited')}
        actions={
          <>
            <Button color="brand" disabled={join.isPending} onClick={() => join.mutate()}>
              {t('organizations.page.accept')}
            </Button>
            <Button variant="outlined" disabled={decline.isPending} onClick={() => decline.mutate(userId)}>
              {t('organizations.page.decline')}
            </Button>
          </>
        }
      />
    </div>
  );
}
