import { isProjectType, projectTypeFromSearchSegment } from '@cairn/shared/constants/project-types';
import { useSuspenseQueries, useSuspenseQuery, type QueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { data, replace, useParams, type LoaderFunction, type ShouldRevalidateFunction } from 'react-router';
import { buildTagIndex } from '../../components/project-card/card-data';
import { tagQueries } from '../../features/tags/api/tags-queries';
import { userQueries } from '../../features/users/api/users-queries';
import { organizationQueries } from '../../features/organizations/api/organizations-queries';
import { UserOrganizations } from '../../features/organizations/components/user-organizations';
import { UserProfile } from '../../features/users/components/user-profile';
import { ProfileCollections } from '../../features/collections/components/profile-collections';
import { FeedLink } from '../../components/ui/feed-link';
import sidebarCard from '../../components/ui/sidebar-card.module.css';
import { feedUrls } from '../../config/feeds';
import { useCurrentUser } from '../../lib/auth';
import { useHead } from '../../lib/head';
import { useT } from '../../lib/i18n/i18n-provider';

/** `/user/{id or username}` and `/user/{…}/{project type}`; a non-canonical name is replaced by the username. */
export const createLoader =
  (queryClient: QueryClient): LoaderFunction =>
  async ({ params, request }) => {
    // `/user/{name}/mods` (the plural, as search paths and old bookmarks have it) means `/mod`.
    const type = params.projectType === undefined ? undefined : isProjectType(params.projectType) ? params.projectType : projectTypeFromSearchSegment(params.projectType);
    if (params.projectType !== undefined && type === undefined) throw data('Not found', { status: 404 });
    const user = await queryClient.ensureQueryData(userQueries.detail(params.id ?? ''));
    queryClient.setQueryData(userQueries.detail(user.username).queryKey, user);
    if (params.id !== user.username || params.projectType !== type) {
      const url = new URL(request.url);
      const rest = type ? `/${type}` : '';
      throw replace(`/user/${encodeURIComponent(user.username)}${rest}${url.search}`);
    }
    await Promise.all([
      queryClient.ensureQueryData(userQueries.projects(user.id)),
      queryClient.ensureQueryData(organizationQueries.ofUser(user.id)),
      queryClient.ensureQueryData(tagQueries.categories()),
      queryClient.ensureQueryData(tagQueries.loaders()),
    ]);
    return null;
  };

/** Tabs only change the project type in the path: the data stays. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentParams, nextParams, defaultShouldRevalidate }) =>
  currentParams.id !== nextParams.id && defaultShouldRevalidate;

export function Component() {
  const t = useT();
  const params = useParams();
  const { data: user } = useSuspenseQuery(userQueries.detail(params.id ?? ''));
  const { data: projects } = useSuspenseQuery(userQueries.projects(user.id));
  const { data: organizations } = useSuspenseQuery(organizationQueries.ofUser(user.id));
  const [{ data: categories }, { data: loaders }] = useSuspenseQueries({ queries: [tagQueries.categories(), tagQueries.loaders()] });
  const tags = useMemo(() => buildTagIndex(categories, loaders), [categories, loaders]);
  const { user: currentUser } = useCurrentUser();
  const type = params.projectType !== undefined && isProjectType(params.projectType) ? params.projectType : undefined;
  const feed = feedUrls.user(user.id);
  useHead({
    title: t('user.head.title', { username: user.username }),
    description: user.bio || undefined,
    feeds: [{ title: t('feeds.title.user', { username: user.username }), href: feed }],
  });
  const own = currentUser?.id === user.id;
  return (
    <UserProfile
      user={user}
      projects={projects}
      type={type}
      tags={tags}
      own={own}
      sidebarExtras={
        <>
          <UserOrganizations organizations={organizations} />
          <ProfileCollections userId={user.id} own={own} />
          <section className={sidebarCard.card}>
            <FeedLink href={feed} />
          </section>
        </>
      }
    />
  );
}
