import { createContext, forwardRef, useContext, type AnchorHTMLAttributes, type FocusEvent, type MouseEvent } from 'react';
import { useHref, useLinkClickHandler } from 'react-router';
import type { RoutePrefetcher } from '../../lib/route-prefetch';

/** Provided by the root layout with the app's route tree; a no-op elsewhere (tests of bare components). */
export const RoutePrefetchContext = createContext<RoutePrefetcher>(() => {});

export type RouterLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  to: string;
  replace?: boolean;
  state?: unknown;
  preventScrollReset?: boolean;
};

/**
 * What React Router's Link renders for an in-app path (the same `href`, click handling and
 * `data-discover` attribute), without its framework-mode prefetching: that code (about 2 KB gzip)
 * would otherwise be in every page's first download, and this app never asks for it.
 */
export const RouterLink = forwardRef<HTMLAnchorElement, RouterLinkProps>(function RouterLink({ to, replace, state, preventScrollReset, target, onClick, ...rest }, ref) {
  const href = useHref(to);
  const navigate = useLinkClickHandler(to, { replace, state, target, preventScrollReset });
  return (
    // The content (children) comes in with the other props.
    // eslint-disable-next-line jsx-a11y/anchor-has-content
    <a
      {...rest}
      ref={ref}
      href={href}
      target={target}
      data-discover="true"
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) navigate(event);
      }}
    />
  );
});

export type AppLinkProps = RouterLinkProps;

/**
 * The in-app link: a router link that preloads the target route's code when the pointer rests on
 * it or it gets keyboard focus. Use it for every internal link; ExternalLink for other sites.
 */
export const AppLink = forwardRef<HTMLAnchorElement, AppLinkProps>(function AppLink({ to, onMouseEnter, onFocus, ...rest }, ref) {
  const prefetch = useContext(RoutePrefetchContext);
  return (
    <RouterLink
      ref={ref}
      to={to}
      onMouseEnter={(event: MouseEvent<HTMLAnchorElement>) => {
        prefetch(to);
        onMouseEnter?.(event);
      }}
      onFocus={(event: FocusEvent<HTMLAnchorElement>) => {
        prefetch(to);
        onFocus?.(event);
      }}
      {...rest}
    />
  );
});
