import { Markdown } from '../../../components/markdown/markdown';
import { AppLink } from '../../../components/ui/app-link';
import { LongDate } from '../../../components/ui/long-date';
import { changelogPaths } from '../utils/changelog-paths';
import { useT } from '../../../lib/i18n/i18n-provider';
import type { ChangelogEntry } from '../api/changelog-entries';
import styles from './changelog.module.css';
import { PRODUCT_LABELS } from './product-label';

/** One entry: date (linking to its own page unless it is that page), product, version, text. */
export function ChangelogEntryCard({ entry, headingLevel = 2, linked = true }: { entry: ChangelogEntry; headingLevel?: 1 | 2; linked?: boolean }) {
  const t = useT();
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const date = <LongDate date={entry.date} />;
  return (
    <article className={styles.entry} aria-label={`${t(PRODUCT_LABELS[entry.product])}, ${entry.date}`}>
      <header className={styles.entryHeader}>
        <Heading className={styles.entryDate}>{linked ? <AppLink to={changelogPaths.entry(entry.product, entry.date)}>{date}</AppLink> : date}</Heading>
        <span className={styles.tag}>{t(PRODUCT_LABELS[entry.product])}</span>
        {entry.version && <span className={styles.version}>{t('site.changelog.version', { version: entry.version })}</span>}
      </header>
      <Markdown source={entry.body} />
    </article>
  );
}
