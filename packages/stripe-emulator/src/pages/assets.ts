import type { PageRoute } from '../router.ts';
import { STYLE } from './layout.ts';

/** Tells the opener (popup) or parent (overlay frame) how authentication ended, then returns. */
const AUTHENTICATE_JS = `(function () {
  var el = document.getElementById('authentication-result');
  if (!el) return;
  var message = {
    type: 'stripe-emulator:authentication',
    paymentIntent: el.getAttribute('data-payment-intent'),
    status: el.getAttribute('data-status'),
  };
  var target = window.opener || (window.parent !== window ? window.parent : null);
  if (target) target.postMessage(message, '*');
  var next = el.getAttribute('data-target');
  if (next) location.replace(next);
})();
`;

const asset = (contentType: string, body: string) => () => ({
  contentType,
  headers: { 'cache-control': 'public, max-age=300' },
  body,
});

/** The emulator's own icon, so its pages never ask the host for one it may not have. */
const FAVICON =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#635bff"/>' +
  '<path d="M9 20.5c1.6 1 3.6 1.6 5.6 1.6 2 0 3.1-.8 3.1-2 0-3-8.6-1.6-8.6-7.4C9.1 9.7 11.4 8 15 8c1.9 0 3.6.4 5 1.1l-.9 3c-1.2-.6-2.6-1-4-1-1.6 0-2.4.7-2.4 1.6 0 2.9 8.6 1.5 8.6 7.4 0 2.9-2.3 4.9-6.4 4.9-2.2 0-4.4-.6-5.9-1.5z" fill="#fff"/></svg>';

export const assetPages: PageRoute[] = [
  { method: 'GET', path: '/_emulator/assets/favicon.svg', handler: asset('image/svg+xml', FAVICON) },
  { method: 'GET', path: '/_emulator/assets/emulator.css', handler: asset('text/css; charset=utf-8', STYLE) },
  {
    method: 'GET',
    path: '/_emulator/assets/authenticate.js',
    handler: asset('text/javascript; charset=utf-8', AUTHENTICATE_JS),
  },
];
