import type { ProjectPermission } from '@cairn/shared/constants/permissions';
import type { ProjectSettingsSection } from '../../../config/paths';
import { useT } from '../../../lib/i18n/i18n-provider';
import type { SettingsAccess } from '../utils/permissions';
import styles from './settings-controls.module.css';

const SECTION_MESSAGES = {
  general: 'projectSettings.noAccess.general',
  tags: 'projectSettings.noAccess.tags',
  description: 'projectSettings.noAccess.description',
  license: 'projectSettings.noAccess.license',
  links: 'projectSettings.noAccess.links',
  members: 'projectSettings.noAccess.members',
  webhooks: 'projectSettings.noAccess.webhooks',
  analytics: 'projectSettings.noAccess.analytics',
} as const satisfies Record<ProjectSettingsSection, string>;

interface NoAccessNoticeProps {
  section: ProjectSettingsSection;
  /** The permission the page needs. */
  permission: ProjectPermission;
  access: Pick<SettingsAccess, 'source' | 'organization'>;
}

/**
 * Says that the viewer may not change (or see) this page, which permission it takes, and where
 * his permissions come from — the organization's defaults for its members, or his role on the
 * project's team — so that nobody is left guessing why a page is read-only.
 */
export function NoAccessNotice({ section, permission, access }: NoAccessNoticeProps) {
  const t = useT();
  const needs = t('projectSettings.noAccess.needs', { permission: t(`projectSettings.permission.${permission}`) });
  return (
    <div className={styles.notice} role="note">
      <p className={styles.noticeTitle}>{t(SECTION_MESSAGES[section])}</p>
      <p className={styles.noticeText}>
        {needs}{' '}
        {access.source === 'organization'
          ? access.organization
            ? t('projectSettings.noAccess.fromOrganization', { organization: access.organization.name })
            : t('projectSettings.noAccess.fromUnknownOrganization')
          : access.source === 'team'
            ? t('projectSettings.noAccess.fromTeam')
            : t('projectSettings.noAccess.fromStaff')}
      </p>
    </div>
  );
}
