import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { MAIN_CONTENT_ID } from './default-layout';

/**
 * After each client-side navigation (not the first load), focus moves to the new page's main
 * heading, or the main region, so keyboard and screen-reader users start at the new content
 * instead of on the link they used. Scrolling is left to ScrollRestoration.
 */
export function NavigationFocus() {
  const { pathname } = useLocation();
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    const main = document.getElementById(MAIN_CONTENT_ID);
    if (!main) return;
    // An error page focuses its own heading.
    if (main.contains(document.activeElement) && document.activeElement !== main) return;
    const heading = main.querySelector<HTMLElement>('h1');
    const target = heading ?? main;
    if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
    target.focus({ preventScroll: true });
  }, [pathname]);
  return null;
}
