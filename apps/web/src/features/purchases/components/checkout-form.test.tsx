import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { StoreProvider } from '@/lib/store/provider.tsx';
import { makeStore } from '@/lib/store/store.ts';
import type { CardFieldProps } from './card-field.ts';
import { CheckoutForm } from './checkout-form.tsx';

const card = vi.hoisted(() => ({
  createPaymentMethod: vi.fn(),
  handleCardAction: vi.fn(),
  clear: vi.fn(),
}));

// The emulator's card field talks to the emulator; here a plain input stands in for it, telling
// the form whether a card is typed and making the payment method the form asks for.
vi.mock('./emulator-card-field.tsx', () => ({
  EmulatorCardField: ({ onReady, onChange, disabled }: CardFieldProps) => {
    useEffect(() => onReady(card), [onReady]);
    return (
      <input
        aria-label="Card"
        disabled={disabled}
        onChange={(event) => onChange({ empty: event.target.value === '', error: null })}
      />
    );
  },
}));

/** The server's answers by path, and the bodies it was sent. */
let answers: Record<string, { status: number; body: unknown }>;
let sent: { path: string; body: unknown }[];
beforeEach(() => {
  answers = {};
  sent = [];
  card.createPaymentMethod.mockResolvedValue({ ok: true, value: 'pm_card' });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const path = new URL(request.url).pathname;
      sent.push({ path, body: JSON.parse((await request.text()) || 'null') });
      const answer = answers[path] ?? { status: 404, body: {} };
      return new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const checkout = {
  selectedTierIndex: 0,
  paymentIntent: {
    id: 'pi_pack',
    client_secret: 'pi_pack_secret_abc',
    customer: 'cus_1',
    amount: 499,
    currency: 'usd',
    metadata: { payment_type: 'Credits' as const, tierType: 'Starter Pack' },
  },
};

function renderForm(user = { discordname: 'Ada', email: 'ada@example.com' }) {
  const onPaid = vi.fn();
  render(
    <StoreProvider store={makeStore()}>
      <CheckoutForm
        checkout={checkout}
        config={{ publishableKey: 'pk_test', emulatorUrl: 'http://emulator' }}
        user={user}
        onPaid={onPaid}
      />
    </StoreProvider>,
  );
  return onPaid;
}

/** The billing address the browser requires before the form submits. */
async function fillAddress(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Address'), '1 Main St');
  await user.type(screen.getByLabelText('City'), 'Mobile');
  await user.type(screen.getByLabelText('Postal code'), '36602');
}

const paid = { status: 'succeeded', client_secret: null, amountPaid: 499, discountName: null, error: null };

describe('CheckoutForm', () => {
  it('holds the pay button back until a card is typed', async () => {
    const user = userEvent.setup();
    renderForm();
    expect(screen.getByRole('button', { name: 'Pay now' })).toBeDisabled();
    await user.type(screen.getByLabelText('Card'), '4242');
    expect(screen.getByRole('button', { name: 'Pay now' })).toBeEnabled();
    await user.clear(screen.getByLabelText('Card'));
    expect(screen.getByRole('button', { name: 'Pay now' })).toBeDisabled();
  });

  it('pays a credit package with the card’s payment method and hands over the receipt', async () => {
    const user = userEvent.setup();
    answers['/api/payment/process_single'] = { status: 200, body: { ...paid, sessionId: 'pi_pack' } };
    const onPaid = renderForm();
    await fillAddress(user);
    await user.type(screen.getByLabelText('Card'), '4242');
    await user.click(screen.getByRole('button', { name: 'Pay now' }));
    await waitFor(() => expect(onPaid).toHaveBeenCalledWith('pi_pack', 'ada@example.com'));
    expect(sent).toEqual([
      {
        path: '/api/payment/process_single',
        body: { paymentIntentId: 'pi_pack', paymentMethodId: 'pm_card', couponCode: null },
      },
    ]);
    expect(card.createPaymentMethod).toHaveBeenCalledWith(
      expect.objectContaining({
        name: 'Ada',
        email: 'ada@example.com',
        address: { line1: '1 Main St', city: 'Mobile', state: 'AL', postal_code: '36602', country: 'US' },
      }),
    );
  });

  it('stops at an invalid coupon: says so, charges nothing and lets the payer try again', async () => {
    const user = userEvent.setup();
    answers['/api/payment/verify_coupon'] = { status: 200, body: { valid: false, discountName: null } };
    const onPaid = renderForm();
    await fillAddress(user);
    await user.type(screen.getByLabelText('Coupon (optional)'), 'NOPE');
    await user.type(screen.getByLabelText('Card'), '4242');
    await user.click(screen.getByRole('button', { name: 'Pay now' }));
    expect(await screen.findByText('Invalid Coupon Entered')).toBeInTheDocument();
    expect(sent.map((call) => call.path)).toEqual(['/api/payment/verify_coupon']);
    expect(card.createPaymentMethod).not.toHaveBeenCalled();
    expect(onPaid).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Pay now' })).toBeEnabled();
    // Editing the coupon takes the verdict away until it is checked again.
    await user.type(screen.getByLabelText('Coupon (optional)'), '2');
    expect(screen.queryByText('Invalid Coupon Entered')).not.toBeInTheDocument();
  });

  it('shows a declined card in plain words and clears the card field', async () => {
    const user = userEvent.setup();
    answers['/api/payment/process_single'] = {
      status: 402,
      body: { error: { code: 'CARD_DECLINED', message: 'Your card was declined.' } },
    };
    const onPaid = renderForm();
    await fillAddress(user);
    await user.type(screen.getByLabelText('Card'), '4000');
    await user.click(screen.getByRole('button', { name: 'Pay now' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Payment failed: Your card was declined.');
    expect(card.clear).toHaveBeenCalled();
    expect(onPaid).not.toHaveBeenCalled();
  });

  it('says beside each empty required field what is missing, sends nothing, and clears it as typed', async () => {
    const user = userEvent.setup();
    const onPaid = renderForm();
    await user.clear(screen.getByLabelText('Name'));
    await user.type(screen.getByLabelText('City'), '   ');
    await user.type(screen.getByLabelText('Card'), '4242');
    await user.click(screen.getByRole('button', { name: 'Pay now' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('Name is required');
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Name')).toHaveFocus();
    expect(screen.getByLabelText('Address')).toHaveAccessibleDescription('Address is required');
    expect(screen.getByLabelText('City')).toHaveAccessibleDescription('City is required');
    expect(screen.getByLabelText('Postal code')).toHaveAccessibleDescription('Postal code is required');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('');
    expect(screen.getByLabelText('Email')).not.toHaveAttribute('aria-invalid');
    expect(card.createPaymentMethod).not.toHaveBeenCalled();
    expect(sent).toEqual([]);
    expect(onPaid).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('Name'), 'Ada');
    expect(screen.queryByText('Name is required')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Address')).toHaveAccessibleDescription('Address is required');
  });

  it('asks for the email when the profile has none, and for a real address when one is typed', async () => {
    const user = userEvent.setup();
    renderForm({ discordname: 'Ada', email: 'none@placeholder.invalid' });
    expect(screen.getByLabelText('Email')).toHaveValue('');
    await fillAddress(user);
    await user.type(screen.getByLabelText('Card'), '4242');
    await user.click(screen.getByRole('button', { name: 'Pay now' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'ada.example.com');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Enter a valid email address');
    await user.click(screen.getByRole('button', { name: 'Pay now' }));
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Enter a valid email address');
    expect(card.createPaymentMethod).not.toHaveBeenCalled();
    expect(sent).toEqual([]);
  });

  it('sends the fields trimmed, a state not listed as none, and an accepted coupon', async () => {
    const user = userEvent.setup();
    answers['/api/payment/verify_coupon'] = { status: 200, body: { valid: true, discountName: '10% off' } };
    answers['/api/payment/process_single'] = { status: 200, body: { ...paid, sessionId: 'pi_pack' } };
    const onPaid = renderForm();
    await user.type(screen.getByLabelText('Name'), ' Lovelace ');
    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), ' ada@example.org ');
    await user.type(screen.getByLabelText('Address'), ' 2 Rue Neuve ');
    await user.type(screen.getByLabelText('City'), ' Montréal');
    await user.selectOptions(screen.getByLabelText('State'), 'Not Listed');
    await user.type(screen.getByLabelText('Postal code'), 'H2X 1Y4 ');
    await user.selectOptions(screen.getByLabelText('Country'), 'CA');
    await user.type(screen.getByLabelText('Coupon (optional)'), ' WELCOME10 ');
    await user.type(screen.getByLabelText('Card'), '4242');
    await user.click(screen.getByRole('button', { name: 'Pay now' }));
    await waitFor(() => expect(onPaid).toHaveBeenCalledWith('pi_pack', 'ada@example.org'));
    expect(screen.getByText('Coupon Accepted')).toBeInTheDocument();
    expect(card.createPaymentMethod).toHaveBeenCalledWith({
      name: 'Ada Lovelace',
      email: 'ada@example.org',
      address: { line1: '2 Rue Neuve', city: 'Montréal', state: '', postal_code: 'H2X 1Y4', country: 'CA' },
    });
    expect(sent).toEqual([
      { path: '/api/payment/verify_coupon', body: { couponid: 'WELCOME10', paymentIntentId: 'pi_pack' } },
      {
        path: '/api/payment/process_single',
        body: { paymentIntentId: 'pi_pack', paymentMethodId: 'pm_card', couponCode: 'WELCOME10' },
      },
    ]);
  });

  it('checks a coupon when it is applied and shows the total with it before Pay', async () => {
    const user = userEvent.setup();
    answers['/api/payment/verify_coupon'] = {
      status: 200,
      body: { valid: true, discountName: 'Welcome 10% off', amount: 1499, discountedAmount: 1349 },
    };
    renderForm();
    await user.type(screen.getByLabelText('Coupon (optional)'), 'WELCOME10');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Coupon Accepted')).toBeInTheDocument();
    expect(screen.getByTestId('coupon-total')).toHaveTextContent('New total: $13.49');
    expect(sent).toEqual([
      { path: '/api/payment/verify_coupon', body: { couponid: 'WELCOME10', paymentIntentId: 'pi_pack' } },
    ]);
    expect(card.createPaymentMethod).not.toHaveBeenCalled();

    answers['/api/payment/verify_coupon'] = { status: 200, body: { valid: false, discountName: null } };
    await user.clear(screen.getByLabelText('Coupon (optional)'));
    await user.type(screen.getByLabelText('Coupon (optional)'), 'NOPE{Enter}');
    expect(await screen.findByText('Invalid Coupon Entered')).toBeInTheDocument();
    expect(screen.queryByTestId('coupon-total')).not.toBeInTheDocument();
  });

  it('holds Pay and the card field while the payment is processed', async () => {
    const user = userEvent.setup();
    let answer: (response: Response) => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    const onPaid = renderForm();
    await fillAddress(user);
    await user.type(screen.getByLabelText('Card'), '4242');
    await user.click(screen.getByRole('button', { name: 'Pay now' }));
    const pay = await screen.findByRole('button', { name: 'Processing…' });
    expect(pay).toBeDisabled();
    expect(screen.getByLabelText('Card')).toBeDisabled();
    answer(
      new Response(JSON.stringify({ ...paid, sessionId: 'pi_pack' }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      }),
    );
    await waitFor(() => expect(onPaid).toHaveBeenCalledWith('pi_pack', 'ada@example.com'));
    expect(card.createPaymentMethod).toHaveBeenCalledTimes(1);
  });

  it('treats a coupon check the server refuses as invalid and says why in the alert area', async () => {
    const user = userEvent.setup();
    answers['/api/payment/verify_coupon'] = {
      status: 429,
      body: { error: { code: 'RATE_LIMITED', message: 'Too many tries. Wait a minute.' } },
    };
    renderForm();
    await fillAddress(user);
    await user.type(screen.getByLabelText('Coupon (optional)'), 'SPAM');
    await user.type(screen.getByLabelText('Card'), '4242');
    await user.click(screen.getByRole('button', { name: 'Pay now' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Payment failed: Too many tries. Wait a minute.',
    );
    expect(screen.getByText('Invalid Coupon Entered')).toBeInTheDocument();
    expect(card.createPaymentMethod).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Pay now' })).toBeEnabled();
  });
});
