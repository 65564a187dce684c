import { queryOptions } from '@tanstack/react-query';
import { donationPlatformList, getProjectTranslations, licenseList } from './project-settings-api';

/** Tag lists change only when staff edit them. */
const TAG_STALE_TIME = 60 * 60 * 1000;

/**
 * Every project query of the app starts with this key (the projects feature's factory): a save
 * refreshes them all, so the project page shows the change at once.
 */
export const PROJECTS_QUERY_KEY = ['projects'] as const;

export const projectSettingsQueries = {
  all: () => ['project-settings'] as const,
  licenses: () =>
    queryOptions({
      queryKey: [...projectSettingsQueries.all(), 'licenses'] as const,
      queryFn: ({ signal }) => licenseList(signal),
      staleTime: TAG_STALE_TIME,
    }),
  translations: (projectId: string) =>
    queryOptions({
      queryKey: [...projectSettingsQueries.all(), 'translations', projectId] as const,
      queryFn: ({ signal }) => getProjectTranslations(projectId, signal),
    }),
  donationPlatforms: () =>
    queryOptions({
      queryKey: [...projectSettingsQueries.all(), 'donation-platforms'] as const,
      queryFn: ({ signal }) => donationPlatformList(signal),
      staleTime: TAG_STALE_TIME,
    }),
};
