import type { ReactNode } from 'react';
import { useT } from '../../lib/i18n/i18n-provider';
import { MobileNav } from './mobile-nav';
import { NotificationArea } from './notification-area';
import type { ShellSlots } from './shell-slots';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { cx } from '../../lib/class-names';
import styles from './default-layout.module.css';

export const MAIN_CONTENT_ID = 'main-content';

/** The full frame: header, banners, toasts, page, footer, and the mobile bar on small screens. */
export function DefaultLayout({ slots, children }: { slots: ShellSlots; children: ReactNode }) {
  const t = useT();
  const { UserMenu, MobileBar, Banners } = slots;
  return (
    <div className={cx(styles.layout, styles.withBar)}>
      <a className="skip-link" href={`#${MAIN_CONTENT_ID}`}>
        {t('shell.skipToContent')}
      </a>
      <SiteHeader UserMenu={UserMenu} />
      <div className={styles.bannerArea}>
        <Banners />
      </div>
      <NotificationArea />
      <main id={MAIN_CONTENT_ID} className={styles.main} tabIndex={-1}>
        {children}
      </main>
      <SiteFooter />
      <MobileNav UserMenu={UserMenu} MobileBar={MobileBar} />
    </div>
  );
}

/** Just the page (and toasts): for flows shown inside another app, such as launcher sign-in. */
export function EmptyLayout({ children }: { slots?: ShellSlots; children: ReactNode }) {
  return (
    <div className={styles.layout}>
      <NotificationArea />
      <main id={MAIN_CONTENT_ID} className={cx(styles.main, styles.narrowMain)} tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}
