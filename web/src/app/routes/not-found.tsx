import { Link, useLocation } from 'react-router';
import { paths } from '../../config/paths';

/** Catch-all for unknown paths. The path-specific 404s ("Project not found"…) come with the error pages. */
export function Component() {
  const { pathname } = useLocation();
  return (
    <section className="page error-page" aria-labelledby="not-found-heading">
      <title>Page not found – Cairn</title>
      <p className="error-page__status" aria-hidden="true">
        404
      </p>
      <h1 id="not-found-heading">Page not found</h1>
      <p>
        There is no page at <code className="error-page__path">{pathname}</code>. Check the address, or start again
        from the home page.
      </p>
      <div className="error-page__actions">
        <Link className="button button--primary" to={paths.home.getHref()}>
          Go to the home page
        </Link>
      </div>
    </section>
  );
}
