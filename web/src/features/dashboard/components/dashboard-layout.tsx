import type { ReactNode } from 'react';
import { SideNavLayout } from '../../../components/layout/side-nav-layout';
import { paths } from '../../../config/paths';
import { revenuePaths } from '../../../config/revenue-paths';
import { useT } from '../../../lib/i18n/i18n-provider';

/** The dashboard frame: its navigation beside the page. */
export function DashboardLayout({ children }: { children: ReactNode }) {
  const t = useT();
  const d = paths.dashboard;
  return (
    <SideNavLayout
      label={t('creator.dashboard.nav')}
      groups={[
        {
          entries: [
            { href: d.getHref(), label: t('creator.dashboard.overview') },
            { href: d.notifications.getHref(), label: t('creator.notifications.nav'), matchNested: true },
            { href: d.reports.getHref(), label: t('creator.dashboard.reports') },
            { href: d.analytics.getHref(), label: t('creator.dashboard.analytics') },
          ],
        },
        {
          title: t('creator.dashboard.manage'),
          entries: [
            { href: d.projects.getHref(), label: t('creator.dashboard.projects') },
            { href: d.collections.getHref(), label: t('creator.dashboard.collections') },
            { href: d.organizations.getHref(), label: t('creator.dashboard.organizations') },
            { href: revenuePaths.getHref(), label: t('creator.dashboard.revenue'), matchNested: true },
          ],
        },
      ]}
    >
      {children}
    </SideNavLayout>
  );
}
