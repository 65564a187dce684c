import type { QueryClient } from '@tanstack/react-query';
import { useSuspenseQuery } from '@tanstack/react-query';
import type { LoaderFunction } from 'react-router';
import { tagQueries } from '../../features/tags/api/tags-queries';
import { LoaderGroups } from '../../features/tags/components/loader-groups';
import { useHead } from '../../lib/head';

/** Prefetch during navigation; the component reads the same query options from the cache. */
export const createLoader =
  (queryClient: QueryClient): LoaderFunction =>
  async () => {
    await queryClient.ensureQueryData(tagQueries.loaders());
    return null;
  };

export function Component() {
  const { data: loaders } = useSuspenseQuery(tagQueries.loaders());
  useHead({ title: 'Community game add-ons' });
  return (
    <div className="page home">
      <section className="home__intro">
        <h1>Discover, download and publish game add-ons</h1>
        <p className="home__lede">
          Cairn is an open platform where players find community-made mods, modpacks, plugins, resource packs,
          shaders and data packs, and where creators share their own.
        </p>
      </section>
      <section className="home__loaders" aria-labelledby="home-loaders-heading">
        <h2 id="home-loaders-heading">Supported loaders and platforms</h2>
        <LoaderGroups loaders={loaders} headingLevel={3} />
      </section>
    </div>
  );
}
