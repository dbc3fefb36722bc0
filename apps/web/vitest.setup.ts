import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => cleanup());

// jsdom has no layout: ScrollRestoration's scrolling is a no-op here.
window.scrollTo = () => {};
