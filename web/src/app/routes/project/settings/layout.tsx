import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunction } from 'react-router';
import { ProjectSettingsLayout } from '../../../../features/project-settings/components/project-settings-layout';
import { useProject } from '../../../../features/projects/hooks/use-project-page';
import { useHead } from '../../../../lib/head';
import { useT } from '../../../../lib/i18n/i18n-provider';
import { loadSettings } from './shared';

export const createLoader =
  (queryClient: QueryClient): LoaderFunction =>
  async ({ params }) => {
    await loadSettings(queryClient, params.id ?? '');
    return null;
  };

export function Component() {
  const t = useT();
  const { project, type } = useProject();
  useHead({ title: t('projectSettings.headTitle', { title: project.title }), noindex: true });
  return <ProjectSettingsLayout project={project} type={type} />;
}
