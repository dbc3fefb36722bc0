import { CREDIT_PACKAGES, formatCents } from '@app/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyGift } from '../gifts/helpers.ts';
import { call, subscribe } from '../subscriptions/helpers.ts';
import { CARDS, createPaymentTestApp, type PaymentTestContext } from './helpers.ts';
import { api, postForm, saveCard, settings, spendAndTopUp } from './top-up-helpers.ts';

/*
 * Receipts for every payment (a plan's invoice, a credit package, a gift, an auto top-up), each a
 * PDF naming its amount and the seller; and "Manage billing": the billing portal, whose cancelling
 * reaches the dashboard by webhook.
 */
let t: PaymentTestContext;
beforeAll(async () => {
  t = await createPaymentTestApp({ discord: true });
});
afterAll(() => t.close());

const pack = CREDIT_PACKAGES[0]!;

async function buyPackage(cookie: string) {
  const started = await call(t, cookie, 'POST', '/api/payment/create-payment-intent', {
    purchaseType: 'Credits',
    tierType: pack.name,
  });
  expect(started.statusCode, started.body).toBe(200);
  const paid = await call(t, cookie, 'POST', '/api/payment/process_single', {
    paymentIntentId: started.json().id,
    paymentMethodId: await t.card(CARDS.ok),
  });
  expect(paid.json().status, paid.body).toBe('succeeded');
  return started.json().id as string;
}

describe('receipts', () => {
  it('every payment in the history links a receipt PDF naming its amount and the seller', async () => {
    const member = await subscribe(t, `receipts-${Date.now()}`, 'Professional Plan');
    const intentId = await buyPackage(member.cookie);
    await buyGift(t, member.cookie, 'Professional Plan');
    await t.discord!.addUser(member.userId);
    expect((await saveCard(t, member.cookie, CARDS.ok)).statusCode).toBe(200);
    expect((await api(t, member.cookie)('PUT', '/api/payment/auto-top-up', settings())).statusCode).toBe(200);
    const credits = (await api(t, member.cookie)('GET', `/api/users/${member.userId}`)).json()
      .credits as number;
    expect(await spendAndTopUp(t, member.userId, credits - 50)).toBe('bought');
    await t.deliverEvents();

    const history = await call(t, member.cookie, 'GET', `/api/payment/payment-history/${member.customerId}`);
    const records =
      history.json<
        { description: string; amount: number; receipt_pdf: string | null; invoice_pdf: string | null }[]
      >();
    const descriptions = records.map((r) => r.description);
    expect(descriptions).toEqual(
      expect.arrayContaining([pack.name, 'Gift: Professional Plan', 'Auto top-up: Starter Pack']),
    );
    expect(descriptions.some((d) => d.startsWith('Professional Plan'))).toBe(true);
    for (const record of records) {
      expect(record.receipt_pdf, record.description).toBeTruthy();
      const pdf = await fetch(record.receipt_pdf!);
      expect(pdf.headers.get('content-type'), record.description).toBe('application/pdf');
      const text = Buffer.from(await pdf.arrayBuffer()).toString('latin1');
      expect(text, record.description).toContain(`$${formatCents(record.amount)}`);
      expect(text).toContain('HyperCreate');
    }

    // The success page's receipt ("Print Receipt") carries the same documents.
    const session = await call(t, member.cookie, 'GET', `/api/payment/session/${intentId}`);
    expect(session.statusCode, session.body).toBe(200);
    const receipt = session.json<{ receipt_url: string; receipt_pdf: string }>();
    expect(await (await fetch(receipt.receipt_url)).text()).toContain('Download receipt');
    expect((await fetch(receipt.receipt_pdf)).headers.get('content-type')).toBe('application/pdf');
  });
});

describe('Manage billing', () => {
  it('opens the billing portal; cancelling there shows as cancelled after the webhook', async () => {
    const member = await subscribe(t, `portal-${Date.now()}`, 'Professional Plan');
    const opened = await call(t, member.cookie, 'POST', '/api/payment/create_invoice_portal', {
      customer_id: member.customerId,
    });
    expect(opened.statusCode, opened.body).toBe(200);
    const page = await (await fetch(opened.json<{ url: string }>().url)).text();
    expect(page).toContain('Invoices');
    const cancel = /action="([^"]+\/cancel\/[^"]+)"/.exec(page)![1]!;
    expect((await postForm(cancel.replace(/&amp;/g, '&'), {})).status).toBe(303);

    // The dashboard reads our copy, which the webhook brings up to date.
    const own = async () =>
      (await call(t, member.cookie, 'GET', '/api/payment/subscriptions'))
        .json<{ subscriptions: { subscription_id: string; cancel_at_period_end?: boolean }[] }>()
        .subscriptions.find((s) => s.subscription_id === member.subscriptionId);
    expect((await own())?.cancel_at_period_end).toBe(false);
    await t.deliverEvents();
    expect((await own())?.cancel_at_period_end).toBe(true);
    const details = await call(
      t,
      member.cookie,
      'GET',
      `/api/payment/subscriptionDetails/${member.subscriptionId}`,
    );
    expect(details.json().cancel_at_period_end).toBe(true);
  });
});
