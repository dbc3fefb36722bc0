import {
  type CustomerWire,
  type OwnSubscriptionsResult,
  PAYMENT_FAILED_BANNER,
  type SubscriptionWire,
  type UserWire,
} from '@app/domain';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { StoreProvider } from '@/lib/store/provider.tsx';
import { makeStore } from '@/lib/store/store.ts';
import { SubscriptionStatusPage } from './subscription-status.tsx';

const GIFT_END = Date.UTC(2026, 11, 22, 12) / 1000;
const PAID_END = Date.UTC(2026, 11, 1, 12) / 1000;

const me: UserWire = {
  user_id: 'u1',
  stripeid: 'cus_1',
  email: 'someone@example.com',
  discordname: 'someone',
  subscription_status: 'Founders Plan',
  credits: 9000,
  hypercredits: 60,
  lastname: '0',
};

const paid = {
  subscription_id: 'sub_paid',
  tier: 'Founders Plan',
  status: 'active',
  gifted: false,
  current_period_end: PAID_END,
};
const gift = {
  subscription_id: 'sub_gift',
  tier: 'Professional Plan',
  status: 'trialing',
  gifted: true,
  current_period_end: GIFT_END,
};

const details = (id: string): SubscriptionWire => {
  const own = id === gift.subscription_id ? gift : paid;
  return {
    subscription_id: id,
    subscription_status: own.tier,
    status: own.status,
    discounted: false,
    discountName: null,
    actualPrice: 2999,
    upcomingAmount: own.gifted ? 0 : 2999,
    current_period_end: own.current_period_end,
    cancel_at_period_end: own.gifted,
    downgrade_to_subname: null,
    gifted: own.gifted,
  };
};

let own: OwnSubscriptionsResult;
let customer: CustomerWire;
let sent: { method: string; path: string; body: unknown }[];

// RTK Query builds a Request from a path; outside a browser it needs the page's origin.
class PageRequest extends Request {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(typeof input === 'string' ? new URL(input, window.location.origin) : input, init);
  }
}

beforeEach(() => {
  sent = [];
  customer = {
    id: 'cus_1',
    name: 'Someone',
    email: 'someone@example.com',
    address: { line1: '1 Main St', city: 'Mobile', state: 'AL', postal_code: '36602', country: 'US' },
  };
  vi.stubGlobal('Request', PageRequest);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request) => {
      const path = new URL(input.url).pathname;
      const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });
      const body = input.method === 'GET' ? undefined : JSON.parse((await input.text()) || 'null');
      sent.push({ method: input.method, path, body });
      if (path === '/api/auth/me') return json({ user: me });
      if (path === '/api/payment/customer/cus_1') {
        if (input.method === 'PUT') customer = { ...customer, ...(body as Partial<CustomerWire>) };
        return json(customer);
      }
      if (path === '/api/payment/subscriptions') return json(own);
      const id = /^\/api\/payment\/subscriptionDetails\/(.+)$/.exec(path)?.[1];
      if (id) return json(details(id));
      return new Response('{}', { status: 404 });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function renderStatus() {
  const router = createMemoryRouter([{ path: '/subscriptionstatus', element: <SubscriptionStatusPage /> }], {
    initialEntries: ['/subscriptionstatus'],
  });
  render(
    <StoreProvider store={makeStore()}>
      <RouterProvider router={router} />
    </StoreProvider>,
  );
}

describe('the subscription status page', () => {
  it('shows a gift running beside the paid plan with its end date', async () => {
    own = { subscriptions: [paid, gift] };
    renderStatus();
    expect(await screen.findByTestId('subscription-tier')).toHaveTextContent('Founders Plan');
    expect(screen.getAllByTestId('gifted-plan').map((item) => item.textContent)).toEqual([
      'Gift: Professional Plan, until December 22, 2026',
    ]);
  });

  it('does not list a gift twice when it is the plan on the card', async () => {
    own = { subscriptions: [gift] };
    renderStatus();
    expect(await screen.findByTestId('subscription-tier')).toHaveTextContent('Professional Plan');
    expect(screen.getByText('Gift', { exact: true })).toBeInTheDocument();
    expect(screen.queryByTestId('gifted-plan')).toBeNull();
  });

  it('shows a gift as a gift, with no cancel, renew or card buttons', async () => {
    own = { subscriptions: [gift] };
    renderStatus();
    expect(await screen.findByTestId('subscription-renewal')).toHaveTextContent(
      'A gift: active until December 22, 2026, then it ends. No card is charged.',
    );
    for (const name of ['Cancel', 'Renew', 'Change Default Payment Method', 'Update Your Stripe Info'])
      expect(screen.queryByRole('button', { name })).toBeNull();
  });

  it('warns while a renewal payment is failing, linking the card portal', async () => {
    own = { subscriptions: [{ ...paid, status: 'past_due' }] };
    renderStatus();
    expect(await screen.findByRole('alert')).toHaveTextContent(PAYMENT_FAILED_BANNER);
    expect(screen.getByRole('link', { name: 'update your card' })).toBeInTheDocument();
  });

  it('"Update Your Stripe Info" edits name, email and address and saves them to the customer', async () => {
    const user = userEvent.setup();
    own = { subscriptions: [paid] };
    renderStatus();
    await user.click(await screen.findByRole('button', { name: 'Update Your Stripe Info' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update Your Stripe Info' });
    const address = await within(dialog).findByLabelText('Address');
    expect(address).toHaveValue('1 Main St');
    await user.clear(within(dialog).getByLabelText('Name'));
    await user.type(within(dialog).getByLabelText('Name'), 'Ada Lovelace');
    await user.clear(address);
    await user.type(address, '12 Analytical Row');
    await user.clear(within(dialog).getByLabelText('City'));
    await user.type(within(dialog).getByLabelText('City'), 'London');
    await user.selectOptions(within(dialog).getByLabelText('Country'), 'GB');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Your details were saved.')).toBeInTheDocument();
    await waitFor(() =>
      expect(sent.find((call) => call.method === 'PUT')).toEqual({
        method: 'PUT',
        path: '/api/payment/customer/cus_1',
        body: {
          name: 'Ada Lovelace',
          email: 'someone@example.com',
          address: {
            line1: '12 Analytical Row',
            city: 'London',
            state: 'AL',
            postal_code: '36602',
            country: 'GB',
          },
        },
      }),
    );
  });
});
