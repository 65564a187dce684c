import { PROJECT_TYPE_INFO, type ProjectType } from '@cairn/shared/constants/project-types';
import type { Project } from '@cairn/shared/schemas/projects';
import type { TeamMember } from '@cairn/shared/schemas/teams';
import type { Version } from '@cairn/shared/schemas/versions';
import { Suspense, useMemo, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { NavLink } from '../../../components/ui/nav-link';
import { buildTagIndex } from '../../../components/project-card/card-data';
import { AppLink } from '../../../components/ui/app-link';
import { feedUrls, projectHasFeed } from '../../../config/feeds';
import { paths } from '../../../config/paths';
import { useCurrentUser } from '../../../lib/auth';
import { useHead } from '../../../lib/head';
import { useT } from '../../../lib/i18n/i18n-provider';
import { lazyComponent } from '../../../lib/lazy-component';
import { useCosmetics } from '../../../lib/preferences';
import type { ProjectTags } from '../utils/tags';
import { ProjectHeader } from './project-header';
import { ProjectSidebar, type OwnerOrganization } from './project-sidebar';
import { cx } from '../../../lib/class-names';
import styles from './project-layout.module.css';
import pageTabs from '../../../components/ui/page-tabs.module.css';
import { TabStrip } from '../../../components/ui/tab-strip';

// The download dialog (with its version lists and the dependency plan) loads when it opens (#download).
const DownloadModal = lazyComponent(() => import('./download-modal').then((module) => module.DownloadModal), () => null);

interface ProjectLayoutProps {
  project: Project;
  type: ProjectType;
  members: readonly TeamMember[];
  versions: readonly Version[];
  tags: ProjectTags;
  /** Above the header: what the page composes for the project's team (invitation, checklist). */
  memberArea?: ReactNode;
  /** Team members and staff see the Versions tab with no versions yet: it holds the upload card. */
  showVersionsTab?: boolean;
  /** Shows the Gallery tab with no images yet (for those who may add them). */
  showEmptyGallery?: boolean;
  /** The organization managing the project, shown as its owner. */
  ownerOrganization?: OwnerOrganization;
  /** Extra header buttons the page composes (the Save popout). */
  headerActions?: ReactNode;
  /** The open tab. */
  children: ReactNode;
}

const DOWNLOAD_HASH = '#download';

/** The project shell: header, tabs, sidebar and the download modal (`#download`). */
export function ProjectLayout({ project, type, members, versions, tags, memberArea, headerActions, showVersionsTab = false, showEmptyGallery = false, ownerOrganization, children }: ProjectLayoutProps) {
  const t = useT();
  const location = useLocation();
  const navigate = useNavigate();
  const { cosmetics } = useCosmetics();
  const tagIndex = useMemo(() => buildTagIndex(tags.categories, tags.loaders), [tags.categories, tags.loaders]);
  const onVersionPage = location.pathname.includes('/version/');
  const owner = members.find((member) => member.role === 'Owner')?.user.username;
  const typeLabel = PROJECT_TYPE_INFO[type].singular;

  useHead({
    title: t('project.head.title', { title: project.title, type: typeLabel }),
    description: owner
      ? t('project.head.description', { summary: project.description, type: typeLabel, title: project.title, owner })
      : project.description,
    // Only public projects are for search engines.
    noindex: project.status !== 'approved' && project.status !== 'archived',
    feeds: projectHasFeed(project.status) ? [{ title: t('feeds.title.project', { title: project.title }), href: feedUrls.project(project.id) }] : [],
  });

  const closeDownload = () => navigate({ pathname: location.pathname, search: location.search }, { replace: true, preventScrollReset: true });
  const tabClass = ({ isActive }: { isActive: boolean }) => (isActive ? `${pageTabs.tab} ${pageTabs.active}` : pageTabs.tab);
  const base = paths.project.getHref(type, project.slug);
  const { user } = useCurrentUser();
  // The team (pending invitees included) and staff talk with moderators there.
  const showModeration = Boolean(user && (user.role === 'moderator' || user.role === 'admin' || members.some((member) => member.user.id === user.id)));

  return (
    <div className={cx(styles.projectPage, cosmetics.leftContentLayout && styles.projectPageSidebarLeft)}>
      {memberArea}
      <ProjectHeader
        project={project}
        type={type}
        tags={tagIndex}
        onVersionPage={onVersionPage}
        downloadHref={`${location.pathname}${location.search}${DOWNLOAD_HASH}`}
        extraActions={headerActions}
      />
      <div className={styles.projectPageBody}>
        <div className={styles.projectPageMain}>
          <TabStrip className={pageTabs.tabs} frameClassName={pageTabs.frame} aria-label={t('project.tabs.label')}>
            <NavLink end to={base} className={tabClass}>
              {t('project.tabs.description')}
            </NavLink>
            {(project.gallery.length > 0 || showEmptyGallery) && (
              <NavLink to={paths.project.getHref(type, project.slug, 'gallery')} className={tabClass}>
                {t('project.tabs.gallery')}
              </NavLink>
            )}
            {versions.length > 0 && (
              <NavLink to={paths.project.getHref(type, project.slug, 'changelog')} className={tabClass}>
                {t('project.tabs.changelog')}
              </NavLink>
            )}
            {(versions.length > 0 || showVersionsTab) &&
              (onVersionPage ? (
                // A version page belongs to the Versions tab.
                <AppLink to={paths.project.getHref(type, project.slug, 'versions')} className={tabClass({ isActive: true })} aria-current="page">
                  {t('project.tabs.versions')}
                </AppLink>
              ) : (
                <NavLink to={paths.project.getHref(type, project.slug, 'versions')} className={tabClass}>
                  {t('project.tabs.versions')}
                </NavLink>
              ))}
            {showModeration && (
              <NavLink to={paths.project.getHref(type, project.slug, 'moderation')} className={tabClass}>
                {t('project.tabs.moderation')}
              </NavLink>
            )}
          </TabStrip>
          <div className={styles.projectPageContent}>{children}</div>
        </div>
        <ProjectSidebar project={project} type={type} members={members} tags={tags} ownerOrganization={ownerOrganization} />
      </div>
      {location.hash === DOWNLOAD_HASH && (
        <Suspense fallback={null}>
          <DownloadModal project={project} type={type} versions={versions} gameVersionTags={tags.gameVersions} onClose={closeDownload} />
        </Suspense>
      )}
    </div>
  );
}
