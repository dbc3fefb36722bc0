import { act } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startClient } from '@/app/start-client.tsx';
import { prerenderPaths, renderPage, renderShell } from '@/entry-server.tsx';

let errors: string[];
let container: HTMLElement;
let unmount: (() => void) | undefined;

beforeEach(() => {
  errors = [];
  // React reports hydration mismatches through console.error in development.
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(args.map(String).join(' '));
  });
  // Signed out: the landing page's check for a session finds none. Lists of creations are still
  // on their way when the comparison is made, as they are on a first visit.
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL) =>
      (input instanceof Request ? input.url : String(input)).includes('/api/jobs')
        ? new Promise<Response>(() => undefined)
        : Promise.resolve(new Response('{}', { status: 401 })),
    ),
  );
  container = document.createElement('div');
  container.id = 'root';
  document.body.append(container);
});

afterEach(() => {
  act(() => unmount?.());
  unmount = undefined;
  container.remove();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** Puts the server's markup in place and starts the client over it at the given address. */
async function hydrateAt(url: string, html: string, prerendered: boolean) {
  window.history.replaceState(null, '', url);
  container.innerHTML = html;
  if (prerendered) container.setAttribute('data-prerendered', '');
  const before = container.innerHTML;
  // The page chrome the server sent, to tell whether hydration adopted it or rendered it anew.
  const chrome = [container.querySelector('header'), container.querySelector('footer')];
  let root: Awaited<ReturnType<typeof startClient>> | undefined;
  await act(async () => {
    root = await startClient(container, {
      onRecoverableError: (error) => errors.push(`recoverable: ${String(error)}`),
    });
  });
  unmount = () => root?.unmount();
  return { before, chrome };
}

describe('prerendering', () => {
  it('covers the public static pages and none that need the store or a user', () => {
    const pages = prerenderPaths();
    expect(pages).toEqual(
      expect.arrayContaining([
        '/',
        '/menu',
        '/documentation',
        '/makecommanddocumentation',
        '/videocommanddocumentation',
        '/audiocommanddocumentation',
        '/LipSyncDocumentation',
        '/loraDocumentation',
        '/termsofservice',
        '/privacypolicy',
      ]),
    );
    for (const page of ['/dashboard', '/changelog', '/credits', '/checkout', '/privacypolicy2'])
      expect(pages).not.toContain(page);
  });

  it.each(prerenderPaths())('the client takes over the markup of %s without a mismatch', async (page) => {
    const { html, head } = await renderPage(`${page}?v=3.1`);
    expect(html).toContain('<h1');
    expect(head.title).toMatch(/HyperCreate$/);
    const { before } = await hydrateAt(`${page}?v=3.1`, html, true);
    expect(errors).toEqual([]);
    // Hydration adopted the server's DOM as it was; the one change is that a field the page offers
    // for typing (the weighting box) stops being read-only once the page is alive.
    expect(container.innerHTML).toBe(before.replaceAll(' readonly=""', ''));
    expect(container.querySelector('h1')?.textContent).toBe(
      new DOMParser().parseFromString(html, 'text/html').querySelector('h1')?.textContent,
    );
  });

  it('the app shell is the first render of a page whose code is still loading', async () => {
    const shell = renderShell();
    expect(shell).toContain('role="status"');
    const { chrome } = await hydrateAt('/dashboard?v=3.1', shell, false);
    // Hydrated without a mismatch: the server's chrome was adopted, not rendered anew, and the
    // page (signed out, it sends the visitor to sign in) took the loading state's place.
    expect(errors).toEqual([]);
    expect([container.querySelector('header'), container.querySelector('footer')]).toEqual(chrome);
    await vi.waitFor(() => expect(window.location.pathname).toBe('/menu'));
    expect(container.querySelector('header')).toBe(chrome[0]);
  });
});
