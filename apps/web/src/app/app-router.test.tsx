import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from './app.tsx';
import { AppRouter } from './app-router.tsx';

beforeEach(() => {
  window.history.replaceState(null, '', '/');
  // Signed out: the landing page's session check finds none.
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ user: null }), { status: 200 })),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('the browser router', () => {
  it('keeps the current page and address until the next page’s code has loaded, then changes both', async () => {
    render(
      <AppRouter>
        <App />
      </AppRouter>,
    );
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Turn a sentence into images');
    fireEvent.click(screen.getByRole('link', { name: 'Guides' }));
    expect(window.location.pathname).toBe('/');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Turn a sentence into images');

    await screen.findByRole('heading', { level: 1, name: 'Documentation' });
    expect(window.location.pathname + window.location.search).toBe('/documentation?v=3.1');

    // Back returns to the start page.
    await act(async () => {
      window.history.back();
      await new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
    });
    await screen.findByRole('heading', { level: 1, name: /Turn a sentence into images/ });
    expect(window.location.pathname).toBe('/');
  });
});
