import type { ProjectType } from '@cairn/shared/constants/project-types';
import type { Project } from '@cairn/shared/schemas/projects';
import type { TeamMember } from '@cairn/shared/schemas/teams';
import type { ComponentProps } from 'react';
import { ButtonLink } from '../../../components/ui/button';
import { SettingsIcon } from '../../../components/ui/page-icons';
import { paths } from '../../../config/paths';
import { useCurrentUser } from '../../../lib/auth';
import { useT } from '../../../lib/i18n/i18n-provider';
import { CHECKLIST_STATUSES } from '../utils/checklist';
import { InviteCard } from './invite-card';
import styles from './member-header.module.css';
import { PublishingChecklist } from './publishing-checklist';

interface MemberHeaderProps {
  project: Project;
  type: ProjectType;
  members: readonly TeamMember[];
  /** Every version the viewer sees (drafts included for the team). */
  versionCount: number;
  /** The review pre-checks for the checklist's submit step (see PublishingChecklist). */
  preChecks?: ComponentProps<typeof PublishingChecklist>['preChecks'];
}

/**
 * The top of a project page for its team: an invitation to answer, or the team's tools (settings)
 * and, until the project is reviewed, the publishing checklist. Nothing for anyone else.
 */
export function MemberHeader({ project, type, members, versionCount, preChecks }: MemberHeaderProps) {
  const t = useT();
  const { user } = useCurrentUser();
  const member = user ? members.find((candidate) => candidate.user.id === user.id) : undefined;
  if (!member) return null;
  if (!member.accepted) return <InviteCard project={project} member={member} />;

  const showChecklist = CHECKLIST_STATUSES.includes(project.status) || project.status === 'processing';
  return (
    <div className={styles.memberHeader}>
      <nav className={styles.toolbar} aria-label={t('creator.member.tools')}>
        <ButtonLink to={paths.projectSettings.getHref(type, project.slug)} variant="outlined" size="small">
          <SettingsIcon />
          <span>{t('creator.member.settings')}</span>
        </ButtonLink>
        <ButtonLink to={paths.dashboard.projects.getHref()} variant="transparent" size="small">
          {t('creator.member.allProjects')}
        </ButtonLink>
      </nav>
      {showChecklist && <PublishingChecklist project={project} type={type} versionCount={versionCount} preChecks={preChecks} />}
    </div>
  );
}
