/** The web front end's version, shown in the footer and carried by every navigation. */
export const APP_VERSION = '3.1';

const VERSION_PARAM = 'v';

/**
 * Appends the fixed version query string to an in-app path, keeping any query and hash it has.
 * `withVersion('/dashboard')` → `/dashboard?v=3.1`; `withVersion('/x?a=1#top')` → `/x?a=1&v=3.1#top`.
 */
export function withVersion(path: string): string {
  const hashIndex = path.indexOf('#');
  const hash = hashIndex >= 0 ? path.slice(hashIndex) : '';
  const base = hashIndex >= 0 ? path.slice(0, hashIndex) : path;
  const [pathname = '', query = ''] = base.split('?', 2);
  const params = new URLSearchParams(query);
  params.set(VERSION_PARAM, APP_VERSION);
  return `${pathname}?${params.toString()}${hash}`;
}
