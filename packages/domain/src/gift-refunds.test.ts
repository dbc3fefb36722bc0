import { describe, expect, it } from 'vitest';
import { GIFT_RECIPIENT_METADATA, giftRecipientChoice, giftTakenBackNotice } from './gift-refunds.ts';

describe('gift refunds', () => {
  it('take a gift back only when the refund says so', () => {
    expect(giftRecipientChoice({ [GIFT_RECIPIENT_METADATA]: 'take_back' })).toBe('take_back');
    expect(giftRecipientChoice({ [GIFT_RECIPIENT_METADATA]: 'keep' })).toBe('keep');
    expect(giftRecipientChoice({})).toBe('keep');
    expect(giftRecipientChoice(null)).toBe('keep');
  });

  it('tell the recipient why, with what was taken', () => {
    expect(
      giftTakenBackNotice({ plan: 'Professional Plan', credits: 2500, hypercredits: 50, ended: true }),
    ).toBe(
      'The Professional Plan gift you redeemed was refunded to the person who bought it, so the Professional Plan it gave you has ended, and 2,500 credits and 50 hypercredits were taken back. This is not a charge on your card. Your other plans and purchases are unchanged.',
    );
    expect(
      giftTakenBackNotice({
        plan: 'Founders Plan',
        credits: 833,
        hypercredits: 0,
        ended: false,
        cause: 'dispute',
      }),
    ).toBe(
      'The Founders Plan gift you redeemed was charged back by the bank of the person who bought it, so 833 credits were taken back. This is not a charge on your card. Your other plans and purchases are unchanged.',
    );
  });
});
