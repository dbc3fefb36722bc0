import type { PaymentTestContext } from '../payment/helpers.ts';

/** Buys a gift through hosted checkout, paying on the emulator's page as a browser would. */
export async function buyGift(
  t: PaymentTestContext,
  cookie: string,
  tierType: string,
  recurringType = 'Monthly',
) {
  const started = await t.app.inject({
    method: 'POST',
    url: '/api/payment/create-checkout-session',
    headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ purchaseType: 'Gift', tierType, recurringType }).toString(),
  });
  if (started.statusCode !== 303) throw new Error(`checkout: ${started.statusCode} ${started.body}`);
  const pageUrl = started.headers.location as string;
  const paid = await fetch(pageUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      email: 'gift-buyer@example.com',
      name: 'Gift Buyer',
      card_number: '4242 4242 4242 4242',
      card_expiry: '12 / 40',
      card_cvc: '123',
    }).toString(),
    redirect: 'manual',
  });
  if (paid.status !== 303) throw new Error(`hosted checkout: ${paid.status}`);
  return new URL(paid.headers.get('location')!).searchParams.get('session_id')!;
}

export function redeem(
  t: PaymentTestContext,
  cookie: string,
  payload: Record<string, unknown>,
  headers = {},
) {
  return t.app.inject({
    method: 'POST',
    url: '/api/payment/redeem-gift-code',
    headers: { cookie, ...headers },
    payload,
  });
}
