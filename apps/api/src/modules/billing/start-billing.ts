import { type Db, withNamedLock } from '@app/db';
import { seedBilling } from './seed-billing.ts';
import type { Billing } from './stripe-client.ts';
import { syncCatalog } from '../catalog/sync-catalog.ts';

/**
 * Readies the payment provider of a starting server, real Stripe or the emulator: the catalog is
 * synced either way; with the emulator the seeded users get their customers and plans. The
 * emulator is served on our own port, so this runs once the server listens.
 */
export async function prepareBilling({ billing, db }: { billing: Billing; db: Db }): Promise<void> {
  await syncCatalog({ stripe: billing.stripe });
  // Servers starting together on one database take turns: each reads what the one before it wrote.
  if (billing.embedded)
    await withNamedLock(db, 'seed-billing', () => seedBilling({ db, stripe: billing.stripe }));
}
