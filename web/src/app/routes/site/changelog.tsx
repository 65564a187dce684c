import { CHANGELOG_PRODUCTS } from '@cairn/shared/schemas/changelog';
import { useSearchParams, type LoaderFunction } from 'react-router';
import { loadMarkdownRenderer } from '../../../components/markdown/markdown';
import { changelogPaths } from '../../../features/changelog/utils/changelog-paths';
import { ChangelogTimeline } from '../../../features/changelog/components/changelog-timeline';
import { parsePage, parseProductFilter } from '../../../features/changelog/utils/changelog-pages';
import { useHead } from '../../../lib/head';
import { useT } from '../../../lib/i18n/i18n-provider';
import { FeedLinks } from '../../../features/changelog/components/feed-links';
import { PRODUCT_LABELS } from '../../../features/changelog/components/product-label';

export const createLoader = (): LoaderFunction => async () => {
  await loadMarkdownRenderer();
  return null;
};

/** `/news/changelog[?filter=product][&page=n]`. */
export function Component() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const product = parseProductFilter(params.get('filter'));
  useHead({
    title: t('site.changelog.title'),
    description: t('site.changelog.description'),
  });
  const feeds = CHANGELOG_PRODUCTS.map((value) => ({
    title: t('site.changelog.feedTitle', { product: t(PRODUCT_LABELS[value]) }),
    href: changelogPaths.feed(value),
  }));
  const onPageChange = (page: number) => {
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (page > 1) next.set('page', String(page));
      else next.delete('page');
      return next;
    });
    window.scrollTo({ top: 0 });
  };
  return (
    <>
      <FeedLinks feeds={feeds} />
      <ChangelogTimeline product={product} page={parsePage(params.get('page'), Number.MAX_SAFE_INTEGER)} onPageChange={onPageChange} />
    </>
  );
}
