import { useEffect, useId, useRef } from 'react';
import { Link, useRevalidator, useRouteError } from 'react-router';
import { paths } from '../../config/paths';
import { describeError } from './describe-error';

/**
 * The route `errorElement`: status, a readable message, and the technical detail in a details
 * block (not for 404s). Focus moves to the heading so screen-reader users hear what happened.
 * The full error pages (graphics, path-specific 404s) come later.
 */
export function RouteError() {
  const error = useRouteError();
  const { title, summary, status, detail } = describeError(error);
  const revalidator = useRevalidator();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const headingId = useId();

  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  return (
    <section className="error-page" aria-labelledby={headingId}>
      <title>{`${title} – Cairn`}</title>
      {status !== undefined && (
        <p className="error-page__status" aria-hidden="true">
          {status}
        </p>
      )}
      <h1 id={headingId} ref={headingRef} tabIndex={-1}>
        {title}
      </h1>
      <p>{summary}</p>
      {status !== 404 && (status !== undefined || detail !== undefined) && (
        <details className="error-page__details">
          <summary>Error details</summary>
          <dl>
            {status !== undefined && (
              <>
                <dt>Status</dt>
                <dd>{status}</dd>
              </>
            )}
            {detail !== undefined && (
              <>
                <dt>Message</dt>
                <dd>{detail}</dd>
              </>
            )}
          </dl>
        </details>
      )}
      <div className="error-page__actions">
        {status !== 404 && (
          <button
            type="button"
            className="button button--primary"
            disabled={revalidator.state === 'loading'}
            onClick={() => void revalidator.revalidate()}
          >
            {revalidator.state === 'loading' ? 'Retrying…' : 'Try again'}
          </button>
        )}
        <Link className="button" to={paths.home.getHref()}>
          Go to the home page
        </Link>
      </div>
    </section>
  );
}

/** Last-resort boundary on the root route: the layout itself failed, so render without it. */
export function RootError() {
  return (
    <main id="main-content" className="site-main">
      <RouteError />
    </main>
  );
}
