import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => cleanup());

// findBy… waits for a condition; a loaded machine can take longer than the default second to get there.
configure({ asyncUtilTimeout: 10_000 });

// jsdom has no layout: ScrollRestoration's scrolling is a no-op here.
window.scrollTo = () => {};

// RTK Query builds a Request from a path; outside a browser it needs the page's origin.
class PageRequest extends Request {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(typeof input === 'string' ? new URL(input, window.location.origin) : input, init);
  }
}
globalThis.Request = PageRequest;
