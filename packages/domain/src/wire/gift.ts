import { z } from 'zod';

/** Wire shapes of the gift-code calls under /api/payment (SPEC §3 and §7 names). */

/**
 * Gift codes are 20 characters of Crockford base32 (100 random bits), shown in groups of four:
 * `7K3M-Q9XD-2HRT-V8NB-WC4P`. Typed codes are forgiving: case, spaces and dashes do not matter,
 * and the letters O, I and L read as 0, 1 and 1.
 */
export const GIFT_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const GIFT_CODE_LENGTH = 20;

/** The stored (grouped) form of a typed code, or null when it cannot be a gift code at all. */
export function normalizeGiftCode(input: string): string | null {
  const compact = input.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  if (compact.length !== GIFT_CODE_LENGTH) return null;
  for (const char of compact) if (!GIFT_CODE_ALPHABET.includes(char)) return null;
  return compact.match(/.{4}/g)!.join('-');
}

const stripeId = z.string().trim().max(255).nullish();

export const GiftCodeBody = z.object({ stripeId });

/** One gift code the user bought. */
export const GiftCodeWire = z.object({
  code: z.string(),
  /** The gifted plan (tier name). */
  tier: z.string(),
  /** When it was bought, epoch seconds. */
  date: z.number().int(),
  /** False once redeemed. */
  valid: z.boolean(),
});
export type GiftCodeWire = z.infer<typeof GiftCodeWire>;

export const GiftCodeResult = z.object({ giftcode: GiftCodeWire.nullable() });

export const GiftCodeListResult = z.object({
  /** 'code: date|code: date', newest first (SPEC §2). */
  giftCodes: z.string(),
  codes: z.array(GiftCodeWire),
});
export type GiftCodeListResult = z.infer<typeof GiftCodeListResult>;

export const RedeemGiftCodeBody = z.object({
  giftCode: z.string({ error: 'Gift code is required' }).trim().min(1, 'Gift code is required').max(64),
  email: z.string().trim().max(254).nullish(),
  userId: z.string().trim().max(64).nullish(),
  stripeId,
});
export type RedeemGiftCodeBody = z.infer<typeof RedeemGiftCodeBody>;

/** `url` is always a path on this site: the browser goes there after redeeming. */
export const RedeemGiftCodeResult = z.object({
  url: z.string(),
  tier: z.string(),
  current_period_end: z.number().int(),
  /** What happened, in words for the redeemer (a gift beside a paid plan is not a new plan). */
  message: z.string().optional(),
});
export type RedeemGiftCodeResult = z.infer<typeof RedeemGiftCodeResult>;

export const TestGiftCodeResult = z.object({ giftcode: GiftCodeWire });
