import { createContext, useContext, useEffect } from 'react';
import { SITE } from '@/config/env.ts';

/** What a page wants in the document head; the prerenderer collects it while rendering. */
export interface DocumentHead {
  title?: string;
  description?: string;
}

/** Given only when rendering on the server, where effects do not run: receives each page's head. */
export const DocumentHeadContext = createContext<((head: DocumentHead) => void) | null>(null);

/** The document title for a page title ('' for the start page). */
export function documentTitle(title: string): string {
  return title ? `${title} · ${SITE.name}` : SITE.name;
}

/** Sets the page's description meta, adding the tag when the document has none. */
export function setDescriptionMeta(content: string) {
  let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = 'description';
    document.head.append(meta);
  }
  meta.content = content;
}

/** Sets the document title (and optionally the description meta) while a page is shown. */
export function useDocumentTitle(title: string, description?: string) {
  const collectHead = useContext(DocumentHeadContext);
  collectHead?.({ title: documentTitle(title), description });
  useEffect(() => {
    document.title = documentTitle(title);
    if (description !== undefined) setDescriptionMeta(description);
  }, [title, description]);
}
