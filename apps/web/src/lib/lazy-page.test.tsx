import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { lazyPage, loadRoutePages } from './lazy-page.tsx';

const page = (text: string) => () => <p>{text}</p>;

describe('lazy pages', () => {
  it('load, side by side and once, the layouts and page of an address and nothing else', async () => {
    const imports = { layout: vi.fn(), page: vi.fn(), other: vi.fn() };
    const Layout = lazyPage(async () => (imports.layout(), { Layout: page('layout') }), 'Layout');
    const Page = lazyPage(async () => (imports.page(), { Page: page('page') }), 'Page');
    const Other = lazyPage(async () => (imports.other(), { Other: page('other') }), 'Other');
    const routes = [
      { element: <Layout />, children: [{ path: '/page', element: <Page /> }] },
      { path: '/other', element: <Other /> },
    ];
    await Promise.all([loadRoutePages(routes, '/page'), loadRoutePages(routes, '/page?v=3.1')]);
    expect(imports.layout).toHaveBeenCalledTimes(1);
    expect(imports.page).toHaveBeenCalledTimes(1);
    expect(imports.other).not.toHaveBeenCalled();
    // Loaded, a page renders at once: what prerendering and hydration rely on.
    render(<Page />);
    expect(screen.getByText('page')).toBeInTheDocument();
  });
});
