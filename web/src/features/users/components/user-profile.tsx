import type { ReactNode } from 'react';
import { PROJECT_TYPE_INFO, type ProjectType } from '@cairn/shared/constants/project-types';
import type { Project } from '@cairn/shared/schemas/projects';
import type { User } from '@cairn/shared/schemas/users';
import { FormattedMessage } from 'react-intl';
import { NavLink } from '../../../components/ui/nav-link';
import type { TagIndex } from '../../../components/project-card/card-data';
import { cardFromProject } from '../../../components/project-card/card-from-project';
import { ProjectCardList } from '../../../components/project-card/project-card-list';
import { StatusBadge } from '../../../components/project-card/status-badge';
import { ButtonLink, buttonClassName } from '../../../components/ui/button';
import { RelativeTime } from '../../../components/ui/format';
import { CopyIcon } from '../../../components/ui/page-icons';
import { MenuButton } from '../../../components/ui/menu';
import { paths } from '../../../config/paths';
import { useCurrentUser } from '../../../lib/auth';
import { isStaff } from '../../../lib/staff-guard';
import { useNotifications } from '../../../lib/notifications-provider';
import { useT } from '../../../lib/i18n/i18n-provider';
import { useCosmetics, useDeveloperMode } from '../../../lib/preferences';
import { userBadges } from '../utils/badges';
import { projectsByType } from '../utils/user-projects';
import './user-profile.css';
import { EmptyState } from '../../../components/ui/empty-state';
import detailList from '../../../components/ui/detail-list.module.css';
import pageTabs from '../../../components/ui/page-tabs.module.css';
import { TabStrip } from '../../../components/ui/tab-strip';
import sidebarCard from '../../../components/ui/sidebar-card.module.css';
import { useFormatters } from '../../../lib/use-formatters';

interface UserProfileProps {
  user: User;
  projects: readonly Project[];
  /** The tab: all projects, or one project type. */
  type: ProjectType | undefined;
  tags: TagIndex;
  /** The profile is the signed-in user's own. */
  own: boolean;
  /** Sidebar cards other features add (organizations, collections), after the badges. */
  sidebarExtras?: ReactNode;
}

/** A user's profile (web-screens §2.20): who they are, what they made, their badges. */
export function UserProfile({ user, projects, type, tags, own, sidebarExtras }: UserProfileProps) {
  const t = useT();
  const { formatNumber, formatCompactNumber } = useFormatters();
  const notifications = useNotifications();
  const developer = useDeveloperMode();
  const { user: currentUser } = useCurrentUser();
  const { cosmetics } = useCosmetics();
  const downloads = projects.reduce((sum, project) => sum + project.downloads, 0);
  const followers = projects.reduce((sum, project) => sum + project.followers, 0);
  const groups = projectsByType(projects);
  const shown = (type ? (groups.get(type) ?? []) : [...projects]).sort((a, b) => b.downloads - a.downloads);
  const badges = userBadges(user, downloads);
  const author = { name: user.username, href: paths.user.getHref(user.username) };

  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      notifications.add({ type: 'success', title: t('user.copied'), text });
    } catch (error) {
      notifications.addError(error);
    }
  };

  return (
    <div className="user-page">
      <header className="user-header">
        {user.avatar_url ? (
          <img className="user-header__avatar" src={user.avatar_url} alt="" width={96} height={96} />
        ) : (
          <span className="user-header__avatar user-header__avatar--empty" aria-hidden="true">
            {user.username.charAt(0).toUpperCase()}
          </span>
        )}
        <div className="user-header__text">
          <h1 className="user-header__name">{user.username}</h1>
          <p className="user-header__bio">{user.bio || (projects.length > 0 ? t('user.bioCreator') : t('user.bioUser'))}</p>
          <ul className="user-header__stats">
            <li>
              <strong>{formatNumber(projects.length)}</strong> {t('user.projects', { count: projects.length })}
            </li>
            <li title={t('user.downloadsExact', { count: downloads })}>
              <strong>{formatCompactNumber(downloads)}</strong> {t('user.downloads', { count: downloads })}
            </li>
            <li title={t('user.followersExact', { count: followers })}>
              <strong>{formatCompactNumber(followers)}</strong> {t('user.followers', { count: followers })}
            </li>
            <li>
              <FormattedMessage id="user.joined" values={{ ago: <RelativeTime date={user.created} /> }} />
            </li>
          </ul>
        </div>
        <div className="user-header__actions">
          {own && (
            <ButtonLink to="/settings/profile" variant="outlined">
              {t('user.edit')}
            </ButtonLink>
          )}
          <MenuButton
            label={t('user.moreActions')}
            placement="bottom-end"
            triggerClassName={buttonClassName({ iconOnly: true })}
            items={[
              ...(own ? [] : [{ key: 'report', label: t('user.report'), to: paths.report.getHref({ type: 'user', id: user.id }), tone: 'red' as const }]),
              { key: 'copy-id', label: t('user.copyId'), icon: <CopyIcon />, onSelect: () => void copy(user.id) },
              { key: 'copy-link', label: t('user.copyLink'), onSelect: () => void copy(`${window.location.origin}${paths.user.getHref(user.id)}`) },
              ...(isStaff(currentUser?.role, 'admin') ? [{ key: 'billing', label: t('user.manageBilling'), to: paths.admin.billing.getHref(user.id) }] : []),
            ]}
          >
            <span aria-hidden="true">⋮</span>
          </MenuButton>
        </div>
      </header>

      <div className="user-page__body">
        <div className="user-page__main">
          <TabStrip className={pageTabs.tabs} frameClassName={pageTabs.frame} aria-label={t('user.tabs')}>
            <NavLink end to={paths.user.getHref(user.username)} className={tabClass}>
              {t('user.tabAll', { count: projects.length })}
            </NavLink>
            {[...groups.keys()].map((projectType) => (
              <NavLink key={projectType} to={paths.user.getHref(user.username, projectType)} className={tabClass}>
                {`${PROJECT_TYPE_INFO[projectType].plural} (${groups.get(projectType)?.length ?? 0})`}
              </NavLink>
            ))}
          </TabStrip>
          {shown.length === 0 ? (
            <EmptyState>{own ? t('user.noProjectsOwn') : t('user.noProjects')}</EmptyState>
          ) : (
            <ProjectCardList
              projects={shown.map((project) => cardFromProject(project, { tags }, author))}
              mode={cosmetics.searchDisplayMode.user}
              badgeFor={(card) => (card.status ? <StatusBadge status={card.status} /> : null)}
              label={type ? PROJECT_TYPE_INFO[type].plural : t('user.allProjects')}
            />
          )}
        </div>
        <aside className="user-page__sidebar">
          {badges.length > 0 && (
            <section className={sidebarCard.card}>
              <h2 className={sidebarCard.title}>{t('user.badges')}</h2>
              <ul className="badge-list">
                {badges.map((badge) => (
                  <li key={badge} className={`user-badge user-badge--${badge}`}>
                    {t(`user.badge.${badge}`)}
                  </li>
                ))}
              </ul>
            </section>
          )}
          {sidebarExtras}
          <section className={sidebarCard.card}>
            <h2 className={sidebarCard.title}>{t('user.details')}</h2>
            <dl className={detailList.list}>
              <div>
                <dt>{t('user.id')}</dt>
                <dd>
                  <code>{user.id}</code>
                </dd>
              </div>
              {developer.enabled && (
                <div>
                  <dt>{t('user.role')}</dt>
                  <dd>{user.role}</dd>
                </div>
              )}
            </dl>
          </section>
        </aside>
      </div>
    </div>
  );
}

function tabClass({ isActive }: { isActive: boolean }) {
  return isActive ? `${pageTabs.tab} ${pageTabs.active}` : pageTabs.tab;
}

