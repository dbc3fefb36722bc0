import { type Db, createLocalUserIfAbsent, grant } from '@app/db';

export interface SeedUser {
  discordName: string;
  role: 'user' | 'admin';
  subscriptionStatus: string;
  credits: number;
  email: string | null;
}

/** The users the local sign-in page offers in the embedded default. */
export const SEED_USERS: SeedUser[] = [
  {
    discordName: 'admin',
    role: 'admin',
    subscriptionStatus: 'Founders Plan',
    credits: 20000,
    email: 'admin@example.com',
  },
  {
    discordName: 'member',
    role: 'user',
    subscriptionStatus: 'Professional Plan',
    credits: 2500,
    email: 'member@example.com',
  },
  { discordName: 'free', role: 'user', subscriptionStatus: 'free', credits: 50, email: null },
];

/**
 * Creates the seeded users once; later starts leave them as they are. Each user and its grant are
 * one transaction, and the insert yields to a row another process created at the same moment.
 */
export async function seedUsers({ db }: { db: Db }): Promise<void> {
  for (const seed of SEED_USERS) {
    await db.transaction(async (tx) => {
      const created = await createLocalUserIfAbsent(tx, {
        discordName: seed.discordName,
        role: seed.role,
        subscriptionStatus: seed.subscriptionStatus,
        email: seed.email,
      });
      if (!created) return;
      await grant(tx, {
        userId: created.id,
        currency: 'credits',
        amount: seed.credits,
        reason: 'seed',
        idempotencyKey: `seed:${seed.discordName}:credits`,
      });
    });
  }
}
