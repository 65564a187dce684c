import { useId, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { useLocation } from 'react-router';
import { Markdown } from '../../../components/markdown/markdown';
import { AppLink } from '../../../components/ui/app-link';
import { TabStrip } from '../../../components/ui/tab-strip';
import { LongDate } from '../../../components/ui/long-date';
import { LEGAL_PAGES, paths } from '../../../config/paths';
import { useT } from '../../../lib/i18n/i18n-provider';
import type { LegalDocument } from '../api/legal-documents';
import styles from './legal-document.module.css';

/** One legal document: the list of documents, its title, last-updated date, contents and text. */
export function LegalDocumentView({ document, children }: { document: LegalDocument; children?: ReactNode }) {
  const t = useT();
  const { pathname } = useLocation();
  const tocId = useId();
  return (
    <div className={styles.layout}>
      <TabStrip className={styles.pages} aria-label={t('site.legal.navLabel')}>
        <p className={`${styles.navTitle} small-visually-hidden`}>{t('site.legal.navLabel')}</p>
        <ul>
          {LEGAL_PAGES.map((page) => {
            const href = paths.legal.getHref(page);
            return (
              <li key={page}>
                <AppLink to={href} aria-current={pathname === href ? 'page' : undefined}>
                  {t(`site.legal.page.${page}`)}
                </AppLink>
              </li>
            );
          })}
        </ul>
      </TabStrip>
      <article className={styles.article}>
        <h1 className={styles.heading}>{document.meta.title}</h1>
        <p className={styles.updated}>
          <FormattedMessage id="site.legal.updated" values={{ date: <LongDate date={document.meta.updated} /> }} />
        </p>
        {document.headings.length > 0 && (
          <nav className={styles.toc} aria-labelledby={tocId}>
            <h2 id={tocId} className={styles.tocTitle}>
              {t('site.legal.toc')}
            </h2>
            <ol>
              {document.headings.map((heading) => (
                <li key={heading.id} className={heading.level === 3 ? styles.sub : undefined}>
                  <a href={`#${heading.id}`}>{heading.text}</a>
                </li>
              ))}
            </ol>
          </nav>
        )}
        <Markdown source={document.body} />
        {children}
      </article>
    </div>
  );
}
