import type { QueryClient } from '@tanstack/react-query';
import { ensureProjectPage, ensureProjectTags, loadProject } from '../routes/project/shared';

/** A project page's data (the layout's loader asks for the same queries and finds them under way). */
export async function prefetchProjectPage(queryClient: QueryClient, idOrSlug: string): Promise<void> {
  const tags = ensureProjectTags(queryClient);
  await Promise.all([loadProject(queryClient, idOrSlug).then((project) => ensureProjectPage(queryClient, project)), tags]);
}
