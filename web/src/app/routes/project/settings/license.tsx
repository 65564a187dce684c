import { useSuspenseQuery, type QueryClient } from '@tanstack/react-query';
import type { LoaderFunction } from 'react-router';
import { projectSettingsQueries } from '../../../../features/project-settings/api/project-settings-queries';
import { LicenseSettings } from '../../../../features/project-settings/components/license-settings';
import { useProjectSettings } from './shared';

export const createLoader =
  (queryClient: QueryClient): LoaderFunction =>
  async () => {
    await queryClient.ensureQueryData(projectSettingsQueries.licenses());
    return null;
  };

export function Component() {
  const { project, access } = useProjectSettings();
  const { data: licenses } = useSuspenseQuery(projectSettingsQueries.licenses());
  return <LicenseSettings key={project.id} project={project} access={access} licenses={licenses} />;
}
