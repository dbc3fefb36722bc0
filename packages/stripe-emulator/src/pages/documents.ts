import { textPdf } from '../pdf.ts';
import type { PageRoute } from '../router.ts';
import type { Obj } from '../types.ts';
import { date, esc, money, notFoundPage, page } from './layout.ts';

function invoiceLines(inv: Obj): string[] {
  const currency = inv.currency as string;
  const lines = (inv.lines.data as Obj[]).map(
    (l) => `${l.description}    ${money(l.amount as number, currency)}`,
  );
  const discount = (inv.total_discount_amounts as Obj[]).reduce((s, d) => s + (d.amount as number), 0);
  return [
    `Invoice number: ${inv.number ?? 'draft'}`,
    `Date: ${date(inv.created as number)}`,
    `Billed to: ${inv.customer_name ?? ''} ${inv.customer_email ?? ''} (${inv.customer})`,
    `Status: ${inv.status}`,
    '',
    ...lines,
    '',
    `Subtotal: ${money(inv.subtotal as number, currency)}`,
    ...(discount ? [`Discount: ${money(-discount, currency)}`] : []),
    `Total: ${money(inv.total as number, currency)}`,
    `Amount paid: ${money(inv.amount_paid as number, currency)}`,
    `Amount due: ${money(inv.amount_due as number, currency)}`,
  ];
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
    handler: (ctx, { params }) => {
      const inv = ctx.find(params.id as string, 'invoice');
      if (!inv) return notFoundPage(ctx, 'invoice');
      return page(
        ctx,
        `Invoice ${inv.number ?? ''}`,
        `<h1>Invoice ${esc(inv.number ?? inv.id)}</h1>${invoiceLines(inv)
          .map((l) => (l ? `<p>${esc(l)}</p>` : '<hr>'))
          .join('')}<p><a class="button" href="${esc(inv.invoice_pdf)}">Download PDF</a></p>`,
      );
    },
  },
  {
    method: 'GET',
    path: '/_emulator/receipts/:id',
    handler: (ctx, { params }) => {
      const ch = ctx.find(params.id as string, 'charge');
      if (!ch || ch.status !== 'succeeded') return notFoundPage(ctx, 'receipt');
      const card = ch.payment_method_details?.card as Obj | undefined;
      return page(
        ctx,
        `Receipt ${ch.receipt_number}`,
        `<h1>Receipt</h1><p class="muted">Receipt #${esc(ch.receipt_number)}</p>
<table><tbody><tr><th>Amount paid</th><td class="num">${esc(money(ch.amount as number, ch.currency as string))}</td></tr>
<tr><th>Date paid</th><td class="num">${esc(date(ch.created as number))}</td></tr>
<tr><th>Payment method</th><td class="num">${esc(card?.brand)} •••• ${esc(card?.last4)}</td></tr>
${ch.description ? `<tr><th>Description</th><td class="num">${esc(ch.description)}</td></tr>` : ''}</tbody></table>
<button class="noprint" type="button" onclick="window.print()">Print</button>`,
      );
    },
  },
];
