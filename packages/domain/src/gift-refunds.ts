/**
 * A refund of a gift is decided on its buyer. Before the code is redeemed, a full refund voids it
 * and a partial one leaves it whole. After, the operator chooses whether its recipient keeps the
 * gift (the default) or has it taken back; the choice travels with the refund as its metadata, so
 * a refund made anywhere (the admin page, Stripe's dashboard) is decided the same way.
 */
export const GIFT_RECIPIENT_METADATA = 'gift_recipient';
export const GIFT_RECIPIENT_CHOICES = ['keep', 'take_back'] as const;
export type GiftRecipientChoice = (typeof GIFT_RECIPIENT_CHOICES)[number];

/** The operator's choice a refund carries; `keep` unless it says to take the gift back. */
export function giftRecipientChoice(
  metadata: Record<string, string> | null | undefined,
): GiftRecipientChoice {
  return metadata?.[GIFT_RECIPIENT_METADATA] === 'take_back' ? 'take_back' : 'keep';
}

/** The DM to a recipient whose gift was taken back because its buyer was refunded. */
export function giftTakenBackNotice({
  plan,
  credits,
  hypercredits,
  ended,
  cause = 'refund',
}: {
  plan: string;
  /** A refund to its buyer, or the buyer's bank charging the payment back. */
  cause?: 'refund' | 'dispute';
  credits: number;
  hypercredits: number;
  ended: boolean;
}): string {
  const taken = [
    credits > 0 ? `${credits.toLocaleString('en-US')} credits` : '',
    hypercredits > 0 ? `${hypercredits.toLocaleString('en-US')} hypercredits` : '',
  ].filter(Boolean);
  const what = [
    ended ? `the ${plan} it gave you has ended` : '',
    taken.length ? `${taken.join(' and ')} were taken back` : '',
  ]
    .filter(Boolean)
    .join(', and ');
  const how =
    cause === 'refund'
      ? 'was refunded to the person who bought it'
      : 'was charged back by the bank of the person who bought it';
  return `The ${plan} gift you redeemed ${how}, so ${what || 'nothing more was taken'}. This is not a charge on your card. Your other plans and purchases are unchanged.`;
}
