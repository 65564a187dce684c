import { useLocation, useRouteError } from 'react-router';
import { ErrorPage } from './error-page';

/** The route `errorElement`: renders inside the layout, so navigation stays available. */
export function RouteError() {
  const error = useRouteError();
  const { pathname } = useLocation();
  return <ErrorPage error={error} pathname={pathname} />;
}

/** Last-resort boundary on the root route: the layout itself failed, so render without it. */
export function RootError() {
  const error = useRouteError();
  const { pathname } = useLocation();
  return (
    <main id="main-content" className="site-main">
      <ErrorPage error={error} pathname={pathname} canRetry={false} />
    </main>
  );
}
