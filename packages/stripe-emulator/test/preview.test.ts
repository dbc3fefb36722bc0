import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Emulator } from '../src/index.ts';
import { customerWithCard, monthlyPrice, setup } from './helpers.ts';

let emulator: Emulator;
let stripe: Stripe;
beforeAll(async () => ({ emulator, stripe } = await setup()));
afterAll(() => emulator.close());

/** A 10.00/month subscription, a 30.00 price to move to, and a proration date a third of the way in. */
async function upgradeCase() {
  const { customer } = await customerWithCard(stripe);
  const basic = await monthlyPrice(stripe, 1000, 'Basic');
  const pro = await monthlyPrice(stripe, 3000, 'Pro');
  const sub = await stripe.subscriptions.create({ customer: customer.id, items: [{ price: basic.id }] });
  const item = sub.items.data[0]!;
  const { current_period_start: start, current_period_end: end } = item;
  const prorationDate = start + Math.floor((end - start) / 3);
  const left = (end - prorationDate) / (end - start);
  const unused = -Math.round(1000 * left);
  const remaining = Math.round(3000 * left);
  const details = (behavior: 'create_prorations' | 'always_invoice' | 'none') => ({
    items: [{ id: item.id, price: pro.id }],
    proration_behavior: behavior,
    proration_date: prorationDate,
  });
  return { sub, pro, item, prorationDate, unused, remaining, details };
}

describe('invoices.createPreview for a price change', () => {
  it('create_prorations: the next renewal invoice with both proration lines and the new price', async () => {
    const c = await upgradeCase();
    const preview = await stripe.invoices.createPreview({
      subscription: c.sub.id,
      subscription_details: c.details('create_prorations'),
    });
    const lines = preview.lines.data;
    const prorations = lines.filter((l) => l.parent?.subscription_item_details?.proration);
    expect(prorations.map((l) => l.amount).sort((a, b) => a - b)).toEqual([c.unused, c.remaining]);
    expect(prorations.every((l) => l.period.start === c.prorationDate)).toBe(true);
    const renewal = lines.find((l) => !l.parent?.subscription_item_details?.proration)!;
    expect(renewal.amount).toBe(3000);
    expect(renewal.period.start).toBe(c.item.current_period_end);
    expect(preview.amount_due).toBe(c.unused + c.remaining + 3000);
    expect(preview.subtotal).toBe(preview.amount_due);
    expect(preview.billing_reason).toBe('subscription_update');
  });

  it('always_invoice: only the proration lines, which the real update then charges exactly', async () => {
    const c = await upgradeCase();
    const preview = await stripe.invoices.createPreview({
      subscription: c.sub.id,
      subscription_details: c.details('always_invoice'),
    });
    expect(preview.lines.data).toHaveLength(2);
    expect(preview.amount_due).toBe(c.unused + c.remaining);
    const unchanged = await stripe.subscriptions.retrieve(c.sub.id);
    expect(unchanged.items.data[0]!.price.id).not.toBe(c.pro.id);
    expect((await stripe.invoices.list({ subscription: c.sub.id })).data).toHaveLength(1);

    const updated = await stripe.subscriptions.update(c.sub.id, {
      ...c.details('always_invoice'),
      expand: ['latest_invoice'],
    });
    const invoice = updated.latest_invoice as Stripe.Invoice;
    expect(invoice.amount_due).toBe(preview.amount_due);
    expect(invoice.status).toBe('paid');
  });

  it('none: the next renewal at the new price, without prorations', async () => {
    const c = await upgradeCase();
    const preview = await stripe.invoices.createPreview({
      subscription: c.sub.id,
      subscription_details: c.details('none'),
    });
    expect(preview.lines.data.map((l) => l.amount)).toEqual([3000]);
    expect(preview.amount_due).toBe(3000);
  });
});
