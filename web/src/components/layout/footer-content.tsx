import type { ReactNode } from 'react';
import { env } from '../../config/env';
import { paths } from '../../config/paths';
import { useT } from '../../lib/i18n/i18n-provider';
import type { MessageId } from '../../lib/i18n/catalogs';
import { useDeveloperMode } from '../../lib/preferences';
import { AppLink } from '../ui/app-link';
import { ExternalLink } from '../ui/external-link';
import { CairnMark } from './cairn-mark';
import styles from './footer-content.module.css';

interface FooterLink {
  label: MessageId;
  /** In-app path, or an absolute URL for another site. */
  href: string;
}

interface FooterColumn {
  title: MessageId;
  links: FooterLink[];
}

function footerColumns(developerMode: boolean): FooterColumn[] {
  const optional = (href: string | undefined, label: MessageId): FooterLink[] => (href ? [{ label, href }] : []);
  return [
    {
      title: 'shell.footer.about',
      links: [
        { label: 'shell.footer.changelog', href: paths.changelog.getHref() },
        ...optional(env.statusPageUrl, 'shell.footer.status'),
        ...optional(env.communityChatUrl, 'shell.footer.community'),
      ],
    },
    {
      title: 'shell.footer.products',
      links: [
        { label: 'shell.footer.app', href: paths.app.getHref() },
        { label: 'shell.footer.servers', href: paths.servers.getHref() },
        { label: 'shell.footer.serverListings', href: paths.serverListings.getHref() },
      ],
    },
    {
      title: 'shell.footer.resources',
      links: [
        { label: 'shell.footer.report', href: paths.report.getHref() },
        { label: 'shell.footer.moderationLog', href: paths.moderation.log.getHref() },
        { label: 'shell.footer.apiDocs', href: `${env.apiUrl || window.location.origin}/v2/docs` },
        ...(developerMode ? [{ label: 'shell.footer.flags' as const, href: paths.flags.getHref() }] : []),
      ],
    },
    {
      title: 'shell.footer.legal',
      links: [
        { label: 'shell.footer.rules', href: paths.legal.getHref('rules') },
        { label: 'shell.footer.terms', href: paths.legal.getHref('terms') },
        { label: 'shell.footer.privacy', href: paths.legal.getHref('privacy') },
        { label: 'shell.footer.security', href: paths.legal.getHref('security') },
        { label: 'shell.footer.copyright', href: paths.legal.getHref('copyright') },
        { label: 'shell.footer.ccpa', href: paths.legal.getHref('ccpa') },
        { label: 'shell.footer.cookies', href: paths.legal.getHref('cmp') },
      ],
    },
  ];
}

function FooterAnchor({ href, children }: { href: string; children: ReactNode }) {
  return /^https?:/.test(href) ? <ExternalLink href={href}>{children}</ExternalLink> : <AppLink to={href}>{children}</AppLink>;
}

/** The footer's text and links (site-footer.tsx loads them). */
export function FooterContent() {
  const t = useT();
  const { enabled: developerMode } = useDeveloperMode();
  return (
    <div className={styles.inner}>
        <div className={styles.brand}>
          <CairnMark className={styles.mark} />
          <p className={styles.tagline}>{t('shell.footer.tagline')}</p>
          <p className={styles.legal}>{t('shell.footer.copyrightLine', { year: new Date().getFullYear() })}</p>
        </div>
        {footerColumns(developerMode).map((column) => (
          <nav key={column.title} className={styles.column} aria-label={t(column.title)}>
            <h2 className={styles.heading}>{t(column.title)}</h2>
            <ul>
              {column.links.map((link) => (
                <li key={link.label}>
                  <FooterAnchor href={link.href}>{t(link.label)}</FooterAnchor>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      <p className={styles.disclaimer}>{t('shell.footer.disclaimer')}</p>
    </div>
  );
}
