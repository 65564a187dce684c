import { useSuspenseQuery, type QueryClient } from '@tanstack/react-query';
import type { LoaderFunction } from 'react-router';
import { projectSettingsQueries } from '../../../../features/project-settings/api/project-settings-queries';
import { LinksSettings } from '../../../../features/project-settings/components/links-settings';
import { useProjectSettings } from './shared';

export const createLoader =
  (queryClient: QueryClient): LoaderFunction =>
  async () => {
    await queryClient.ensureQueryData(projectSettingsQueries.donationPlatforms());
    return null;
  };

export function Component() {
  const { project, access } = useProjectSettings();
  const { data: platforms } = useSuspenseQuery(projectSettingsQueries.donationPlatforms());
  return <LinksSettings key={project.id} project={project} access={access} platforms={platforms} />;
}
