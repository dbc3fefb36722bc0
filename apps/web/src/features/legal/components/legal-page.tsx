import type { ReactNode } from 'react';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import '../legal.css';

/** The frame of a legal page: title, date and readable, numbered sections. */
export function LegalPage({
  title,
  updated,
  description,
  children,
}: {
  title: string;
  updated: string;
  description: string;
  children: ReactNode;
}) {
  useDocumentTitle(title, description);
  return (
    <article className="legal">
      <header>
        <h1>{title}</h1>
        <p className="legal-updated">Last updated {updated}</p>
      </header>
      {children}
    </article>
  );
}

export function LegalSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="legal-section">
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}
