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

export const assetPages: PageRoute[] = [
  { method: 'GET', path: '/_emulator/assets/emulator.css', handler: asset('text/css; charset=utf-8', STYLE) },
  {
    method: 'GET',
    path: '/_emulator/assets/authenticate.js',
    handler: asset('text/javascript; charset=utf-8', AUTHENTICATE_JS),
  },
];
