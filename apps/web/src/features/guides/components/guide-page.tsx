import { useEffect, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { paths } from '@/config/paths.ts';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import '../guides.css';

export interface TocEntry {
  id: string;
  label: string;
}

/** The frame of a guide: title, lead, an "on this page" list and a way back to the hub. */
export function GuidePage({
  eyebrow,
  title,
  lead,
  description,
  toc,
  children,
}: {
  eyebrow: string;
  title: string;
  lead: ReactNode;
  description: string;
  toc?: TocEntry[];
  children: ReactNode;
}) {
  useDocumentTitle(title, description);
  const { hash } = useLocation();
  // A link from the hub may point at one command; show it once the lazy page has rendered.
  useEffect(() => {
    if (hash.length > 1) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [hash]);
  return (
    <article className="guide">
      <header className="guide-header">
        <nav aria-label="Breadcrumb" className="guide-breadcrumb">
          <Link to={paths.documentation.href()}>Documentation</Link>
          <span aria-hidden="true"> / </span>
          <span aria-current="page">{eyebrow}</span>
        </nav>
        <h1>{title}</h1>
        <p className="lead">{lead}</p>
        {toc && toc.length > 0 && (
          <nav aria-label="On this page" className="guide-toc">
            <ul>
              {toc.map((entry) => (
                <li key={entry.id}>
                  <a href={`#${entry.id}`}>{entry.label}</a>
                </li>
              ))}
            </ul>
          </nav>
        )}
      </header>
      {children}
    </article>
  );
}

/** A section with an h2 whose id the table of contents links to. */
export function GuideSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="guide-section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}
