import type { BlocklistTermWire } from '@app/domain';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StoreProvider } from '@/lib/store/provider.tsx';
import { makeStore } from '@/lib/store/store.ts';
import { BlocklistPage } from './blocklist.tsx';

afterEach(() => vi.unstubAllGlobals());

/** The admin's role and a blocklist of one term; the writes the page sent, with their bodies. */
function answerBlocklist() {
  const terms: BlocklistTermWire[] = [
    {
      id: '3c1d2e4f-0000-4000-8000-000000000001',
      term: 'kill',
      category: 'violence',
      substring: false,
      createdAt: '2026-11-26T12:00:00.000Z',
    },
  ];
  const writes: { method: string; path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request) => {
      const url = new URL(input.url);
      if (url.pathname === '/api/auth/authlevel') return Response.json({ authLevel: 'admin' });
      if (input.method === 'GET') return Response.json({ terms });
      const body = (await input.json()) as Partial<BlocklistTermWire>;
      writes.push({ method: input.method, path: url.pathname, body });
      if (input.method === 'PUT') Object.assign(terms[0]!, body);
      return Response.json({ ...terms[0], ...body });
    }),
  );
  return writes;
}

describe('the blocklist page', () => {
  it('marks a term to match inside words, and adds a new term with that choice', async () => {
    const writes = answerBlocklist();
    render(
      <StoreProvider store={makeStore()}>
        <MemoryRouter>
          <BlocklistPage />
        </MemoryRouter>
      </StoreProvider>,
    );
    const toggle = await screen.findByRole('checkbox', { name: 'kill matches inside words' });
    expect(toggle).not.toBeChecked();
    await userEvent.click(toggle);
    await vi.waitFor(() =>
      expect(writes[0]).toEqual({
        method: 'PUT',
        path: '/api/admin/blocklist/3c1d2e4f-0000-4000-8000-000000000001',
        body: { term: 'kill', category: 'violence', substring: true },
      }),
    );

    await userEvent.type(screen.getByLabelText('Term'), 'zorblax');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Match inside words' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    await vi.waitFor(() =>
      expect(writes[1]).toEqual({
        method: 'POST',
        path: '/api/admin/blocklist',
        body: { term: 'zorblax', category: 'other', substring: true },
      }),
    );
  });
});
