import { useMemo } from 'react';
import { sanitizeForDisplay } from '../lib/sanitize-for-display.ts';
import './changelog.css';

/** Stored changelog HTML, sanitized once more in the browser before it is shown. */
export function RichText({ html }: { html: string }) {
  const clean = useMemo(() => sanitizeForDisplay(html), [html]);
  return <div className="rich-text" dangerouslySetInnerHTML={{ __html: clean }} />;
}
