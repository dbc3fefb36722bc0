import { textPdf } from '../pdf.ts';
import type { PageRoute } from '../router.ts';
import type { Kept } from '../types.ts';
import { invoiceIntent, payInvoice } from '../billing/invoices.ts';
import type { Ctx } from '../ctx.ts';
import { StripeError } from '../errors.ts';
import { attachCard } from '../resources/customers.ts';
import { paymentMethodFromForm } from './card-form.ts';
import { cardFields, date, esc, money, notFoundPage, page, redirect } from './layout.ts';

function invoiceLines(ctx: Ctx, inv: Kept<'invoice'>): string[] {
  const currency = inv.currency;
  const lines = inv.lines.data.map((l) => `${l.description}    ${money(l.amount, currency)}`);
  const discount = inv.total_discount_amounts!.reduce((s, d) => s + d.amount, 0);
  return [
    `From: ${ctx.settings.businessName}`,
    `Invoice number: ${inv.number ?? 'draft'}`,
    `Date: ${date(inv.created)}`,
    `Billed to: ${inv.customer_name ?? ''} ${inv.customer_email ?? ''} (${inv.customer as string})`,
    `Status: ${inv.status}`,
    '',
    ...lines,
    '',
    `Subtotal: ${money(inv.subtotal, currency)}`,
    ...(discount ? [`Discount: ${money(-discount, currency)}`] : []),
    `Total: ${money(inv.total, currency)}`,
    `Amount paid: ${money(inv.amount_paid, currency)}`,
    `Amount due: ${money(inv.amount_due, currency)}`,
  ];
}

function invoicePage(ctx: Ctx, inv: Kept<'invoice'>, notice: { ok?: string; error?: string }) {
  const payForm =
    inv.status === 'open'
      ? `<form method="post" action="${esc(ctx.url(`/_emulator/invoices/${inv.id}/pay`))}"><fieldset><legend>Pay this invoice</legend>${cardFields()}
<button type="submit">Pay ${esc(money(inv.amount_remaining, inv.currency))}</button></fieldset></form>`
      : '';
  return page(
    ctx,
    `Invoice ${inv.number ?? ''}`,
    `<h1>Invoice ${esc(inv.number ?? inv.id)}</h1>${notice.ok ? `<p role="status">${esc(notice.ok)}</p>` : ''}${
      notice.error ? `<p class="error" role="alert">${esc(notice.error)}</p>` : ''
    }${invoiceLines(ctx, inv)
      .map((l) => (l ? `<p>${esc(l)}</p>` : '<hr>'))
      .join('')}${payForm}<p><a class="button" href="${esc(inv.invoice_pdf)}">Download PDF</a></p>`,
    notice.error ? 402 : 200,
  );
}

export const documentPages: PageRoute[] = [
  {
    method: 'GET',
    path: '/_emulator/invoices/:id/pdf',
    handler: (ctx, { params }) => {
      const inv = ctx.find(params.id as string, 'invoice');
      if (!inv) return notFoundPage(ctx, 'invoice');
      return {
        contentType: 'application/pdf',
        headers: { 'content-disposition': `inline; filename="invoice-${inv.number ?? inv.id}.pdf"` },
        body: textPdf(`Invoice ${inv.number ?? inv.id}`, invoiceLines(ctx, inv)),
      };
    },
  },
  {
    method: 'GET',
    path: '/_emulator/invoices/:id',
    handler: (ctx, { params, query }) => {
      const inv = ctx.find(params.id as string, 'invoice');
      if (!inv) return notFoundPage(ctx, 'invoice');
      return invoicePage(ctx, inv, query.get('paid') ? { ok: 'Thank you: this invoice is paid.' } : {});
    },
  },
  {
    // The hosted invoice page's card form: pays an open invoice with a new card (not saved as default).
    method: 'POST',
    path: '/_emulator/invoices/:id/pay',
    handler: (ctx, { params, form }) => {
      const inv = ctx.find(params.id as string, 'invoice');
      if (!inv) return notFoundPage(ctx, 'invoice');
      if (inv.status !== 'open') return invoicePage(ctx, inv, { error: 'This invoice is not open.' });
      const customer = ctx.get(inv.customer as string, 'customer');
      try {
        const pm = paymentMethodFromForm(ctx, form, {
          email: customer.email ?? undefined,
          name: customer.name ?? undefined,
        });
        attachCard(ctx, pm, customer);
        payInvoice(ctx, inv, pm.id, false);
      } catch (err) {
        if (!(err instanceof StripeError)) throw err;
        return invoicePage(ctx, inv, { error: err.message });
      }
      if (inv.status !== 'paid') {
        const pi = invoiceIntent(ctx, inv);
        const message =
          pi?.last_payment_error?.message ??
          'This card needs authentication, which this page cannot do: try another card.';
        return invoicePage(ctx, inv, { error: message });
      }
      return redirect(ctx.url(`/_emulator/invoices/${inv.id}?paid=1`));
    },
  },
  {
    method: 'GET',
    path: '/_emulator/receipts/:id/pdf',
    handler: (ctx, { params }) => {
      const receipt = receiptOf(ctx, params.id as string);
      if (!receipt) return notFoundPage(ctx, 'receipt');
      return {
        contentType: 'application/pdf',
        headers: { 'content-disposition': `inline; filename="receipt-${receipt.number}.pdf"` },
        body: textPdf(`Receipt from ${ctx.settings.businessName}`, receipt.lines),
      };
    },
  },
  {
    method: 'GET',
    path: '/_emulator/receipts/:id',
    handler: (ctx, { params }) => {
      const receipt = receiptOf(ctx, params.id as string);
      if (!receipt) return notFoundPage(ctx, 'receipt');
      return page(
        ctx,
        `Receipt ${receipt.number}`,
        `<h1>Receipt from ${esc(ctx.settings.businessName)}</h1><p class="muted">Receipt #${esc(receipt.number)}</p>
<table><tbody>${receipt.rows.map(([name, value]) => `<tr><th>${esc(name)}</th><td class="num">${esc(value)}</td></tr>`).join('')}</tbody></table>
<p><a class="button" href="${esc(ctx.url(`/_emulator/receipts/${params.id as string}/pdf`))}">Download receipt</a></p>`,
      );
    },
  },
];

/**
 * What a charge's receipt says, on its page and in its PDF: the seller, the amount, the date, the
 * card, and the items (the invoice's lines when an invoice was paid, else the payment's description).
 */
function receiptOf(ctx: Ctx, chargeId: string) {
  const ch = ctx.find(chargeId, 'charge');
  if (!ch || ch.status !== 'succeeded') return undefined;
  const card = ch.payment_method_details?.card;
  const invoiceId = ch.payment_intent
    ? ctx.state.hidden.invoiceOfIntent[ch.payment_intent as string]
    : undefined;
  const invoice = invoiceId ? ctx.find(invoiceId, 'invoice') : undefined;
  const items = invoice
    ? invoice.lines.data.map((l) => [l.description ?? 'Item', money(l.amount, invoice.currency)] as const)
    : [[ch.description ?? 'Payment', money(ch.amount, ch.currency)] as const];
  const rows: [string, string][] = [
    ['Seller', ctx.settings.businessName],
    ['Amount paid', money(ch.amount, ch.currency)],
    ['Date paid', date(ch.created)],
    ['Payment method', `${card?.brand ?? 'card'} ending in ${card?.last4 ?? ''}`],
    ...(invoice ? ([['Invoice', invoice.number ?? invoice.id]] as [string, string][]) : []),
    ...items.map(([name, amount]) => [`Item: ${name}`, amount] as [string, string]),
    ...(ch.amount_refunded > 0
      ? ([['Refunded', money(ch.amount_refunded, ch.currency)]] as [string, string][])
      : []),
  ];
  return {
    number: ch.receipt_number ?? ch.id,
    rows,
    lines: [
      `Receipt #${ch.receipt_number ?? ch.id}`,
      '',
      ...rows.map(([name, value]) => `${name}: ${value}`),
    ],
  };
}
