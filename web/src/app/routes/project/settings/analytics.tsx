import { useMemo } from 'react';
import { AnalyticsSection } from '../../../../features/analytics/components/analytics-section';
import { NoAccessNotice } from '../../../../features/project-settings/components/no-access-notice';
import { holds } from '../../../../features/project-settings/utils/permissions';
import { SettingsPageHeader } from '../../../../components/layout/settings-page';
import { useT } from '../../../../lib/i18n/i18n-provider';
import { useProjectSettings } from './shared';

/**
 * `/{type}/{id}/settings/analytics`: the chart for this project. A member without VIEW_ANALYTICS
 * gets a page that says so (and why), not the "Project not found" of a project he cannot see.
 */
export function Component() {
  const t = useT();
  const { project, access } = useProjectSettings();
  const projects = useMemo(() => [project], [project]);
  if (!holds(access.permissions, 'VIEW_ANALYTICS')) {
    return (
      <>
        <SettingsPageHeader title={t('analytics.heading')} />
        <NoAccessNotice section="analytics" permission="VIEW_ANALYTICS" access={access} />
      </>
    );
  }
  return <AnalyticsSection projects={projects} intro={t('analytics.project.intro')} />;
}
