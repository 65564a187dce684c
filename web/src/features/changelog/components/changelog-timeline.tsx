import { CHANGELOG_PRODUCTS, type ChangelogProduct } from '@cairn/shared/schemas/changelog';
import { Pagination } from '../../../components/pagination/pagination';
import { AppLink } from '../../../components/ui/app-link';
import { EmptyState } from '../../../components/ui/empty-state';
import { TabStrip } from '../../../components/ui/tab-strip';
import { paths } from '../../../config/paths';
import { changelogPaths } from '../utils/changelog-paths';
import { useT } from '../../../lib/i18n/i18n-provider';
import { CHANGELOG_ENTRIES } from '../api/changelog-entries';
import { changelogPage } from '../utils/changelog-pages';
import { ChangelogEntryCard } from './changelog-entry-card';
import styles from './changelog.module.css';
import { PRODUCT_LABELS } from './product-label';

interface ChangelogTimelineProps {
  product: ChangelogProduct | undefined;
  page: number;
  onPageChange: (page: number) => void;
}

/** `/news/changelog`: product filter (`?filter=`), entries newest first, pages, feed links. */
export function ChangelogTimeline({ product, page, onPageChange }: ChangelogTimelineProps) {
  const t = useT();
  const current = changelogPage(CHANGELOG_ENTRIES, product, page);
  const filters: Array<{ value: ChangelogProduct | undefined; label: string }> = [
    { value: undefined, label: t('site.changelog.filter.all') },
    ...CHANGELOG_PRODUCTS.map((value) => ({ value, label: t(PRODUCT_LABELS[value]) })),
  ];
  return (
    <>
      <header className={styles.header}>
        <h1 className={styles.title}>{t('site.changelog.title')}</h1>
        <p className={styles.lead}>{t('site.changelog.description')}</p>
      </header>
      <TabStrip frameClassName={styles.filters} aria-label={t('site.changelog.filterLabel')}>
        <ul>
          {filters.map(({ value, label }) => (
            <li key={value ?? 'all'}>
              <AppLink to={value ? changelogPaths.product(value) : paths.changelog.getHref()} aria-current={value === product ? 'page' : undefined}>
                {label}
              </AppLink>
            </li>
          ))}
        </ul>
      </TabStrip>
      {current.entries.length === 0 ? (
        <EmptyState framed>{t('site.changelog.empty')}</EmptyState>
      ) : (
        <ol className={styles.timeline}>
          {current.entries.map((entry) => (
            <li key={`${entry.product}-${entry.date}`}>
              <ChangelogEntryCard entry={entry} />
            </li>
          ))}
        </ol>
      )}
      <Pagination page={current.page} pageCount={current.pageCount} onChange={onPageChange} label={t('site.changelog.pages')} />
      <p className={styles.feeds}>
        <span>{t('site.changelog.feeds')}</span>
        {CHANGELOG_PRODUCTS.map((value) => (
          <a key={value} href={changelogPaths.feed(value)} type="application/atom+xml">
            {t('site.changelog.feed', { product: t(PRODUCT_LABELS[value]) })}
          </a>
        ))}
      </p>
    </>
  );
}
