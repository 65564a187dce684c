import { useSuspenseQuery, type QueryClient } from '@tanstack/react-query';
import type { LoaderFunction } from 'react-router';
import { TagsSettings } from '../../../../features/project-settings/components/tags-settings';
import { tagQueries } from '../../../../features/tags/api/tags-queries';
import { useProjectSettings } from './shared';

export const createLoader =
  (queryClient: QueryClient): LoaderFunction =>
  async () => {
    await queryClient.ensureQueryData(tagQueries.categories());
    return null;
  };

export function Component() {
  const { project, type, access } = useProjectSettings();
  const { data: categories } = useSuspenseQuery(tagQueries.categories());
  let tags = categories.filter((tag) => tag.project_type === type);
  // Plugins and data packs without tags of their own use the mod tags.
  if (tags.length === 0) tags = categories.filter((tag) => tag.project_type === 'mod');
  return <TagsSettings key={project.id} project={project} access={access} tags={tags} />;
}
