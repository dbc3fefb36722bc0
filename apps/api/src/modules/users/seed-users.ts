import { type Db, createLocalUserIfAbsent, findLocalUser, grant, setDiscordIdIfAbsent } from '@app/db';
import { TIER_OPTIONS } from '@app/domain';

export interface SeedUser {
  discordName: string;
  role: 'user' | 'admin';
  subscriptionStatus: string;
  credits: number;
  hypercredits: number;
  email: string | null;
}

/** A seeded member starts with what one period of their plan grants. */
function planGrant(tier: string): { credits: number; hypercredits: number } {
  const option = TIER_OPTIONS.find((candidate) => candidate.tier === tier);
  if (!option) throw new Error(`No tier named ${tier}`);
  return { credits: option.credits, hypercredits: option.hypercredits };
}

/** The users the local sign-in page offers in the embedded default. */
export const SEED_USERS: SeedUser[] = [
  {
    discordName: 'admin',
    role: 'admin',
    subscriptionStatus: 'Founders Plan',
    ...planGrant('Founders Plan'),
    // The admin tries everything: more credits than a plan grants (shown as Unlimited).
    credits: 20000,
    email: 'admin@example.com',
  },
  {
    discordName: 'member',
    role: 'user',
    subscriptionStatus: 'Professional Plan',
    ...planGrant('Professional Plan'),
    email: 'member@example.com',
  },
  {
    discordName: 'free',
    role: 'user',
    subscriptionStatus: 'free',
    credits: 50,
    hypercredits: 0,
    email: null,
  },
];

/**
 * Creates the seeded users once; later starts leave their balances as they are. Each user and its
 * grants are one transaction, and the insert yields to a row another process created at the same
 * moment. With `discordIds` (the Discord emulator's fixed ids by name) each seeded user carries
 * its id from the start, so a command the bot receives for it before any page visit finds this
 * account rather than making a second one.
 */
export async function seedUsers({
  db,
  discordIds = {},
}: {
  db: Db;
  discordIds?: Record<string, string>;
}): Promise<void> {
  for (const seed of SEED_USERS) {
    const discordId = discordIds[seed.discordName] ?? null;
    await db.transaction(async (tx) => {
      const created = await createLocalUserIfAbsent(tx, {
        discordName: seed.discordName,
        role: seed.role,
        subscriptionStatus: seed.subscriptionStatus,
        email: seed.email,
        discordId,
        // The demo accounts have answered the first sign-in's age question.
        ageBand: '18+',
      });
      if (!created) return;
      for (const currency of ['credits', 'hypercredits'] as const) {
        if (seed[currency] <= 0) continue;
        await grant(tx, {
          userId: created.id,
          currency,
          amount: seed[currency],
          reason: 'seed',
          idempotencyKey: `seed:${seed.discordName}:${currency}`,
        });
      }
    });
    // A data folder seeded before ids were given at seeding: give the existing user its id now.
    if (discordId) {
      const existing = await findLocalUser(db, seed.discordName);
      if (existing && !existing.discordId)
        await setDiscordIdIfAbsent(db, existing.id, discordId).catch(() => null);
    }
  }
}
