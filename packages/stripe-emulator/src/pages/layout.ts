import type { Ctx } from '../ctx.ts';
import type { PageResponse } from '../router.ts';

export function esc(value: string | number | null | undefined): string {
  return String(value ?? '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

export function money(amount: number, currency: string): string {
  const value = (Math.abs(amount) / 100).toFixed(2);
  const sign = amount < 0 ? '−' : '';
  return currency.toLowerCase() === 'usd' ? `${sign}$${value}` : `${sign}${value} ${currency.toUpperCase()}`;
}

export function date(unix: number): string {
  return new Date(unix * 1000).toISOString().slice(0, 10);
}

/** Served as a file: the pages work under a Content-Security-Policy without inline code. */
export const STYLE = `
body{font:16px/1.5 system-ui,sans-serif;margin:0;background:#f6f8fa;color:#1a1f36}
main{max-width:34rem;margin:2rem auto;background:#fff;border-radius:8px;padding:1.5rem 2rem;box-shadow:0 1px 4px #0002}
h1{font-size:1.35rem;margin:0 0 .25rem}.muted{color:#5b6475}.banner{background:#fff4d6;border:1px solid #e9c46a;padding:.4rem .75rem;border-radius:6px;font-size:.85rem}
label{display:block;margin:.75rem 0 .25rem;font-weight:600}input{font:inherit;width:100%;box-sizing:border-box;padding:.5rem;border:1px solid #b8c0cc;border-radius:6px}
.row{display:flex;gap:.75rem}.row>div{flex:1}button,.button{font:inherit;display:inline-block;margin-top:1rem;padding:.6rem 1.2rem;border:0;border-radius:6px;background:#4f46e5;color:#fff;cursor:pointer;text-decoration:none}
button.secondary{background:#e5e7eb;color:#1a1f36}.error{color:#b42318;background:#fef3f2;border:1px solid #fda29b;padding:.5rem;border-radius:6px}
table{width:100%;border-collapse:collapse;margin:1rem 0}td,th{text-align:left;padding:.35rem .25rem;border-bottom:1px solid #e5e7eb}td.num,th.num{text-align:right}
main:has(table.dashboard){max-width:64rem}form.inline{display:inline-block;margin:0 .3rem .3rem 0}form.inline button{margin-top:.3rem;padding:.3rem .7rem}form.inline input{width:auto}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
@media print{.noprint{display:none}body{background:#fff}main{box-shadow:none}}`;

export function page(ctx: Ctx, title: string, body: string, status = 200, head = ''): PageResponse {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(title)}</title><link rel="icon" type="image/svg+xml" href="${esc(ctx.url('/_emulator/assets/favicon.svg'))}"><link rel="stylesheet" href="${esc(ctx.url('/_emulator/assets/emulator.css'))}">${head}</head><body><main>
<p class="banner noprint">Test mode — Stripe emulator. No real money moves.</p>
${body}</main></body></html>`;
  return { status, contentType: 'text/html; charset=utf-8', body: html };
}

export function redirect(location: string): PageResponse {
  return { status: 303, headers: { location }, body: '' };
}

export function notFoundPage(ctx: Ctx, what: string): PageResponse {
  return page(ctx, 'Not found', `<h1>Not found</h1><p>No such ${esc(what)}.</p>`, 404);
}

/** Card fields shared by the checkout and portal pages. */
export function cardFields(): string {
  return `<label for="card-number">Card number</label>
<input id="card-number" name="card_number" inputmode="numeric" autocomplete="cc-number" placeholder="4242 4242 4242 4242" required>
<div class="row"><div><label for="card-expiry">Expiry (MM / YY)</label>
<input id="card-expiry" name="card_expiry" autocomplete="cc-exp" placeholder="12 / 34" required></div>
<div><label for="card-cvc">CVC</label><input id="card-cvc" name="card_cvc" inputmode="numeric" autocomplete="cc-csc" placeholder="123" required></div></div>`;
}
