import type Stripe from 'stripe';
import { z } from 'zod';
import { findUncleanText } from '../../lib/clean-text.ts';
import { badRequest } from '../../lib/errors.ts';

/** Stripe's default: signatures dated further than this from now, either way, are refused. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/** What every handler reads from an event; anything else Stripe sends is passed on untouched. */
const EventShape = z.looseObject({
  id: z.string().min(1).max(255),
  type: z.string().min(1).max(255),
  data: z.looseObject({ object: z.looseObject({ id: z.string().max(255).optional() }) }),
});

/**
 * The event in a webhook delivery, once its signature, its age and its shape check out. The SDK
 * refuses old signatures but takes ones dated in the future, so the timestamp is checked here in
 * both directions; a validly signed body that is not an event (an array, null, no data) is refused
 * before any handler reads it.
 */
export function verifyWebhook({
  stripe,
  secret,
  raw,
  signature,
  now = Date.now(),
}: {
  stripe: Stripe;
  secret: string;
  raw: Buffer;
  signature: string | string[] | undefined;
  now?: number;
}): Stripe.Event {
  if (typeof signature !== 'string' || !signature) {
    throw badRequest('Missing Stripe-Signature header', 'BAD_SIGNATURE');
  }
  const timestamp = Number(/(?:^|,)\s*t=(\d{1,12})(?:,|$)/.exec(signature)?.[1]);
  if (!Number.isFinite(timestamp) || Math.abs(now / 1000 - timestamp) > WEBHOOK_TOLERANCE_SECONDS) {
    throw badRequest('Invalid or expired webhook signature', 'BAD_SIGNATURE');
  }
  let event: unknown;
  try {
    event = stripe.webhooks.constructEvent(raw, signature, secret, WEBHOOK_TOLERANCE_SECONDS);
  } catch {
    throw badRequest('Invalid or expired webhook signature', 'BAD_SIGNATURE');
  }
  if (!EventShape.safeParse(event).success || findUncleanText(event) !== undefined) {
    throw badRequest('The webhook body is not an event', 'BAD_EVENT');
  }
  return event as Stripe.Event;
}
