import { loadSettings } from '../settings.ts';
import { createStripeBilling } from '../modules/billing/stripe-client.ts';
import { syncCatalog } from '../modules/catalog/sync-catalog.ts';

/**
 * `npm run stripe:sync`: makes the Stripe account's products and prices match the catalog (by
 * lookup key). The server does the same at start-up; this is for preparing an account ahead.
 */
const settings = loadSettings();
if (!settings.stripe) {
  console.error('Set STRIPE_SECRET_KEY (and the other Stripe settings) to sync a Stripe account.');
  console.error('In the embedded default the emulator is synced at every start-up.');
  process.exit(1);
}
const { stripe } = createStripeBilling(settings.stripe);
const { created } = await syncCatalog({ stripe });
console.log(created.length ? `Created prices: ${created.join(', ')}` : 'The catalog is already in sync.');
