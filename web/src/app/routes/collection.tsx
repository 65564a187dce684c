import { useSuspenseQuery, type QueryClient } from '@tanstack/react-query';
import { data, useParams, type LoaderFunction, type ShouldRevalidateFunction } from 'react-router';
import { FOLLOWING_ID, collectionQueries, curatorQuery, followFiltersQuery } from '../../features/collections/api/collections-queries';
import { CollectionPage, type CollectionPageData } from '../../features/collections/components/collection-page';
import { currentUserQuery, useCurrentUser } from '../../lib/auth';
import { collectionHasFeed, feedUrls } from '../../config/feeds';
import { useHead } from '../../lib/head';
import { useT } from '../../lib/i18n/i18n-provider';
import { isStaff } from '../../lib/staff-guard';

/**
 * `/collection/{id}` and `/collection/{id}/{projectType}`. `following` is the signed-in user's
 * followed projects shown as a collection; anyone else asking for it gets the 404 page.
 */
export const createLoader =
  (queryClient: QueryClient): LoaderFunction =>
  async ({ params }) => {
    const id = params.id ?? '';
    if (id === FOLLOWING_ID) {
      const me = await queryClient.ensureQueryData(currentUserQuery());
      if (!me) throw data('Not found', { status: 404 });
      await Promise.all([
        queryClient.ensureQueryData(collectionQueries.following(me.id)),
        queryClient.ensureQueryData(curatorQuery(me.id)),
        queryClient.ensureQueryData(followFiltersQuery(me.id)),
      ]);
      return null;
    }
    const collection = await queryClient.ensureQueryData(collectionQueries.detail(id));
    await Promise.all([queryClient.ensureQueryData(collectionQueries.projects(collection.projects)), queryClient.ensureQueryData(curatorQuery(collection.user))]);
    return null;
  };

/** The type tabs and the search only change the view. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentParams, nextParams, defaultShouldRevalidate }) =>
  currentParams.id !== nextParams.id && defaultShouldRevalidate;

export function Component() {
  const params = useParams();
  return params.id === FOLLOWING_ID ? <FollowingPage type={params.projectType} /> : <StoredCollectionPage id={params.id ?? ''} type={params.projectType} />;
}

function StoredCollectionPage({ id, type }: { id: string; type: string | undefined }) {
  const t = useT();
  const { user } = useCurrentUser();
  const { data: collection } = useSuspenseQuery(collectionQueries.detail(id));
  const { data: projects } = useSuspenseQuery(collectionQueries.projects(collection.projects));
  const { data: curator } = useSuspenseQuery(curatorQuery(collection.user));
  useHead({
    title: t('collections.head', { name: collection.name }),
    description: collection.description ?? undefined,
    noindex: collection.status !== 'listed',
    feeds: collectionHasFeed(collection) ? [{ title: t('feeds.title.collection', { name: collection.name }), href: feedUrls.collection(collection.id) }] : [],
  });
  const pageData: CollectionPageData = { kind: 'collection', collection, canManage: Boolean(user && (user.id === collection.user || isStaff(user.role))) };
  return <CollectionPage data={pageData} curator={curator} projects={projects} type={type} />;
}

function FollowingPage({ type }: { type: string | undefined }) {
  const t = useT();
  const { data: me } = useSuspenseQuery(currentUserQuery());
  const userId = me?.id ?? '';
  const { data: projects } = useSuspenseQuery(collectionQueries.following(userId));
  const { data: curator } = useSuspenseQuery(curatorQuery(userId));
  useHead({ title: t('collections.head', { name: t('collections.following.name') }), noindex: true });
  return <CollectionPage data={{ kind: 'following', userId, created: curator.created }} curator={curator} projects={projects} type={type} />;
}
