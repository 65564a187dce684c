import type { ReactNode } from 'react';
import { SideNavLayout } from '../../../components/layout/side-nav-layout';
import { paths } from '../../../config/paths';
import { useT } from '../../../lib/i18n/i18n-provider';

/** The staff area's navigation beside its page. */
export function ModerationLayout({ children }: { children: ReactNode }) {
  const t = useT();
  const m = paths.moderation;
  return (
    <SideNavLayout
      label={t('moderation.nav')}
      groups={[
        {
          entries: [
            { href: m.getHref(), label: t('moderation.nav.overview') },
            { href: m.review.getHref(), label: t('moderation.nav.review') },
            { href: m.reports.getHref(), label: t('moderation.nav.reports'), matchNested: true },
            { href: m.log.getHref(), label: t('moderation.nav.log') },
          ],
        },
      ]}
    >
      {children}
    </SideNavLayout>
  );
}
