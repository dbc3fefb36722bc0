import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { StoreProvider } from '@/lib/store/provider.tsx';
import { makeStore } from '@/lib/store/store.ts';
import { UserPayments } from './user-payments.tsx';

const payments = [
  {
    id: 'pi_1',
    kind: 'creditPackage',
    description: 'Starter Pack',
    amountCents: 449,
    refundedCents: 200,
    currency: 'usd',
    credits: 500,
    hypercredits: 0,
    dispute: null,
    refundable: true,
    paidAt: '2026-11-29T10:00:00.000Z',
  },
  {
    id: 'pi_2',
    kind: 'gift',
    description: 'Gift: Professional Plan',
    amountCents: 1499,
    refundedCents: 1499,
    currency: 'usd',
    credits: 2500,
    hypercredits: 50,
    dispute: null,
    refundable: false,
    paidAt: '2026-11-28T10:00:00.000Z',
  },
];

let sent: { method: string; path: string; body: unknown }[];
beforeEach(() => {
  sent = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const text = await request.text();
      sent.push({
        method: request.method,
        path: new URL(request.url).pathname,
        body: text ? JSON.parse(text) : null,
      });
      const answer =
        request.method === 'GET'
          ? { payments }
          : { refundId: 're_1', amountCents: 100, status: 'succeeded', message: 'Refunded $1.00.' };
      return new Response(JSON.stringify(answer), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('UserPayments', () => {
  it('lists payments with what was refunded, and refunds an amount with the admin password', async () => {
    const user = userEvent.setup();
    render(
      <StoreProvider store={makeStore()}>
        <UserPayments userId="11111111-1111-4111-8111-111111111111" name="Ada" />
      </StoreProvider>,
    );
    expect(await screen.findByText('$2.00 refunded')).toBeInTheDocument();
    expect(screen.getByText('Refunded')).toBeInTheDocument();
    const buttons = screen.getAllByRole('button', { name: 'Refund' });
    expect(buttons).toHaveLength(1);
    await user.click(buttons[0]!);
    await user.type(screen.getByLabelText(/Amount in dollars/), '1');
    await user.type(screen.getByLabelText('Admin password'), 'pw');
    await user.click(screen.getByRole('button', { name: 'Refund $1.00' }));
    expect(await screen.findByText('Refunded $1.00.')).toBeInTheDocument();
    const refund = sent.find((call) => call.method === 'POST')!;
    expect(refund.path).toBe('/api/admin/users/11111111-1111-4111-8111-111111111111/payments/pi_1/refund');
    expect(refund.body).toMatchObject({ amountCents: 100, password: 'pw' });
    expect((refund.body as { requestId: string }).requestId).toMatch(/^[0-9a-f-]{36}$/);
  });
});
