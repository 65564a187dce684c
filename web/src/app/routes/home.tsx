import { PROJECT_TYPES } from '@cairn/shared/constants/project-types';
import { useQuery, useSuspenseQueries, type QueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import type { LoaderFunction } from 'react-router';
import { buildTagIndex, cardFromSearchHit } from '../../components/project-card/card-data';
import { ProjectCardList } from '../../components/project-card/project-card-list';
import { ButtonLink } from '../../components/ui/button';
import { paths } from '../../config/paths';
import { projectQueries } from '../../features/projects/api/projects-queries';
import { ProjectRows } from '../../features/projects/components/project-rows';
import { searchQueries, type SearchRequest } from '../../features/search/api/search-queries';
import { demoRequest, DEMO_QUERY, SearchDemo } from '../../features/search/components/search-demo';
import { tagQueries } from '../../features/tags/api/tags-queries';
import { useCurrentUser } from '../../lib/auth';
import { useHead } from '../../lib/head';
import { useT } from '../../lib/i18n/i18n-provider';
import './home.css';
import { EmptyState } from '../../components/ui/empty-state';
import { LazySectionError } from '../../components/errors/lazy-section-error';
import { ProjectCardListSkeleton } from '../../components/project-card/project-card-list-skeleton';
import { useFormatters } from '../../lib/use-formatters';

const RANDOM_COUNT = 60;
const LATEST: SearchRequest = { index: 'updated', offset: 0, limit: 6 };
/** The whole catalogue, for its size. */
const EVERYTHING: SearchRequest = { index: 'relevance', offset: 0, limit: 1 };

export const createLoader =
  (queryClient: QueryClient): LoaderFunction =>
  async () => {
    // Below the fold: started now, not waited for.
    void queryClient.prefetchQuery(searchQueries.results(demoRequest(DEMO_QUERY, 'relevance')));
    void queryClient.prefetchQuery(searchQueries.results(EVERYTHING));
    await Promise.all([
      queryClient.ensureQueryData(projectQueries.random(RANDOM_COUNT)),
      // A failing search leaves its sections saying so in place (prefetchQuery never throws).
      queryClient.prefetchQuery(searchQueries.results(LATEST)),
      queryClient.ensureQueryData(tagQueries.categories()),
      queryClient.ensureQueryData(tagQueries.loaders()),
    ]);
    return null;
  };

/** The word after "The place for": it cycles through the kinds of project, unless motion is reduced. */
function useCyclingType(): number {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    if (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % PROJECT_TYPES.length), 2500);
    return () => clearInterval(timer);
  }, []);
  return index;
}

export function Component() {
  const t = useT();
  const { formatNumber } = useFormatters();
  const { user } = useCurrentUser();
  const [{ data: random }, { data: categories }, { data: loaders }] = useSuspenseQueries({
    queries: [projectQueries.random(RANDOM_COUNT), tagQueries.categories(), tagQueries.loaders()],
  });
  const latestQuery = useQuery(searchQueries.results(LATEST));
  const latest = latestQuery.data;
  const { data: everything } = useQuery(searchQueries.results(EVERYTHING));
  const tags = useMemo(() => buildTagIndex(categories, loaders), [categories, loaders]);
  const typeIndex = useCyclingType();
  const cycling = t(`home.hero.word.${PROJECT_TYPES[typeIndex] ?? 'mod'}`);
  useHead({ title: t('home.head.title') });

  return (
    <div className="home">
      <section className="home-hero" aria-labelledby="home-title">
        <h1 id="home-title" className="home-hero__title">
          <span className="visually-hidden">{t('home.hero.titleStatic')}</span>
          <span aria-hidden="true">
            {t('home.hero.title')} <span className="home-hero__word">{cycling}</span>
          </span>
        </h1>
        <p className="home-hero__lede">{t('home.hero.lede')}</p>
        <div className="home-hero__actions">
          <ButtonLink to={paths.search.getHref('mod')} color="brand" size="large">
            {t('home.hero.discover')}
          </ButtonLink>
          {user ? (
            <ButtonLink to="/dashboard/projects" size="large" variant="outlined">
              {t('home.hero.dashboard')}
            </ButtonLink>
          ) : (
            <ButtonLink to={paths.auth.signUp.getHref()} size="large" variant="outlined">
              {t('home.hero.signUp')}
            </ButtonLink>
          )}
        </div>
      </section>

      {random.length > 0 && <ProjectRows projects={random} label={t('home.random')} />}

      <section className="home-section" aria-labelledby="home-search">
        <h2 id="home-search">
          {everything ? t('home.demo.title', { count: formatNumber(everything.total_hits) }) : t('home.demo.titleUnknown')}
        </h2>
        <p className="home-section__lede">{t('home.demo.lede')}</p>
        <SearchDemo tags={tags} />
      </section>

      <section className="home-section" aria-labelledby="home-latest">
        <h2 id="home-latest">{t('home.latest')}</h2>
        {!latest ? (
          latestQuery.isError ? (
            <LazySectionError error={latestQuery.error} title={t('home.latestError')} onRetry={() => void latestQuery.refetch()} />
          ) : (
            <ProjectCardListSkeleton count={LATEST.limit} />
          )
        ) : latest.hits.length === 0 ? (
          <EmptyState>{t('home.latestEmpty')}</EmptyState>
        ) : (
          <ProjectCardList projects={latest.hits.map((hit) => cardFromSearchHit(hit, { tags }))} mode="grid" headingLevel={3} eagerCount={0} label={t('home.latest')} />
        )}
      </section>

      <section className="home-section" aria-labelledby="home-creators">
        <h2 id="home-creators">{t('home.creators.title')}</h2>
        <ul className="home-benefits">
          {(['discovery', 'versions', 'team', 'analytics', 'revenue', 'api'] as const).map((benefit) => (
            <li key={benefit} className="home-benefit">
              <h3>{t(`home.creators.${benefit}.title`)}</h3>
              <p>{t(`home.creators.${benefit}.text`)}</p>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
