import { data, useLoaderData, type LoaderFunction } from 'react-router';
import { loadMarkdownRenderer } from '../../../components/markdown/markdown';
import { AppLink } from '../../../components/ui/app-link';
import { changelogPaths } from '../../../features/changelog/utils/changelog-paths';
import { CHANGELOG_ENTRIES, type ChangelogEntry } from '../../../features/changelog/api/changelog-entries';
import { ChangelogEntryCard } from '../../../features/changelog/components/changelog-entry-card';
import styles from '../../../features/changelog/components/changelog.module.css';
import { FeedLinks } from '../../../features/changelog/components/feed-links';
import { PRODUCT_LABELS } from '../../../features/changelog/components/product-label';
import { findChangelogEntry } from '../../../features/changelog/utils/changelog-pages';
import { useHead } from '../../../lib/head';
import { useT } from '../../../lib/i18n/i18n-provider';

export const createLoader = (): LoaderFunction => async ({ params }) => {
  const entry = findChangelogEntry(CHANGELOG_ENTRIES, params.product ?? '', params.date ?? '');
  if (!entry) throw data('Version not found', { status: 404 });
  await loadMarkdownRenderer();
  return entry;
};

/** `/news/changelog/{product}/{date or version}`: one entry, with its own address for sharing. */
export function Component() {
  const t = useT();
  const entry = useLoaderData<ChangelogEntry>();
  const product = t(PRODUCT_LABELS[entry.product]);
  useHead({
    title: t('site.changelog.entryTitle', { product, date: entry.date }),
    description: t('site.changelog.entryDescription', { product, date: entry.date }),
    canonicalPath: changelogPaths.entry(entry.product, entry.date),
  });
  return (
    <div className={styles.single}>
      <FeedLinks feeds={[{ title: t('site.changelog.feedTitle', { product }), href: changelogPaths.feed(entry.product) }]} />
      <AppLink className={styles.back} to={changelogPaths.product(entry.product)}>
        {t('site.changelog.viewAll')}
      </AppLink>
      <ChangelogEntryCard entry={entry} headingLevel={1} linked={false} />
    </div>
  );
}
