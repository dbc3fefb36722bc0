import { APP_VERSION } from '@app/domain';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import logoUrl from '@/assets/logo.svg';
import { Spinner } from '@/components/ui/spinner.tsx';
import { SITE } from '@/config/env.ts';
import { paths } from '@/config/paths.ts';
import './layout.css';

/** The page chrome around every page: header, main area and footer. */
export function AppLayout({ children }: { children: ReactNode }) {
  return (
    <div className="app">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="site-header">
        <Link to={paths.home.href()} className="brand">
          <img src={logoUrl} alt="" width="32" height="32" />
          <span>{SITE.name}</span>
        </Link>
        <nav aria-label="Main" className="site-nav">
          <Link to={paths.documentation.href()}>Guides</Link>
          <Link to={paths.changelog.href()}>Changelog</Link>
          <Link to={paths.dashboard.href()}>Dashboard</Link>
        </nav>
      </header>
      <main id="main" className="site-main">
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}

/**
 * What the main area shows while a page's code loads. Inside the page chrome it is the app shell:
 * the HTML of every page that is not prerendered, and the app's first render while that page's code
 * loads, so the first paint happens with the HTML and nothing moves when the page arrives.
 */
export function PageLoading() {
  return (
    <div className="page-loading">
      <Spinner />
    </div>
  );
}

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="footer-inner">
        <p>
          Questions or trouble? Write to <a href={`mailto:${SITE.contactEmail}`}>{SITE.contactEmail}</a>.
        </p>
        <nav aria-label="Footer" className="footer-nav">
          <Link to={paths.documentation.href()}>Documentation</Link>
          <Link to={paths.gallery.href()}>Gallery</Link>
          <Link to={paths.termsOfService.href()}>Terms of Service</Link>
          <Link to={paths.privacyPolicy.href()}>Privacy Policy</Link>
          <Link to={paths.changelog.href()}>Changelog</Link>
        </nav>
        <p className="version">Version {APP_VERSION}</p>
      </div>
    </footer>
  );
}
