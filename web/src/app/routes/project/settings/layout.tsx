import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { useParams, type LoaderFunction } from 'react-router';
import { ProjectSettingsLayout } from '../../../../features/project-settings/components/project-settings-layout';
import { useProject } from '../../../../features/projects/hooks/use-project-page';
import { useHead } from '../../../../lib/head';
import { useT } from '../../../../lib/i18n/i18n-provider';
import { PROJECT_PERMISSIONS } from '@cairn/shared/constants/permissions';
import { loadSettings, useProjectSettings } from './shared';

export const createLoader =
  (queryClient: QueryClient): LoaderFunction =>
  async ({ params }) => {
    await loadSettings(queryClient, params.id ?? '');
    return null;
  };

/** The settings frame around the page the URL's section names (see pages.tsx). */
export function Component({ pages }: { pages: Record<string, { Component: ComponentType }> }) {
  const t = useT();
  const { project, type } = useProject();
  const { access } = useProjectSettings();
  const { section = 'general' } = useParams();
  useHead({ title: t('projectSettings.headTitle', { title: project.title }), noindex: true });
  const Page = pages[section]?.Component;
  return <ProjectSettingsLayout project={project} type={type} canViewAnalytics={(access.permissions & PROJECT_PERMISSIONS.VIEW_ANALYTICS) !== 0}>{Page && <Page key={section} />}</ProjectSettingsLayout>;
}
