import { PROJECT_PERMISSIONS } from '@cairn/shared/constants/permissions';
import type { QueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { data, type LoaderFunction } from 'react-router';
import { AnalyticsSection } from '../../../../features/analytics/components/analytics-section';
import { useT } from '../../../../lib/i18n/i18n-provider';
import { loadSettings, useProjectSettings } from './shared';

/** Members without VIEW_ANALYTICS get the same 404 as for a page that does not exist. */
export const createLoader =
  (queryClient: QueryClient): LoaderFunction =>
  async ({ params }) => {
    const { access } = await loadSettings(queryClient, params.id ?? '');
    if ((access.permissions & PROJECT_PERMISSIONS.VIEW_ANALYTICS) === 0) throw data('Not found', { status: 404 });
    return null;
  };

/** `/{type}/{id}/settings/analytics`: the chart for this project. */
export function Component() {
  const t = useT();
  const { project } = useProjectSettings();
  const projects = useMemo(() => [project], [project]);
  return <AnalyticsSection projects={projects} intro={t('analytics.project.intro')} />;
}
