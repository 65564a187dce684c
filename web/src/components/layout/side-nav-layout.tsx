import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { cx } from '../../lib/class-names';
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
  // Slugs may hold characters the location encodes and the link does not (or the reverse).
  const [path, target] = [decodeURIComponent(pathname), decodeURIComponent(href)];
  return path === target || (matchNested === true && path.startsWith(`${target}/`));
}

interface SideNavLayoutProps {
  label: string;
  groups: readonly (SideNavGroup | false)[];
  /** Under the list (e.g. a link out of the area). */
  extra?: ReactNode;
  /** Above the list, in an aside with it (e.g. the project whose settings these are). */
  header?: ReactNode;
  className?: string;
  children: ReactNode;
}

/**
 * An area's section list beside its page (settings, dashboard, moderation): a sticky column on
 * wide screens, one row of links scrolling sideways on narrow ones (a TabStrip: edge cues, the
 * current section scrolled into view, arrow keys at every width).
 */
export function SideNavLayout({ label, groups, extra, header, className, children }: SideNavLayoutProps) {
  const { pathname } = useLocation();
  const nav = (
    <TabStrip as="nav" className={styles.nav} frameClassName={styles.navFrame} aria-label={label}>
      {groups
        .filter((group): group is SideNavGroup => group !== false)
        .map((group, index) => (
          <div className={styles.group} key={group.title ?? index}>
            {group.title && <h2 className={`${styles.heading} narrow-visually-hidden`}>{group.title}</h2>}
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
  );
  return (
    <div className={cx(className, styles.layout)}>
      {header ? (
        <aside className={styles.aside}>
          {header}
          {nav}
        </aside>
      ) : (
        nav
      )}
      <div className={styles.content}>{children}</div>
    </div>
  );
}
