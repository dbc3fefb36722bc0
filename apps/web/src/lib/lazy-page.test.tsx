import { render, screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyPage, loadRoutePages } from './lazy-page.tsx';

const page = (text: string) => () => <p>{text}</p>;

describe('lazy pages', () => {
  it('load, side by side, the layouts and page of an address and nothing else', async () => {
    const imports = { layout: vi.fn(), page: vi.fn(), other: vi.fn() };
    const Layout = lazyPage(async () => (imports.layout(), { Layout: page('layout') }), 'Layout');
    const Page = lazyPage(async () => (imports.page(), { Page: page('page') }), 'Page');
    const Other = lazyPage(async () => (imports.other(), { Other: page('other') }), 'Other');
    const routes = [
      { element: <Layout />, children: [{ path: '/page', element: <Page /> }] },
      { path: '/other', element: <Other /> },
    ];
    await loadRoutePages(routes, '/page?v=3.1');
    expect(imports.layout).toHaveBeenCalled();
    expect(imports.page).toHaveBeenCalled();
    expect(imports.other).not.toHaveBeenCalled();
    // Loaded, a page renders at once: what prerendering and hydration rely on.
    render(<Page />);
    expect(screen.getByText('page')).toBeInTheDocument();
  });

  it('try a chunk that failed to load again on the next visit', async () => {
    const importPage = vi
      .fn()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue({ Page: page('page') });
    const Page = lazyPage(importPage as () => Promise<{ Page: ComponentType }>, 'Page');
    const routes = [{ path: '/page', element: <Page /> }];
    await loadRoutePages(routes, '/page');
    await loadRoutePages(routes, '/page');
    render(<Page />);
    expect(screen.getByText('page')).toBeInTheDocument();
  });
});
