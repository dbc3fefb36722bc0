import { createMemoryRouter } from 'react-router';
import { loadRoutePages } from '@/lib/lazy-page.tsx';
import { App } from './app.tsx';
import { routes } from './router.tsx';

/**
 * The whole app in a memory router at `path`, for tests that render pages as visitors see them:
 * `render(<RouterProvider router={await createTestRouter('/')} />)`. The page's code is loaded
 * first, as the browser does before it hydrates a page; the router's state tells where the app is
 * and where it is heading.
 */
export async function createTestRouter(path: string) {
  await loadRoutePages(routes, path);
  return createMemoryRouter([{ path: '*', element: <App /> }], { initialEntries: [path] });
}
