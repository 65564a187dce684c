import { forwardRef } from 'react';
import { useLocation, useResolvedPath } from 'react-router';
import { RouterLink, type RouterLinkProps } from './app-link';

type NavLinkProps = Omit<RouterLinkProps, 'className'> & {
  /** Active only on exactly this path, not on the paths below it. */
  end?: boolean;
  className: (state: { isActive: boolean }) => string | undefined;
};

/**
 * A link that knows whether it points at the current page (`aria-current="page"` and the
 * `isActive` given to `className`), matched like React Router's NavLink: case-insensitively, and
 * also on the paths below it unless `end` is set.
 */
export const NavLink = forwardRef<HTMLAnchorElement, NavLinkProps>(function NavLink({ end = false, className, to, ...rest }, ref) {
  const current = useLocation().pathname.toLowerCase();
  // Percent-encoded as the browser's location is (what React Router's navigator.encodeLocation does).
  const target = new URL(useResolvedPath(to).pathname, window.location.origin).pathname.toLowerCase();
  const endSlash = target !== '/' && target.endsWith('/') ? target.length - 1 : target.length;
  const isActive = current === target || (!end && current.startsWith(target) && current.charAt(endSlash) === '/');
  return <RouterLink {...rest} ref={ref} to={to} className={className({ isActive })} aria-current={isActive ? 'page' : undefined} />;
});
