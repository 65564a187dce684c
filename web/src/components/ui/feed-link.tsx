import { FEED_TYPE } from '../../lib/head';
import { useT } from '../../lib/i18n/i18n-provider';
import { cx } from '../../lib/class-names';
import { FeedIcon } from './page-icons';
import styles from './feed-link.module.css';

/** The visible link to a page's Atom feed (the same URL is in the page head for readers that look there). */
export function FeedLink({ href, className }: { href: string; className?: string }) {
  const t = useT();
  return (
    <a href={href} type={FEED_TYPE} title={t('feeds.linkTitle')} className={cx(styles.feedLink, className)}>
      <FeedIcon className={styles.icon} />
      {t('feeds.link')}
    </a>
  );
}
