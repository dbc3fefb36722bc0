import { DE } from './de.ts';
import { ES_ES } from './es-ES.ts';
import { FR } from './fr.ts';
import { JA } from './ja.ts';
import { PT_BR } from './pt-BR.ts';
import { BOT_LOCALES, type BotLocale, type CommandCatalog } from './types.ts';

export { BOT_LOCALES, type BotLocale, type CommandCatalog } from './types.ts';

/** Every language's translation of the command registry: one catalog beside it. */
export const COMMAND_CATALOGS: Readonly<Record<BotLocale, CommandCatalog>> = {
  de: DE,
  fr: FR,
  'es-ES': ES_ES,
  'pt-BR': PT_BR,
  ja: JA,
};

/**
 * Discord's `*_localizations` map for one name or text: the translation in each language that has
 * one. A language without one is left out here (Discord then shows English); `locales.test.ts`
 * fails on any such gap in the registry, so none reaches a release.
 */
export function localizationsOf(
  pick: (catalog: CommandCatalog) => string | undefined,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const locale of BOT_LOCALES) {
    const text = pick(COMMAND_CATALOGS[locale]);
    if (text) out[locale] = text;
  }
  return out;
}

/** The bot language for Discord's `locale` of an interaction: one we speak, else English (`en`). */
export function botLocaleOf(locale: unknown): BotLocale | 'en' {
  if (typeof locale !== 'string') return 'en';
  if ((BOT_LOCALES as readonly string[]).includes(locale)) return locale as BotLocale;
  // Discord sends `es-419` for Latin American Spanish and plain `pt` nowhere, but a region we do not
  // list still reads its language's text better than English.
  const language = locale.split('-')[0];
  return BOT_LOCALES.find((ours) => ours.split('-')[0] === language) ?? 'en';
}
export * from './bot/index.ts';
