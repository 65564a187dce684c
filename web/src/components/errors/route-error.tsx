import { Suspense } from 'react';
import { useLocation, useRouteError } from 'react-router';
import { useT } from '../../lib/i18n/i18n-provider';
import { ensureMessageAreas } from '../../lib/i18n/message-areas';
import { lazyComponent } from '../../lib/lazy-component';
import { PageLoading } from '../layout/page-loading';
import layoutStyles from '../layout/default-layout.module.css';
import loadingStyles from '../layout/page-loading.module.css';

interface ErrorPageProps {
  error: unknown;
  pathname: string;
  canRetry?: boolean;
}

/** Says something sensible when even the error page's code cannot be fetched (offline, old deploy). */
function BareErrorPage() {
  const t = useT();
  return (
    <p className={loadingStyles.message} role="alert">
      {t('errors.unknown')}
    </p>
  );
}

/** The error pages and their text load on demand, so no page's first download carries them. */
const ErrorPage = lazyComponent<ErrorPageProps>(
  () => Promise.all([import('./error-page'), ensureMessageAreas(['errors'])]).then(([module]) => module.ErrorPage),
  BareErrorPage,
);

function LazyErrorPage(props: ErrorPageProps) {
  return (
    <Suspense fallback={<PageLoading />}>
      <ErrorPage {...props} />
    </Suspense>
  );
}

/** The route `errorElement`: renders inside the layout, so navigation stays available. */
export function RouteError() {
  const error = useRouteError();
  const { pathname } = useLocation();
  return <LazyErrorPage error={error} pathname={pathname} />;
}

/** Last-resort boundary on the root route: the layout itself failed, so render without it. */
export function RootError() {
  const error = useRouteError();
  const { pathname } = useLocation();
  return (
    <main id="main-content" className={layoutStyles.main}>
      <LazyErrorPage error={error} pathname={pathname} canRetry={false} />
    </main>
  );
}
