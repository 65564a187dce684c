import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { AppLink } from '../ui/app-link';
import { TabStrip } from '../ui/tab-strip';
import styles from './side-nav-layout.module.css';

export interface SideNavEntry {
  href: string;
  label: string;
  icon?: ReactNode;
  /** Also current on the pages below it (`/dashboard/notifications/history` for Notifications). */
  matchNested?: boolean;
}

export interface SideNavGroup {
  /** Shown above the group; on narrow screens read by screen readers only. */
  title?: string;
  entries: SideNavEntry[];
}

function isCurrent(pathname: string, { href, matchNested }: SideNavEntry): boolean {
  return pathname === href || (matchNested === true && pathname.startsWith(`${href}/`));
}

/**
 * An area's section list beside its page (settings, dashboard, moderation): a sticky column on
 * wide screens, one row of links scrolling sideways on narrow ones (a TabStrip: edge cues, the
 * current section scrolled into view, arrow keys at every width).
 */
export function SideNavLayout({ label, groups, extra, children }: { label: string; groups: SideNavGroup[]; extra?: ReactNode; children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <div className={styles.layout}>
      <TabStrip as="nav" className={styles.nav} frameClassName={styles.navFrame} aria-label={label}>
        {groups.map((group, index) => (
          <div className={styles.group} key={group.title ?? index}>
            {group.title && <h2 className={styles.heading}>{group.title}</h2>}
            <ul className={styles.list}>
              {group.entries.map((entry) => {
                const current = isCurrent(pathname, entry);
                return (
                  <li key={entry.href}>
                    <AppLink to={entry.href} className={current ? `${styles.link} ${styles.current}` : styles.link} aria-current={current ? 'page' : undefined}>
                      {entry.icon}
                      <span>{entry.label}</span>
                    </AppLink>
                  </li>
                );
              })}
            </ul>
          </div>
        ))}
        {extra}
      </TabStrip>
      <div className={styles.content}>{children}</div>
    </div>
  );
}
