import { createContext, forwardRef, useContext, type FocusEvent, type MouseEvent } from 'react';
import { Link, type LinkProps } from 'react-router';
import type { RoutePrefetcher } from '../../lib/route-prefetch';

/** Provided by the root layout with the app's route tree; a no-op elsewhere (tests of bare components). */
export const RoutePrefetchContext = createContext<RoutePrefetcher>(() => {});

export type AppLinkProps = Omit<LinkProps, 'to'> & { to: string };

/**
 * The in-app link: a router Link that preloads the target route's code when the pointer rests on
 * it or it gets keyboard focus. Use it for every internal link; ExternalLink for other sites.
 */
export const AppLink = forwardRef<HTMLAnchorElement, AppLinkProps>(function AppLink({ to, onMouseEnter, onFocus, ...rest }, ref) {
  const prefetch = useContext(RoutePrefetchContext);
  return (
    <Link
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
