/**
 * The languages the bot speaks besides English, as Discord names them (its `locale` values), and the
 * shape of one language's catalog. English is the registry itself; every other language translates
 * it here, keyed by the registry's own names and English texts, so a command added (or reworded) in
 * the registry without its translations fails `locales.test.ts`.
 */
export const BOT_LOCALES = ['de', 'fr', 'es-ES', 'pt-BR', 'ja'] as const;
export type BotLocale = (typeof BOT_LOCALES)[number];

export interface CommandCatalog {
  /** A command's name as users type it in that language, by the registry's name (`make`, `Change`). */
  commandNames: Readonly<Record<string, string>>;
  /** An option's name in that language, by the registry's option name (`prompt`, `image`). */
  optionNames: Readonly<Record<string, string>>;
  /** Each English summary and option description of the registry, translated, keyed by the English. */
  texts: Readonly<Record<string, string>>;
}
