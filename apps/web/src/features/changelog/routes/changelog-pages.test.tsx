import type { ChangelogEntryWire } from '@app/domain';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadRoutePages } from '@/lib/lazy-page.tsx';
import { StoreProvider } from '@/lib/store/provider.tsx';
import { makeStore } from '@/lib/store/store.ts';
import { changelogRoutes } from './index.tsx';

const entry = (
  id: number,
  changeTitle: string,
  extra: Partial<ChangelogEntryWire> = {},
): ChangelogEntryWire => ({
  id,
  changeTitle,
  changeDate: 'May 1, 2025',
  changeText: `<p>Text of ${changeTitle}</p>`,
  backgroundColor: '#FFFFFF',
  ...extra,
});

let entries: ChangelogEntryWire[];
let authLevel: 'admin' | 'user' | null;
let calls: { method: string; url: string }[];

beforeEach(() => {
  entries = [];
  authLevel = null;
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
      // RTK Query sends whole URLs; the calls are recorded by path.
      calls.push({ method, url: new URL(url, window.location.origin).pathname });
      const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });
      if (url.endsWith('/api/auth/authlevel')) return json({ authLevel });
      if (method === 'DELETE') {
        const id = Number(url.split('/').pop());
        entries = entries.filter((e) => e.id !== id);
        return json({ id });
      }
      if (url.endsWith('/api/changelog')) return json(entries);
      return new Response('{}', { status: 404 });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

// The pages' code, loaded as the browser loads it before showing them.
beforeAll(() =>
  Promise.all(['/changelog', '/changelog/entry'].map((path) => loadRoutePages(changelogRoutes, path))),
);

function renderAt(path: string) {
  const router = createMemoryRouter(changelogRoutes, { initialEntries: [path] });
  const store = makeStore();
  render(
    <StoreProvider store={store}>
      <RouterProvider router={router} />
    </StoreProvider>,
  );
  return Object.assign(router, { store });
}

describe('changelog list', () => {
  it('skips entries lacking id, date, title or text and links the rest to their pages', async () => {
    entries = [
      entry(1, 'Shown'),
      entry(0, 'No id'),
      entry(2, 'No date', { changeDate: '' }),
      entry(3, ''),
      entry(4, 'No text', { changeText: '' }),
      entry(5, 'Also shown'),
    ];
    renderAt('/changelog');
    expect(await screen.findByRole('link', { name: 'Shown' })).toHaveAttribute(
      'href',
      '/changelog/Shown?v=3.1',
    );
    expect(screen.getByRole('link', { name: 'Also shown' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(2);
    expect(screen.queryByText('No date')).not.toBeInTheDocument();
    expect(screen.queryByText('No text')).not.toBeInTheDocument();
    expect(screen.queryByText('No id')).not.toBeInTheDocument();
  });

  it('says so when there are no entries', async () => {
    renderAt('/changelog');
    expect(await screen.findByText('Sorry, there are no entries to show right now.')).toBeInTheDocument();
  });

  it('offers Add Entry to admins only', async () => {
    entries = [entry(1, 'One')];
    authLevel = 'admin';
    renderAt('/changelog');
    expect(await screen.findByRole('link', { name: 'Add Entry' })).toHaveAttribute(
      'href',
      '/add-changelog-entry?v=3.1',
    );
  });

  it('shows no Add Entry to other users', async () => {
    entries = [entry(1, 'One')];
    authLevel = 'user';
    const { store } = renderAt('/changelog');
    await screen.findByRole('link', { name: 'One' });
    // Look for the link only once the role has arrived and the page has rendered with it.
    await waitFor(() =>
      expect(
        Object.values(store.getState().api.queries).some(
          (query) => query?.endpointName === 'changelogAuthLevel' && query.status === 'fulfilled',
        ),
      ).toBe(true),
    );
    expect(screen.queryByRole('link', { name: 'Add Entry' })).not.toBeInTheDocument();
  });

  it('sanitizes the shown text once more', async () => {
    entries = [
      entry(1, 'One', { changeText: '<p>safe</p><img src=x onerror="alert(1)"><script>alert(2)</script>' }),
    ];
    renderAt('/changelog');
    expect(await screen.findByText('safe')).toBeInTheDocument();
    expect(document.querySelector('[onerror]')).toBeNull();
    expect(document.querySelector('.rich-text script')).toBeNull();
  });
});

describe('changelog detail', () => {
  it('finds the entry by its decoded title and sets the document title and description', async () => {
    entries = [entry(7, 'Big news & more')];
    renderAt(`/changelog/${encodeURIComponent('Big news & more')}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Big news & more' })).toBeInTheDocument();
    expect(screen.getByText('Text of Big news & more')).toBeInTheDocument();
    expect(screen.getByText('May 1, 2025')).toBeInTheDocument();
    expect(document.title).toBe('Changelog: Big news & more');
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toContain(
      'Big news & more',
    );
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/changelog?v=3.1');
  });

  it('uses the raw title when it does not decode', async () => {
    entries = [entry(8, '50%')];
    renderAt('/changelog/50%');
    expect(await screen.findByRole('heading', { level: 1, name: '50%' })).toBeInTheDocument();
    expect(document.title).toBe('Changelog: 50%');
  });

  it("says 'Entry not found' for an unknown title", async () => {
    entries = [entry(1, 'Other')];
    renderAt('/changelog/Missing');
    expect(await screen.findByRole('heading', { name: 'Entry not found' })).toBeInTheDocument();
    expect(document.title).toBe('Changelog: Missing');
  });

  it('shows no Edit or Delete to non-admins', async () => {
    entries = [entry(3, 'Plain')];
    authLevel = 'user';
    renderAt('/changelog/Plain');
    await screen.findByRole('heading', { level: 1, name: 'Plain' });
    await vi.waitFor(() => expect(calls.some((c) => c.url.endsWith('/authlevel'))).toBe(true));
    expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it('lets admins edit, and delete then return to the list with the version query', async () => {
    entries = [entry(3, 'Doomed'), entry(4, 'Stays')];
    authLevel = 'admin';
    const router = renderAt('/changelog/Doomed');
    expect(await screen.findByRole('link', { name: 'Edit' })).toHaveAttribute(
      'href',
      '/changelog/edit/3?v=3.1',
    );
    // Delete asks first; keeping the entry changes nothing.
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const confirm = screen.getByRole('dialog', { name: 'Delete this entry?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Keep entry' }));
    expect(screen.queryByRole('dialog', { name: 'Delete this entry?' })).not.toBeInTheDocument();
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    expect(router.state.location.pathname).toBe('/changelog/Doomed');

    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Delete this entry?' })).getByRole('button', {
        name: 'Delete entry',
      }),
    );
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/changelog'));
    expect(router.state.location.search).toBe('?v=3.1');
    expect(calls).toContainEqual({ method: 'DELETE', url: '/api/changelog/3' });
    expect(await screen.findByRole('link', { name: 'Stays' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Doomed' })).not.toBeInTheDocument();
  });
});
