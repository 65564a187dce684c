import { useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { paths } from '../../config/paths';
import { useT } from '../../lib/i18n/i18n-provider';
import { useCosmetics } from '../../lib/preferences';
import { AppLink } from '../ui/app-link';
import { CloseIcon, DownloadIcon, HomeIcon, MenuIcon } from '../ui/icons';
import { DiscoverMenu } from './discover-menu';
import type { ShellSlots } from './shell-slots';
import { ThemeToggle } from './theme-toggle';
import styles from './mobile-nav.module.css';

/**
 * Small screens: a bottom bar (Home, Discover, the MobileBar slot's entries — Notifications and
 * Dashboard when signed in — and Menu) and the menu it opens. The menu closes on Escape (focus
 * back on its toggle) and on navigation.
 */
export function MobileNav({ UserMenu, MobileBar }: Pick<ShellSlots, 'UserMenu' | 'MobileBar'>) {
  const t = useT();
  const { cosmetics } = useCosmetics();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLElement>(null);
  const { pathname, search } = useLocation();

  // Any navigation closes the menu.
  const [lastLocation, setLastLocation] = useState(pathname + search);
  if (lastLocation !== pathname + search) {
    setLastLocation(pathname + search);
    setOpen(false);
  }

  useEffect(() => {
    if (!open) return;
    panelRef.current?.querySelector<HTMLElement>('a, button')?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      // Escape in a dialog opened from the menu (project creation) closes only that dialog.
      if (event.key !== 'Escape' || (event.target instanceof Element && event.target.closest('dialog'))) return;
      setOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);

  return (
    <>
      <nav
        ref={panelRef}
        id={menuId}
        className={styles.menu}
        aria-label={t('shell.mobile.menu')}
        hidden={!open}
      >
        <UserMenu variant="mobile" />
        <ul className={styles.list}>
          {!cosmetics.hideAppPromos && (
            <li>
              <AppLink to={paths.app.getHref()} className={styles.link}>
                <DownloadIcon />
                <span>{t('shell.nav.getApp')}</span>
              </AppLink>
            </li>
          )}
          <li>
            <ThemeToggle withLabel />
          </li>
        </ul>
      </nav>
      <nav className={styles.bar} aria-label={t('shell.mobile.bar')}>
        <AppLink to={paths.home.getHref()} className={styles.item} aria-current={pathname === '/' ? 'page' : undefined}>
          <HomeIcon />
          <span>{t('shell.mobile.home')}</span>
        </AppLink>
        <DiscoverMenu variant="compact" placement="top-start" />
        {MobileBar && <MobileBar itemClassName={styles.item} />}
        <button
          ref={toggleRef}
          type="button"
          className={styles.item}
          aria-expanded={open}
          aria-controls={menuId}
          onClick={() => setOpen((value) => !value)}
        >
          {open ? <CloseIcon /> : <MenuIcon />}
          <span>{t('shell.mobile.menu')}</span>
        </button>
      </nav>
    </>
  );
}
