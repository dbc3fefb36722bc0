import type { Price } from '../../../generation/pricing.ts';
import type { BotLocale } from '../types.ts';
import { DE } from './de.ts';
import { EN } from './en.ts';
import { ES_ES } from './es-ES.ts';
import { FR } from './fr.ts';
import { JA } from './ja.ts';
import { PT_BR } from './pt-BR.ts';
import type { BotTexts } from './types.ts';

export type { BotTexts } from './types.ts';
export { EN as BOT_TEXTS_EN } from './en.ts';

/** Every language's words; English is the reference the others translate. */
export const BOT_TEXTS: Readonly<Record<BotLocale | 'en', BotTexts>> = {
  en: EN,
  de: DE,
  fr: FR,
  'es-ES': ES_ES,
  'pt-BR': PT_BR,
  ja: JA,
};

/** A price in a language's words: "4 credits and 2 hypercredits", or free. */
export function priceIn(texts: BotTexts, price: Price): string {
  const parts = (['credits', 'hypercredits'] as const)
    .filter((currency) => price[currency] > 0)
    .map((currency) => texts.amount(price[currency], currency));
  return parts.join(texts.and) || texts.free;
}

/** The bot's words in a language (a locale we do not speak has already become `en`). */
export const botTexts = (locale: BotLocale | 'en' | undefined): BotTexts => BOT_TEXTS[locale ?? 'en'] ?? EN;
