import { CREDIT_PACKAGES, TIER_OPTIONS } from '@app/domain';
import type Stripe from 'stripe';

interface CatalogItem {
  lookupKey: string;
  name: string;
  price: number;
  interval: 'month' | 'year' | null;
}

export const CATALOG_ITEMS: CatalogItem[] = [
  ...TIER_OPTIONS.map((tier) => ({
    lookupKey: tier.lookupKey,
    name: tier.tier,
    price: tier.price,
    interval: tier.ptype === 'Yearly' ? ('year' as const) : ('month' as const),
  })),
  ...CREDIT_PACKAGES.map((pack) => ({
    lookupKey: pack.lookupKey,
    name: pack.name,
    price: pack.price,
    interval: null,
  })),
];

/** Products get ids of ours, so a second run finds them instead of creating duplicates. */
const productId = (lookupKey: string) => `hc_${lookupKey}`;

function matches(price: Stripe.Price, item: CatalogItem): boolean {
  return (
    price.active &&
    price.unit_amount === item.price &&
    price.currency === 'usd' &&
    (price.recurring?.interval ?? null) === item.interval
  );
}

async function ensureProduct(stripe: Stripe, item: CatalogItem): Promise<string> {
  const id = productId(item.lookupKey);
  try {
    const product = await stripe.products.retrieve(id);
    if (product.name !== item.name || !product.active) {
      await stripe.products.update(id, { name: item.name, active: true });
    }
  } catch (error) {
    if ((error as { code?: string }).code !== 'resource_missing') throw error;
    await stripe.products.create({ id, name: item.name, metadata: { lookup_key: item.lookupKey } });
  }
  return id;
}

/**
 * Makes Stripe's products and prices match the catalog, found by lookup_key. Running it again
 * changes nothing; a changed amount gets a new price that takes the lookup key over.
 */
export async function syncCatalog({ stripe }: { stripe: Stripe }): Promise<{ created: string[] }> {
  const created: string[] = [];
  const { data: existing } = await stripe.prices.list({
    lookup_keys: CATALOG_ITEMS.map((item) => item.lookupKey),
    limit: 100,
  });
  for (const item of CATALOG_ITEMS) {
    const current = existing.find((price) => price.lookup_key === item.lookupKey);
    if (current && matches(current, item)) continue;
    const product = await ensureProduct(stripe, item);
    await stripe.prices.create({
      product,
      currency: 'usd',
      unit_amount: item.price,
      lookup_key: item.lookupKey,
      transfer_lookup_key: true,
      nickname: item.name,
      ...(item.interval ? { recurring: { interval: item.interval } } : {}),
    });
    created.push(item.lookupKey);
  }
  return { created };
}

/** The active price for a catalog lookup key. */
export async function priceFor(stripe: Stripe, lookupKey: string): Promise<Stripe.Price> {
  const { data } = await stripe.prices.list({ lookup_keys: [lookupKey], active: true, limit: 1 });
  const price = data[0];
  if (!price) throw new Error(`No Stripe price with lookup key ${lookupKey}; run npm run stripe:sync`);
  return price;
}
