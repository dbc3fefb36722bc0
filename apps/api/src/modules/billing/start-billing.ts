import type { Db } from '@app/db';
import type { Settings } from '../../settings.ts';
import { seedBilling } from './seed-billing.ts';
import { type Billing, createBilling } from './stripe-client.ts';
import { syncCatalog } from '../catalog/sync-catalog.ts';

/**
 * The payment provider for a starting server: real Stripe, or the emulator in this process. The
 * catalog is synced either way; with the emulator the seeded users get their customers and plans.
 */
export async function startBilling({ settings, db }: { settings: Settings; db: Db }): Promise<Billing> {
  const billing = await createBilling(settings);
  try {
    await syncCatalog({ stripe: billing.stripe });
    if (billing.embedded) await seedBilling({ db, stripe: billing.stripe });
  } catch (error) {
    await billing.close();
    throw error;
  }
  return billing;
}

/** Where the provider should deliver webhooks, given the URL the server answers on. */
export const webhookUrlFor = (baseUrl: string) => `${baseUrl.replace(/\/$/, '')}/api/payment/webhook`;
