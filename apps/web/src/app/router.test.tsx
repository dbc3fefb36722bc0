import { act, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyPage } from '@/lib/lazy-page.tsx';
import { RouteErrorBoundary } from './app.tsx';
import { createTestRouter } from './testing.tsx';

function Boom(): never {
  throw new Error('kaboom');
}

/** Two pages in the error boundary, as the app has them: /boom throws, / does not. */
function Pages({ boom = <Boom /> }: { boom?: ReactNode }) {
  const location = useLocation();
  return (
    <RouteErrorBoundary locationKey={location.key}>
      {location.pathname === '/boom' ? boom : <Link to="/boom">Open</Link>}
    </RouteErrorBoundary>
  );
}

afterEach(() => vi.restoreAllMocks());

describe('the router', () => {
  it("shows 'Unexpected Application Error!' when a page throws, and the next page starts afresh", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <MemoryRouter initialEntries={['/boom']}>
        <Pages />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
    expect(screen.getByText('kaboom')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Back to the start page' }));
    expect(screen.queryByText('kaboom')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open' })).toBeInTheDocument();
  });

  it('shows the error when a page’s code cannot be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const Broken = lazyPage(() => Promise.reject(new Error('chunk missing')), 'Missing');
    render(
      <MemoryRouter initialEntries={['/']}>
        <Pages boom={<Broken />} />
      </MemoryRouter>,
    );
    await act(async () => userEvent.click(screen.getByRole('link', { name: 'Open' })));
    expect(await screen.findByText('chunk missing')).toBeInTheDocument();
  });

  it('shows the not-found page, in the page chrome, at an unknown address', async () => {
    render(<RouterProvider router={await createTestRouter('/no-such-page')} />);
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
  });

  it('starts a new page at the top and returns to where the visitor was on back', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const router = await createTestRouter('/documentation');
    render(<RouterProvider router={router} />);
    await screen.findByRole('heading', { level: 1, name: 'Documentation' });
    expect(scrollTo).not.toHaveBeenCalled();
    vi.spyOn(window, 'scrollY', 'get').mockReturnValue(400);
    window.dispatchEvent(new Event('scroll'));

    await act(() => router.navigate('/menu'));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
    vi.spyOn(window, 'scrollY', 'get').mockReturnValue(0);
    window.dispatchEvent(new Event('scroll'));

    await act(() => router.navigate(-1));
    await screen.findByRole('heading', { level: 1, name: 'Documentation' });
    expect(scrollTo).toHaveBeenLastCalledWith(0, 400);
  });
});
