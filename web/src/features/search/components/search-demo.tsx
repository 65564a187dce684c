import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { TagIndex } from '../../../components/project-card/card-data';
import { cardFromSearchHit } from '../../../components/project-card/card-data';
import { ProjectCardList } from '../../../components/project-card/project-card-list';
import { useT } from '../../../lib/i18n/i18n-provider';
import { searchQueries, type SearchRequest } from '../api/search-queries';
import { SearchInput } from './search-input';
import { Select } from '../../../components/ui/input';
import { EmptyState } from '../../../components/ui/empty-state';
import { LazySectionError } from '../../../components/errors/lazy-section-error';
import selectField from './select-field.module.css';

const DEMO_SORTS = ['relevance', 'downloads', 'follows', 'updated', 'newest'] as const;
export const DEMO_QUERY = 'light';

/** The first three results of a search over everything (the home page's live demo). */
export function demoRequest(query: string, sort: string): SearchRequest {
  return { query: query.trim() || undefined, index: sort, offset: 0, limit: 3 };
}

/** A small live search on the home page: type, pick a sort, see the top three. */
export function SearchDemo({ tags }: { tags: TagIndex }) {
  const t = useT();
  const sortId = useId();
  const [query, setQuery] = useState(DEMO_QUERY);
  const [sort, setSort] = useState<(typeof DEMO_SORTS)[number]>('relevance');
  const { data, error, refetch } = useQuery(searchQueries.results(demoRequest(query, sort)));
  return (
    <div className="search-demo">
      <div className="search-demo__controls">
        <SearchInput value={query} label={t('home.demo.label')} placeholder={t('home.demo.placeholder')} onCommit={setQuery} />
        <label className={selectField.selectField} htmlFor={sortId}>
          <span>{t('search.sortBy')}</span>
          <Select id={sortId} value={sort} onChange={(event) => setSort(event.target.value as typeof sort)}>
            {DEMO_SORTS.map((value) => (
              <option key={value} value={value}>
                {t(`search.sort.${value}`)}
              </option>
            ))}
          </Select>
        </label>
      </div>
      <div aria-live="polite">
        {!data && error ? (
          <LazySectionError error={error} title={t('home.demo.error')} onRetry={() => void refetch()} />
        ) : data && data.hits.length === 0 ? (
          <EmptyState>{t('search.empty')}</EmptyState>
        ) : (
          <ProjectCardList
            projects={(data?.hits ?? []).map((hit) => cardFromSearchHit(hit, { tags, dateKind: sort === 'newest' ? 'published' : 'updated' }))}
            mode="list"
            headingLevel={3}
            eagerCount={0}
            label={t('home.demo.results')}
          />
        )}
      </div>
    </div>
  );
}
