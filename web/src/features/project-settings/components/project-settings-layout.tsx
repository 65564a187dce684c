import type { Project } from '@cairn/shared/schemas/projects';
import type { ProjectType } from '@cairn/shared/constants/project-types';
import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { SideNavLayout } from '../../../components/layout/side-nav-layout';
import { ProjectIcon } from '../../../components/project-card/project-icon';
import { AppLink } from '../../../components/ui/app-link';
import { PROJECT_SETTINGS_SECTIONS, PROJECT_VIEW_SECTIONS, paths, type ProjectSettingsSection } from '../../../config/paths';
import { useT } from '../../../lib/i18n/i18n-provider';
import type { MessageId } from '../../../lib/i18n/catalogs';
import styles from './project-settings-layout.module.css';

const SECTION_LABELS: Record<ProjectSettingsSection, MessageId> = {
  general: 'projectSettings.nav.general',
  tags: 'projectSettings.nav.tags',
  description: 'projectSettings.nav.description',
  license: 'projectSettings.nav.license',
  links: 'projectSettings.nav.links',
  members: 'projectSettings.nav.members',
  webhooks: 'projectSettings.nav.webhooks',
  analytics: 'projectSettings.nav.analytics',
};

interface ProjectSettingsLayoutProps {
  project: Project;
  /** The URL type the project lives under. */
  type: ProjectType | 'project';
  children?: ReactNode;
  /** Whether the viewer may see the project's analytics (VIEW_ANALYTICS): lists the "View" pages. */
  canViewAnalytics?: boolean;
}

/** `/{type}/{id}/settings/*`: the project's name and a link back, the section list, the page. */
export function ProjectSettingsLayout({ project, type, children, canViewAnalytics = false }: ProjectSettingsLayoutProps) {
  const t = useT();
  const projectType = type === 'project' ? project.project_type : type;
  const entries = (sections: readonly ProjectSettingsSection[]) =>
    sections.map((section) => ({ href: paths.projectSettings.getHref(type, project.slug, section), label: t(SECTION_LABELS[section]) }));
  return (
    <SideNavLayout
      className="page"
      label={t('projectSettings.nav.label')}
      header={
        <div className={styles.project}>
          <ProjectIcon url={project.icon_url} size={48} className={styles.icon} />
          <div className={styles.projectText}>
            <p className={styles.projectTitle}>{project.title}</p>
            <AppLink to={paths.project.getHref(projectType, project.slug)} className={styles.back}>
              {t('projectSettings.nav.viewProject')}
            </AppLink>
          </div>
        </div>
      }
      groups={[
        { title: t('projectSettings.nav.heading'), entries: entries(PROJECT_SETTINGS_SECTIONS) },
        canViewAnalytics && { title: t('projectSettings.nav.view'), entries: entries(PROJECT_VIEW_SECTIONS) },
      ]}
    >
      {children ?? <Outlet />}
    </SideNavLayout>
  );
}
