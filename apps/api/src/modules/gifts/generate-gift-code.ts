import { randomBytes } from 'node:crypto';
import { GIFT_CODE_ALPHABET, GIFT_CODE_LENGTH } from '@app/domain';

/**
 * A fresh gift code: 20 Crockford base32 characters from crypto.randomBytes (100 bits, far past
 * guessing), grouped in fours for reading aloud and typing: `7K3M-Q9XD-2HRT-V8NB-WC4P`.
 */
export function generateGiftCode(): string {
  const bytes = randomBytes(Math.ceil((GIFT_CODE_LENGTH * 5) / 8));
  let bits = 0;
  let value = 0;
  let code = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5 && code.length < GIFT_CODE_LENGTH) {
      code += GIFT_CODE_ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    value &= (1 << bits) - 1;
  }
  return code.match(/.{4}/g)!.join('-');
}
