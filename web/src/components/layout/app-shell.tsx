import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { CairnMark } from './cairn-mark';

interface AppShellProps {
  children: ReactNode;
  /** Rendered above the header (e.g. the navigation progress bar). */
  top?: ReactNode;
}

/** The minimal frame every page shares. Nav, banners and footer come with the full shell. */
export function AppShell({ children, top }: AppShellProps) {
  return (
    <>
      <a className="skip-link" href="#main-content">
        Skip to content
      </a>
      {top}
      <header className="site-header">
        <div className="site-header__inner">
          <Link to={paths.home.getHref()} className="brand" aria-label="Cairn home">
            <CairnMark className="brand__mark" />
            <span className="brand__wordmark" aria-hidden="true">
              Cairn
            </span>
          </Link>
        </div>
      </header>
      <main id="main-content" className="site-main" tabIndex={-1}>
        {children}
      </main>
    </>
  );
}
