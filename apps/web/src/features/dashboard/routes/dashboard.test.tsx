import { type OwnSubscriptionsResult, type UserWire } from '@app/domain';
import { render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { StoreProvider } from '@/lib/store/provider.tsx';
import { makeStore } from '@/lib/store/store.ts';
import { DashboardPage } from './dashboard.tsx';

const GIFT_END = Date.UTC(2026, 11, 22, 12) / 1000;
const PAID_END = Date.UTC(2026, 11, 1, 12) / 1000;

const user = (subscription_status: string): UserWire => ({
  user_id: 'u1',
  stripeid: 'cus_1',
  email: 'someone@example.com',
  discordname: 'someone',
  subscription_status,
  credits: 9000,
  hypercredits: 60,
  lastname: '0',
});

let me: UserWire;
let own: OwnSubscriptionsResult;
let role: 'user' | 'admin' = 'user';
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
    vi.fn(async (input: Request) => {
      const path = new URL(input.url).pathname;
      calls.push(path);
      const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });
      if (path === '/api/auth/me') return json({ user: me });
      if (path === '/api/payment/subscriptions') return json(own);
      if (path === '/api/auth/authlevel') return json({ authLevel: role });
      return new Response('{}', { status: 404 });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  role = 'user';
});

function renderDashboard() {
  const router = createMemoryRouter([{ path: '/dashboard', element: <DashboardPage /> }], {
    initialEntries: ['/dashboard'],
  });
  render(
    <StoreProvider store={makeStore()}>
      <RouterProvider router={router} />
    </StoreProvider>,
  );
}

describe('the dashboard', () => {
  it('shows a gift redeemed beside a paid plan with its end date', async () => {
    me = user('Founders Plan');
    own = {
      subscriptions: [
        {
          subscription_id: 'sub_paid',
          tier: 'Founders Plan',
          status: 'active',
          gifted: false,
          current_period_end: PAID_END,
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
    renderDashboard();
    expect(await screen.findByTestId('subscription-status')).toHaveTextContent('Founders Plan');
    const gifts = await screen.findAllByTestId('gifted-plan');
    expect(gifts.map((gift) => gift.textContent)).toEqual([
      'Gift: Professional Plan, until December 22, 2026',
    ]);
    expect(screen.getByRole('list', { name: 'Gifted plans' })).toBeInTheDocument();
  });

  it('does not ask for subscriptions on the free plan', async () => {
    me = user('free');
    own = { subscriptions: [] };
    renderDashboard();
    expect(await screen.findByTestId('subscription-status')).toHaveTextContent('free');
    expect(calls).not.toContain('/api/payment/subscriptions');
    expect(screen.queryByTestId('gifted-plan')).toBeNull();
  });

  it('links nobody but an admin to the admin tools', async () => {
    me = user('free');
    own = { subscriptions: [] };
    renderDashboard();
    expect(await screen.findByTestId('subscription-status')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Administration' })).toBeNull();
  });

  it('shows an admin the way to the admin tools', async () => {
    me = user('Founders Plan');
    own = { subscriptions: [] };
    role = 'admin';
    renderDashboard();
    expect(await screen.findByRole('heading', { name: 'Administration' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Admin tools' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/privacypolicy2\b/),
    );
    expect(screen.getByRole('link', { name: 'Moderation' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/admin\/moderation\b/),
    );
  });
});
