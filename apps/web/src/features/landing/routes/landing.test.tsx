import { act, render, screen } from '@testing-library/react';
import { RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestRouter } from '@/app/testing.tsx';

async function renderAt(path: string) {
  const router = await createTestRouter(path);
  render(<RouterProvider router={router} />);
  return router;
}

let signedIn = false;
beforeEach(() => {
  signedIn = false;
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        // `/api/auth/me` answers 200 either way: the user, or null.
        new Response(JSON.stringify({ user: signedIn ? { user_id: 'u1' } : null }), { status: 200 }),
    ),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('landing page', () => {
  it('offers Discord login, subscribing and buying credits', async () => {
    await renderAt('/');
    expect(screen.getByRole('link', { name: 'Log in with Discord' })).toHaveAttribute(
      'href',
      '/api/auth/discord',
    );
    expect(screen.getByRole('link', { name: 'Subscribe' })).toHaveAttribute('href', '/subscription?v=3.1');
    expect(screen.getByRole('link', { name: 'Buy credits' })).toHaveAttribute('href', '/credits?v=3.1');
  });

  it('is also served at /menu, with the footer showing version 3.1 and a contact address', async () => {
    await renderAt('/menu');
    expect(screen.getByText('Version 3.1')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /@/ })).toHaveAttribute(
      'href',
      expect.stringMatching(/^mailto:/),
    );
  });

  it('links documentation and the changelog with the version query', async () => {
    await renderAt('/');
    expect(screen.getByRole('link', { name: /guide on images/ })).toHaveAttribute(
      'href',
      '/makecommanddocumentation?v=3.1',
    );
    expect(screen.getAllByRole('link', { name: 'changelog' })[0]).toHaveAttribute('href', '/changelog?v=3.1');
  });

  it('sends a signed-in visitor to the dashboard', async () => {
    signedIn = true;
    const router = await renderAt('/menu');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(router.state.location.search).toBe('?v=3.1');
  });

  it('stays on the landing page when signed out', async () => {
    const router = await renderAt('/');
    // Every place the router heads for, including a navigation still loading its page's code.
    const visited: string[] = [];
    router.subscribe((state) => visited.push((state.navigation.location ?? state.location).pathname));
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    // Let the sign-in check's answer arrive and be acted on.
    await act(async () => {
      await vi.mocked(fetch).mock.results[0]!.value;
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(visited.filter((pathname) => pathname !== '/')).toEqual([]);
    expect(router.state.location.pathname).toBe('/');
    expect(screen.getByRole('link', { name: 'Log in with Discord' })).toBeInTheDocument();
  });
});
