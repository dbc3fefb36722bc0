import { render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { StoreProvider } from '@/lib/store/provider.tsx';
import { makeStore } from '@/lib/store/store.ts';
import { CreditsPage } from './credits.tsx';

function renderAt(url: string) {
  const router = createMemoryRouter([{ path: '/credits', element: <CreditsPage /> }], {
    initialEntries: [url],
  });
  render(
    <StoreProvider store={makeStore()}>
      <RouterProvider router={router} />
    </StoreProvider>,
  );
}

describe('the credits page after a job was refused for want of them', () => {
  it('says how many are missing and marks the packages that add that currency', () => {
    renderAt('/credits?need=hypercredits&missing=6');
    expect(screen.getByText(/You need 6 more hypercredits/)).toBeInTheDocument();
    const marked = screen.getAllByText('Adds hypercredits');
    expect(marked).toHaveLength(1);
    expect(marked[0]!.closest('article')).toHaveTextContent('Hypercredit Pack');
    // Shown first, where a phone's screen starts.
    expect(screen.getAllByRole('heading', { level: 2 })[0]).toHaveTextContent('Hypercredit Pack');
  });

  it('marks nothing on a plain visit', () => {
    renderAt('/credits');
    expect(screen.queryByText(/You need/)).not.toBeInTheDocument();
    expect(screen.queryByText(/^Adds /)).not.toBeInTheDocument();
  });
});
