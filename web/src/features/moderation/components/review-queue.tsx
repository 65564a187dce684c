import { useSuspenseQuery } from '@tanstack/react-query';
import { PROJECT_TYPE_INFO, PROJECT_TYPES, isProjectType, type ProjectType } from '@cairn/shared/constants/project-types';
import type { ModerationQueueProject } from '@cairn/shared/schemas/moderation';
import { useId, useState, type FormEvent } from 'react';
import { Pagination } from '../../../components/pagination/pagination';
import { Avatar } from '../../../components/ui/avatar';
import { Button, ButtonLink } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/form';
import { RelativeTime, useNow } from '../../../components/ui/format';
import { paths } from '../../../config/paths';
import { useLocale, useT } from '../../../lib/i18n/i18n-provider';
import { languageName } from '../../../lib/i18n/language-name';
import { moderationQueries, QUEUE_PAGE_SIZE, type QueueFilters } from '../api/moderation-queries';
import styles from './moderation.module.css';

const HOUR = 3_600_000;

/** Filters of the queue in the URL: `?q=&type=&sort=newest&page=2`. */
export function queueFiltersFrom(search: URLSearchParams): QueueFilters {
  const type = search.get('type');
  const page = Number(search.get('page'));
  return {
    page: Number.isInteger(page) && page > 1 ? page : 1,
    query: search.get('q')?.trim() ?? '',
    type: type && isProjectType(type) ? type : undefined,
    sort: search.get('sort') === 'newest' ? 'newest' : 'oldest',
  };
}

export function queueSearchFrom(filters: QueueFilters): Record<string, string> {
  const search: Record<string, string> = {};
  if (filters.query) search.q = filters.query;
  if (filters.type) search.type = filters.type;
  if (filters.sort === 'newest') search.sort = 'newest';
  if (filters.page > 1) search.page = String(filters.page);
  return search;
}

/** Where reviewing a queued project starts: its page with the checklist open. */
export function reviewHref(project: ModerationQueueProject): string {
  const type: ProjectType = project.project_types.find(isProjectType) ?? 'mod';
  return paths.project.getHref(type, project.slug, undefined, { review: '1' });
}

function QueueRow({ project }: { project: ModerationQueueProject }) {
  const t = useT();
  const locale = useLocale();
  const now = useNow();
  const waited = project.queued ? now - new Date(project.queued).getTime() : 0;
  const types = project.project_types.filter(isProjectType).map((type) => PROJECT_TYPE_INFO[type].singular).join(', ');
  return (
    <li className={styles.item}>
      <Avatar src={project.icon_url} name={project.name} size="small" />
      <div className={styles.itemMain}>
        <h2 className={styles.itemName}>{project.name}</h2>
        <p className={styles.meta}>
          {types}
          {project.ownership && <> · {t('moderation.queue.by', { owner: project.ownership.name })}</>}
          {project.requested_status && <> · {t('moderation.queue.requesting', { status: t(`moderation.status.${project.requested_status}`) })}</>}
        </p>
        <p className={styles.meta}>
          {project.queued ? (
            <>
              {t('moderation.queue.submitted')} <RelativeTime date={project.queued} />
              {waited > 48 * HOUR ? (
                <span className={styles.alert}> · {t('moderation.queue.waitAlert')}</span>
              ) : waited > 24 * HOUR ? (
                <span className={styles.warning}> · {t('moderation.queue.waitWarning')}</span>
              ) : null}
            </>
          ) : (
            t('moderation.queue.unknownDate')
          )}
        </p>
        {project.summary_translations && project.summary_translations.length > 0 && (
          <p className={styles.meta}>
            {t('moderation.queue.translations', {
              languages: new Intl.ListFormat(locale, { type: 'conjunction' }).format(project.summary_translations.map(({ language }) => languageName(language, locale))),
            })}
          </p>
        )}
      </div>
      <ButtonLink to={reviewHref(project)} color="brand" aria-label={`${t('moderation.queue.open')}: ${project.name}`}>
        {t('moderation.queue.open')}
      </ButtonLink>
    </li>
  );
}

/** `/moderation/review`: the projects waiting for review, filtered, ordered and paginated. */
export function ReviewQueue({ filters, onChange }: { filters: QueueFilters; onChange: (change: Partial<QueueFilters>) => void }) {
  const t = useT();
  const typeId = useId();
  const sortId = useId();
  const { data } = useSuspenseQuery(moderationQueries.queue(filters));
  const [query, setQuery] = useState(filters.query);
  const search = (event: FormEvent) => {
    event.preventDefault();
    onChange({ query: query.trim(), page: 1 });
  };
  return (
    <section className={styles.section}>
      <h1>{t('moderation.queue.title')}</h1>
      <form className={styles.row} onSubmit={search} role="search">
        <TextField label={t('moderation.queue.search')} type="search" value={query} onChange={(e) => setQuery(e.target.value)} maxLength={256} />
        <Button type="submit">{t('moderation.queue.search')}</Button>
        <label className={styles.selectLabel} htmlFor={typeId}>
          {t('moderation.queue.type')}
          <select
            id={typeId}
            className={styles.select}
            value={filters.type ?? ''}
            onChange={(e) => onChange({ type: isProjectType(e.target.value) ? e.target.value : undefined, page: 1 })}
          >
            <option value="">{t('moderation.queue.allTypes')}</option>
            {PROJECT_TYPES.map((type) => (
              <option key={type} value={type}>
                {PROJECT_TYPE_INFO[type].plural}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.selectLabel} htmlFor={sortId}>
          {t('moderation.queue.sort')}
          <select
            id={sortId}
            className={styles.select}
            value={filters.sort}
            onChange={(e) => onChange({ sort: e.target.value === 'newest' ? 'newest' : 'oldest', page: 1 })}
          >
            <option value="oldest">{t('moderation.queue.oldest')}</option>
            <option value="newest">{t('moderation.queue.newest')}</option>
          </select>
        </label>
      </form>
      <p role="status">{t('moderation.queue.count', { count: data.total })}</p>
      {data.projects.length > 0 && (
        <ul className={styles.list}>
          {data.projects.map((project) => (
            <QueueRow key={project.id} project={project} />
          ))}
        </ul>
      )}
      <Pagination
        page={filters.page}
        pageCount={Math.ceil(data.total / QUEUE_PAGE_SIZE)}
        onChange={(page) => onChange({ page })}
        label={t('moderation.queue.pages')}
      />
    </section>
  );
}
