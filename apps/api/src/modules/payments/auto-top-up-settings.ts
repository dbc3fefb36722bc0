import { type Db, type UserRow, findAutoTopUp, saveAutoTopUpCard, saveAutoTopUpSettings } from '@app/db';
import {
  type AutoTopUpSettingsBody,
  type AutoTopUpWire,
  CREDIT_PACKAGES,
  type TopUpSetupIntentWire,
  findCreditPackage,
} from '@app/domain';
import type Stripe from 'stripe';
import { AppError, badRequest, forbidden } from '../../lib/errors.ts';
import { mapStripeError } from '../../lib/stripe-errors.ts';
import { describeMoney } from '../billing/spend-caps.ts';
import { ensureCustomer } from '../customers/ensure-customer.ts';

const DEFAULT_PACKAGE = CREDIT_PACKAGES.find((pack) => pack.credits > 0)!;

/** The user's auto top-up and caps as the dashboard shows them (off, with defaults, when never set). */
export async function getAutoTopUp({ db, user }: { db: Db; user: UserRow }): Promise<AutoTopUpWire> {
  const row = await findAutoTopUp(db, user.id);
  const money = await describeMoney(db, user.id);
  return {
    enabled: row?.enabled ?? false,
    package: row?.packageName ?? DEFAULT_PACKAGE.name,
    thresholdCredits: row?.thresholdCredits ?? 100,
    monthlyCapCents: row?.monthlyCapCents ?? null,
    dailyCreditCap: row?.dailyCreditCap ?? null,
    card: row?.paymentMethod ? { brand: row.cardBrand ?? 'card', last4: row.cardLast4 ?? '' } : null,
    state: row?.state ?? 'armed',
    spentThisMonthCents: money?.spentThisMonthCents ?? 0,
    creditsSpentToday: money?.creditsSpentToday ?? 0,
  };
}

/**
 * Saves the settings after checking them: a package that exists and adds credits, a monthly cap not
 * below its price, and a saved card before it is turned on. A refusal changes nothing.
 */
export async function updateAutoTopUp({
  db,
  user,
  body,
}: {
  db: Db;
  user: UserRow;
  body: AutoTopUpSettingsBody;
}): Promise<AutoTopUpWire> {
  const pack = findCreditPackage(body.package);
  if (!pack) {
    throw badRequest(
      `There is no credit package named ${body.package}; choose one of ${CREDIT_PACKAGES.map((p) => p.name).join(', ')}.`,
      'UNKNOWN_PACKAGE',
    );
  }
  if (pack.credits <= 0) {
    throw badRequest(
      `The ${pack.name} adds no credits, so it cannot refill them; choose a package with credits.`,
      'PACKAGE_HAS_NO_CREDITS',
    );
  }
  if (body.monthlyCapCents !== null && body.monthlyCapCents < pack.price) {
    throw badRequest(
      `A monthly cap of $${(body.monthlyCapCents / 100).toFixed(2)} is less than the ${pack.name} ($${(pack.price / 100).toFixed(2)}), so no top-up could ever run; raise the cap or choose a smaller package.`,
      'CAP_BELOW_PACKAGE',
    );
  }
  const row = await findAutoTopUp(db, user.id);
  if (body.enabled && !row?.paymentMethod) {
    throw new AppError('NO_SAVED_CARD', {
      status: 409,
      message: 'Save a card for auto top-up first: it is the card each top-up is charged to.',
    });
  }
  await saveAutoTopUpSettings(db, {
    userId: user.id,
    enabled: body.enabled,
    packageName: pack.name,
    thresholdCredits: body.thresholdCredits,
    monthlyCapCents: body.monthlyCapCents,
    dailyCreditCap: body.dailyCreditCap,
  });
  return getAutoTopUp({ db, user });
}

/**
 * A SetupIntent for the card form's card, confirmed here when the card is given: a card the bank
 * accepts is saved at once; one that asks for authentication answers the bank's page (coming back
 * to `returnUrl`); a declined one is a 402 in plain words and nothing is saved.
 */
export async function createTopUpSetupIntent({
  db,
  stripe,
  user,
  paymentMethodId,
  returnUrl,
}: {
  db: Db;
  stripe: Stripe;
  user: UserRow;
  paymentMethodId?: string;
  returnUrl: string;
}): Promise<TopUpSetupIntentWire> {
  const customer = await ensureCustomer({ db, stripe, user });
  let intent = await stripe.setupIntents.create({
    customer,
    usage: 'off_session',
    metadata: { userId: user.id, purpose: 'auto_top_up' },
  });
  if (paymentMethodId) {
    try {
      intent = await stripe.setupIntents.confirm(intent.id, {
        payment_method: paymentMethodId,
        return_url: returnUrl,
      });
    } catch (error) {
      throw mapStripeError(error) ?? error;
    }
    if (intent.status === 'succeeded') {
      await saveTopUpCard({
        db,
        stripe,
        user: { ...user, stripeCustomerId: customer },
        setupIntentId: intent.id,
      });
    }
  }
  return {
    setupIntentId: intent.id,
    clientSecret: intent.client_secret!,
    status: intent.status,
    redirectUrl: intent.next_action?.redirect_to_url?.url ?? null,
  };
}

/** Saves the card a succeeded SetupIntent of the user's own customer set up. */
export async function saveTopUpCard({
  db,
  stripe,
  user,
  setupIntentId,
}: {
  db: Db;
  stripe: Stripe;
  user: UserRow;
  setupIntentId: string;
}): Promise<AutoTopUpWire> {
  let intent: Stripe.SetupIntent;
  try {
    intent = await stripe.setupIntents.retrieve(setupIntentId, { expand: ['payment_method'] });
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode === 404) {
      throw badRequest('There is no such card setup; start again from the card form.', 'UNKNOWN_SETUP');
    }
    throw error;
  }
  const customer = typeof intent.customer === 'string' ? intent.customer : intent.customer?.id;
  if (!customer || customer !== user.stripeCustomerId) throw forbidden('That card setup is not yours');
  const method = intent.payment_method;
  if (intent.status !== 'succeeded' || !method || typeof method === 'string') {
    throw badRequest(
      intent.status === 'requires_action'
        ? 'Your bank still has to confirm this card; finish the check, then save it.'
        : 'This card is not saved yet; enter it again.',
      'CARD_NOT_SAVED',
    );
  }
  const row = await findAutoTopUp(db, user.id);
  await saveAutoTopUpCard(db, {
    userId: user.id,
    paymentMethod: method.id,
    brand: method.card?.brand ?? 'card',
    last4: method.card?.last4 ?? '',
    packageName: row?.packageName ?? DEFAULT_PACKAGE.name,
  });
  return getAutoTopUp({ db, user });
}
