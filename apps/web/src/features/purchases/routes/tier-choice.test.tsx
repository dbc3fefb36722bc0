import { type OwnSubscriptionsResult, type UserWire, formatEpochDate } from '@app/domain';
import { render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadRoutePages } from '@/lib/lazy-page.tsx';
import { StoreProvider } from '@/lib/store/provider.tsx';
import { makeStore } from '@/lib/store/store.ts';
import { purchaseRoutes } from './index.tsx';

const GIFT_END = Date.UTC(2026, 6, 14, 12) / 1000;

const user = (subscription_status: string): UserWire => ({
  user_id: 'u1',
  stripeid: 'cus_1',
  email: 'someone@example.com',
  discordname: 'someone',
  subscription_status,
  credits: 0,
  hypercredits: 0,
  lastname: '0',
});

let me: UserWire;
let own: OwnSubscriptionsResult;
let calls: string[];

// RTK Query builds a Request from a path; outside a browser it needs the page's origin.
class PageRequest extends Request {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(typeof input === 'string' ? new URL(input, window.location.origin) : input, init);
  }
}

beforeEach(() => {
  calls = [];
  vi.stubGlobal('Request', PageRequest);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      calls.push(url);
      const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });
      if (url.endsWith('/api/auth/me')) return json({ user: me });
      if (url.endsWith('/api/payment/subscriptions')) return json(own);
      return new Response('{}', { status: 404 });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

// The page's code, loaded as the browser loads it before showing it.
beforeAll(() => loadRoutePages(purchaseRoutes, '/subscription'));

function renderChoice() {
  const router = createMemoryRouter(purchaseRoutes, { initialEntries: ['/subscription'] });
  render(
    <StoreProvider store={makeStore()}>
      <RouterProvider router={router} />
    </StoreProvider>,
  );
}

describe('the plan choice page', () => {
  it('shows a gift as the current plan with its end date and offers no plan change that would fail', async () => {
    me = user('Founders Plan');
    own = {
      subscriptions: [
        {
          subscription_id: 'sub_gift',
          tier: 'Founders Plan',
          status: 'trialing',
          gifted: true,
          current_period_end: GIFT_END,
        },
      ],
    };
    renderChoice();
    expect(
      await screen.findByText(
        `Your gifted Founders Plan runs until ${formatEpochDate(GIFT_END)}; you can choose a paid plan from then.`,
      ),
    ).toBeInTheDocument();
    expect(screen.getByText(`Gifted until ${formatEpochDate(GIFT_END)}`)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Founders Plan' }).parentElement).toHaveTextContent(
      'Your current plan',
    );
    expect(screen.queryAllByRole('button', { name: /^(Switch to|Choose) / })).toEqual([]);
  });

  it('offers a paying user a switch to every other plan', async () => {
    me = user('Founders Plan');
    own = {
      subscriptions: [
        {
          subscription_id: 'sub_paid',
          tier: 'Founders Plan',
          status: 'active',
          gifted: false,
          current_period_end: GIFT_END,
        },
      ],
    };
    renderChoice();
    expect(await screen.findByRole('button', { name: 'Switch to Professional Plan' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Switch to Founders Image Only Plan' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Your current plan' })).toBeInTheDocument();
    expect(screen.queryByText(/gifted/i)).toBeNull();
    expect(calls.some((url) => url.endsWith('/api/payment/subscriptions'))).toBe(true);
    // Every plan card offers it as a gift, on the gift page.
    const gifts = screen.getAllByRole('link', { name: /^Give as a gift: / });
    expect(gifts.length).toBeGreaterThan(0);
    for (const link of gifts)
      expect(link.getAttribute('href')).toMatch(/^\/subscription\?.*purchaseType=Gift/);
  });

  it('lists a gift running beside the paid plan with its end date, and still offers plan changes', async () => {
    me = user('Founders Plan');
    own = {
      subscriptions: [
        {
          subscription_id: 'sub_paid',
          tier: 'Founders Plan',
          status: 'active',
          gifted: false,
          current_period_end: GIFT_END,
        },
        {
          subscription_id: 'sub_gift',
          tier: 'Professional Plan',
          status: 'trialing',
          gifted: true,
          current_period_end: GIFT_END,
        },
      ],
    };
    renderChoice();
    expect(await screen.findByTestId('gifted-plan')).toHaveTextContent(
      `Gift: Professional Plan, until ${formatEpochDate(GIFT_END)}`,
    );
    expect(screen.getByRole('button', { name: 'Switch to Professional Plan' })).toBeEnabled();
  });
});
