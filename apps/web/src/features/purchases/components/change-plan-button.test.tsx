import {
  type PlanChangePreview,
  type UpdateSubscriptionResult,
  findTier,
  formatEpochDate,
} from '@app/domain';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { StoreProvider } from '@/lib/store/provider.tsx';
import { makeStore } from '@/lib/store/store.ts';
import { ChangePlanButton } from './change-plan-button.tsx';

const RENEWS = Date.UTC(2026, 11, 22, 12) / 1000;

const preview: PlanChangePreview = {
  change: 'upgrade',
  plan: 'Founders Plan',
  amountDueNow: 1234,
  currency: 'usd',
  credits: 3500,
  hypercredits: 40,
  effectiveDate: null,
  renewalAmount: null,
};

const changed = (change: 'upgrade' | 'downgrade', plan: string): UpdateSubscriptionResult => ({
  change,
  message: 'Your subscription was updated.',
  updatedSubscription: { id: 'sub_1', plan, current_period_end: RENEWS },
  amountCharged: change === 'upgrade' ? 1234 : 0,
  amountCredited: 0,
  effectiveDate: change === 'downgrade' ? RENEWS : null,
  invoiceId: null,
});

// RTK Query builds a Request from a path; outside a browser it needs the page's origin.
class PageRequest extends Request {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(typeof input === 'string' ? new URL(input, window.location.origin) : input, init);
  }
}

/** The calls the page made (path and body), and what the server answers to each. */
let sent: { path: string; body: unknown }[];
let answers: Record<string, () => Response>;
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

beforeEach(() => {
  sent = [];
  answers = {
    '/api/payment/preview-plan-change': () => json(preview),
    '/api/payment/updateSubscription': () => json(changed('upgrade', 'Founders Plan')),
  };
  vi.stubGlobal('Request', PageRequest);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request) => {
      const path = new URL(input.url).pathname;
      sent.push({ path, body: await input.clone().json() });
      return answers[path]?.() ?? new Response('{}', { status: 404 });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function renderButton(tierName: string) {
  const router = createMemoryRouter(
    [
      {
        path: '/subscription',
        element: (
          <ChangePlanButton
            tier={findTier(tierName)!}
            userId="u1"
            stripeId="cus_1"
            currentTier="Professional Plan"
            renewsOn={RENEWS}
          />
        ),
      },
      { path: '/subchangelanding', element: <p>Change landing</p> },
    ],
    { initialEntries: ['/subscription'] },
  );
  render(
    <StoreProvider store={makeStore()}>
      <RouterProvider router={router} />
    </StoreProvider>,
  );
  return router;
}

const changes = () => sent.filter((call) => call.path === '/api/payment/updateSubscription');

describe('upgrading from the plan page', () => {
  it('asks first, showing the previewed amount, the credits added and the renewal', async () => {
    renderButton('Founders Plan');
    await userEvent.click(screen.getByRole('button', { name: 'Switch to Founders Plan' }));
    const dialog = screen.getByRole('dialog', { name: 'Upgrade to Founders Plan?' });
    expect(await within(dialog).findByTestId('upgrade-amount')).toHaveTextContent('$12.34');
    expect(within(dialog).getByTestId('upgrade-plan')).toHaveTextContent('Founders Plan');
    expect(within(dialog).getByTestId('upgrade-credits')).toHaveTextContent(
      '3,500 credits and 40 hypercredits',
    );
    expect(within(dialog).getByTestId('upgrade-renewal')).toHaveTextContent(
      `From ${formatEpochDate(RENEWS)}, Founders Plan renews at $29.99 a month.`,
    );
    expect(sent).toEqual([
      {
        path: '/api/payment/preview-plan-change',
        body: { userId: 'u1', stripeId: 'cus_1', newsubscriptiontype: 'Founders Plan' },
      },
    ]);
  });

  it('"Keep my current plan" closes the dialog and changes nothing', async () => {
    renderButton('Founders Plan');
    await userEvent.click(screen.getByRole('button', { name: 'Switch to Founders Plan' }));
    const dialog = screen.getByRole('dialog', { name: 'Upgrade to Founders Plan?' });
    await within(dialog).findByTestId('upgrade-amount');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep my current plan' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(changes()).toEqual([]);
  });

  it('"Confirm upgrade" changes the plan once and shows the change landing', async () => {
    const router = renderButton('Founders Plan');
    await userEvent.click(screen.getByRole('button', { name: 'Switch to Founders Plan' }));
    const dialog = screen.getByRole('dialog', { name: 'Upgrade to Founders Plan?' });
    await within(dialog).findByTestId('upgrade-amount');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm upgrade' }));
    expect(await screen.findByText('Change landing')).toBeInTheDocument();
    expect(router.state.location.state).toEqual({ result: changed('upgrade', 'Founders Plan') });
    expect(changes()).toEqual([
      {
        path: '/api/payment/updateSubscription',
        body: { userId: 'u1', stripeId: 'cus_1', newsubscriptiontype: 'Founders Plan' },
      },
    ]);
  });

  it('cannot be confirmed before the amount is known, and says why when it cannot be worked out', async () => {
    answers['/api/payment/preview-plan-change'] = () =>
      json({ error: { code: 'NO_SUBSCRIPTION', message: 'There is no paid plan to change.' } }, 409);
    renderButton('Founders Plan');
    await userEvent.click(screen.getByRole('button', { name: 'Switch to Founders Plan' }));
    const dialog = screen.getByRole('dialog', { name: 'Upgrade to Founders Plan?' });
    expect(within(dialog).getByRole('button', { name: 'Confirm upgrade' })).toBeDisabled();
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('There is no paid plan to change.');
    expect(within(dialog).getByRole('button', { name: 'Confirm upgrade' })).toBeDisabled();
    expect(changes()).toEqual([]);
  });

  it('a declined upgrade says why in the dialog and stays on the plan page', async () => {
    const declined = 'Your card was declined. Your plan was not changed.';
    answers['/api/payment/updateSubscription'] = () =>
      json({ error: { code: 'UPGRADE_PAYMENT_FAILED', message: declined } }, 402);
    const router = renderButton('Founders Plan');
    await userEvent.click(screen.getByRole('button', { name: 'Switch to Founders Plan' }));
    const dialog = screen.getByRole('dialog', { name: 'Upgrade to Founders Plan?' });
    await within(dialog).findByTestId('upgrade-amount');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm upgrade' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(declined);
    expect(router.state.location.pathname).toBe('/subscription');
  });
});

describe('downgrading from the plan page', () => {
  const downgrade: PlanChangePreview = {
    change: 'downgrade',
    plan: 'Professional Plan Yearly',
    amountDueNow: 0,
    currency: 'usd',
    credits: 0,
    hypercredits: 0,
    effectiveDate: RENEWS,
    renewalAmount: 14390,
  };

  it("asks first with Stripe's preview: what changes, when, and what is charged or credited", async () => {
    answers['/api/payment/preview-plan-change'] = () => json(downgrade);
    renderButton('Professional Plan Yearly');
    await userEvent.click(screen.getByRole('button', { name: 'Switch to Professional Plan Yearly' }));
    const dialog = screen.getByRole('dialog', { name: 'Downgrade to Professional Plan Yearly?' });
    expect(await within(dialog).findByTestId('downgrade-date')).toHaveTextContent(formatEpochDate(RENEWS));
    expect(within(dialog).getByTestId('downgrade-plan')).toHaveTextContent('Professional Plan Yearly');
    expect(within(dialog).getByTestId('downgrade-now')).toHaveTextContent('Nothing');
    expect(within(dialog).getByTestId('downgrade-renewal')).toHaveTextContent(
      '$143.90 a year, with 2,500 credits and 50 hypercredits each month',
    );
    expect(dialog).toHaveTextContent(
      `You keep Professional Plan and its credits until ${formatEpochDate(RENEWS)}.`,
    );
    // Asking changed nothing.
    expect(changes()).toEqual([]);
  });

  it('"Keep my current plan" changes nothing; "Confirm downgrade" schedules it once', async () => {
    answers['/api/payment/preview-plan-change'] = () => json(downgrade);
    answers['/api/payment/updateSubscription'] = () => json(changed('downgrade', 'Professional Plan Yearly'));
    renderButton('Professional Plan Yearly');
    const open = () =>
      userEvent.click(screen.getByRole('button', { name: 'Switch to Professional Plan Yearly' }));
    await open();
    let dialog = screen.getByRole('dialog', { name: 'Downgrade to Professional Plan Yearly?' });
    await within(dialog).findByTestId('downgrade-date');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep my current plan' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(changes()).toEqual([]);

    await open();
    dialog = screen.getByRole('dialog', { name: 'Downgrade to Professional Plan Yearly?' });
    await within(dialog).findByTestId('downgrade-date');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm downgrade' }));
    expect(await screen.findByText('Change landing')).toBeInTheDocument();
    await waitFor(() => expect(changes()).toHaveLength(1));
  });
});
