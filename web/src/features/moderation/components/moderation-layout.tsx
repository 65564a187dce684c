import type { ReactNode } from 'react';
import { SideNavLayout, type SideNavGroup } from '../../../components/layout/side-nav-layout';
import { paths } from '../../../config/paths';
import { staffServerPaths } from '../../../config/staff-paths';
import { useCurrentUser } from '../../../lib/auth';
import { useT } from '../../../lib/i18n/i18n-provider';
import { isStaff } from '../../../lib/staff-guard';

/** The staff area's navigation beside its page; admins also get the administration pages. */
export function ModerationLayout({ children }: { children: ReactNode }) {
  const t = useT();
  const { user } = useCurrentUser();
  const m = paths.moderation;
  const groups: SideNavGroup[] = [
    {
      entries: [
        { href: m.getHref(), label: t('moderation.nav.overview') },
        { href: m.review.getHref(), label: t('moderation.nav.review') },
        { href: m.reports.getHref(), label: t('moderation.nav.reports'), matchNested: true },
        { href: m.malware.getHref(), label: t('moderation.nav.malware') },
        { href: paths.serverListingQueue.getHref(), label: t('moderation.nav.serverListings') },
        { href: m.log.getHref(), label: t('moderation.nav.log') },
      ],
    },
  ];
  if (isStaff(user?.role, 'admin'))
    groups.push({
      title: t('moderation.nav.admin'),
      entries: [
        { href: paths.admin.userEmail.getHref(), label: t('moderation.nav.userEmail') },
        { href: staffServerPaths.notices(), label: t('moderation.nav.serverNotices') },
        { href: staffServerPaths.admin(), label: t('moderation.nav.servers') },
      ],
    });
  return (
    <SideNavLayout label={t('moderation.nav')} groups={groups}>
      {children}
    </SideNavLayout>
  );
}
