import { textPdf } from '../pdf.ts';
import type { PageRoute } from '../router.ts';
import type { Kept } from '../types.ts';
import { invoiceIntent, payInvoice } from '../billing/invoices.ts';
import type { Ctx } from '../ctx.ts';
import { StripeError } from '../errors.ts';
import { attachCard } from '../resources/customers.ts';
import { paymentMethodFromForm } from './card-form.ts';
import { cardFields, date, esc, money, notFoundPage, page, redirect } from './layout.ts';

function invoiceLines(inv: Kept<'invoice'>): string[] {
  const currency = inv.currency;
  const lines = inv.lines.data.map((l) => `${l.description}    ${money(l.amount, currency)}`);
  const discount = inv.total_discount_amounts!.reduce((s, d) => s + d.amount, 0);
  return [
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
    }${invoiceLines(inv)
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
        body: textPdf(`Invoice ${inv.number ?? inv.id}`, invoiceLines(inv)),
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
    path: '/_emulator/receipts/:id',
    handler: (ctx, { params }) => {
      const ch = ctx.find(params.id as string, 'charge');
      if (!ch || ch.status !== 'succeeded') return notFoundPage(ctx, 'receipt');
      const card = ch.payment_method_details?.card;
      return page(
        ctx,
        `Receipt ${ch.receipt_number}`,
        `<h1>Receipt</h1><p class="muted">Receipt #${esc(ch.receipt_number)}</p>
<table><tbody><tr><th>Amount paid</th><td class="num">${esc(money(ch.amount, ch.currency))}</td></tr>
<tr><th>Date paid</th><td class="num">${esc(date(ch.created))}</td></tr>
<tr><th>Payment method</th><td class="num">${esc(card?.brand)} •••• ${esc(card?.last4)}</td></tr>
${ch.description ? `<tr><th>Description</th><td class="num">${esc(ch.description)}</td></tr>` : ''}</tbody></table>
<button class="noprint" type="button" onclick="window.print()">Print</button>`,
      );
    },
  },
];
