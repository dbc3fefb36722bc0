import type { UserWire } from '@app/domain';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { StoreProvider } from '@/lib/store/provider.tsx';
import { makeStore } from '@/lib/store/store.ts';
import { RedeemGiftButton } from './redeem-gift-button.tsx';

const user: UserWire = {
  user_id: 'u1',
  stripeid: 'cus_1',
  email: 'someone@example.com',
  discordname: 'someone',
  subscription_status: 'free',
  credits: 0,
  hypercredits: 0,
  lastname: '0',
};

// RTK Query builds a Request from a path; outside a browser it needs the page's origin.
class PageRequest extends Request {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(typeof input === 'string' ? new URL(input, window.location.origin) : input, init);
  }
}

/** What the server answers to the redeem call, and the bodies it was sent. */
let answer: Response;
let sent: unknown[];
let onRedeemed: () => void;
beforeEach(() => {
  sent = [];
  onRedeemed = vi.fn();
  vi.stubGlobal('Request', PageRequest);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request) => {
      if (!input.url.endsWith('/api/payment/redeem-gift-code')) return new Response('{}', { status: 404 });
      sent.push(await input.json());
      return answer;
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function renderOnDashboard() {
  const router = createMemoryRouter(
    [
      { path: '/dashboard', element: <RedeemGiftButton user={user} onRedeemed={onRedeemed} /> },
      { path: '*', element: <p>Somewhere else</p> },
    ],
    { initialEntries: ['/dashboard'] },
  );
  render(
    <StoreProvider store={makeStore()}>
      <RouterProvider router={router} />
    </StoreProvider>,
  );
  return router;
}

async function redeem(code: string) {
  await userEvent.click(screen.getByRole('button', { name: 'Redeem gift subscription' }));
  await userEvent.type(await screen.findByLabelText('Gift code'), code);
  await userEvent.click(screen.getByRole('button', { name: 'Redeem' }));
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

describe('redeeming a gift from the dashboard', () => {
  it('sends the trimmed code for the user, confirms, and follows the server to the refreshed dashboard', async () => {
    answer = json({ url: '/dashboard?refresh=true&v=3.1' });
    const router = renderOnDashboard();
    await redeem('  GIFT-CODE-1  ');
    await waitFor(() => expect(onRedeemed).toHaveBeenCalledTimes(1));
    expect(screen.queryByLabelText('Gift code')).not.toBeInTheDocument();
    expect(sent).toEqual([
      expect.objectContaining({ giftCode: 'GIFT-CODE-1', userId: 'u1', stripeId: 'cus_1' }),
    ]);
    expect(router.state.location.pathname + router.state.location.search).toBe(
      '/dashboard?refresh=true&v=3.1',
    );
  });

  it('never follows an answer that points off this site', async () => {
    for (const url of ['https://evil.example/x', '//evil.example/x', '/\\evil.example/x']) {
      answer = json({ url });
      onRedeemed = vi.fn();
      const router = renderOnDashboard();
      // Any navigation, including one that would leave the site (the router hands those to the
      // browser), goes through the router.
      const navigate = vi.spyOn(router, 'navigate');
      await redeem('GIFT-CODE-1');
      await waitFor(() => expect(onRedeemed).toHaveBeenCalledTimes(1));
      expect(screen.queryByLabelText('Gift code')).not.toBeInTheDocument();
      expect(navigate, url).not.toHaveBeenCalled();
      expect(router.state.location.pathname).toBe('/dashboard');
      cleanup();
    }
  });

  it('shows why a code was refused and keeps the dialog open', async () => {
    answer = json(
      { error: { code: 'GIFT_CODE_USED', message: 'This gift code has already been used.' } },
      409,
    );
    renderOnDashboard();
    await redeem('GIFT-CODE-1');
    expect(await screen.findByText('This gift code has already been used.')).toBeInTheDocument();
    expect(screen.getByLabelText('Gift code')).toHaveValue('GIFT-CODE-1');
    expect(onRedeemed).not.toHaveBeenCalled();
  });
});
