import {
  COMMANDS,
  COMMAND_CATALOGS,
  GUIDES,
  type BotLocale,
  type BotTexts,
  type CommandDefinition,
  type GuideId,
  botTexts,
  guideOf,
} from '@app/domain';
import { ephemeral } from '../messages.ts';
import { message } from '../replies.ts';
import type { CommandHandler } from '../bot-deps.ts';

const MAX_CONTENT = 2000;

/**
 * `/help` answers at once, only to the asker: every command under the guide that shows it, or one
 * in detail with a link to its section. `commands` is the registry (a fixture one in tests).
 */
export const helpWith = (commands: readonly CommandDefinition[]) =>
  ({
    async run({ deps, interaction }) {
      const locale = interaction.base.locale;
      const t = botTexts(locale);
      const site = deps.publicUrl();
      const guides = `${site}${GUIDES.documentation.path}`;
      const wanted = String(interaction.options.command ?? '')
        .replace(/^\//, '')
        .trim()
        .toLowerCase();
      if (wanted) {
        // By its name, or its name in the asker's language.
        const command = commands.find(
          (entry) =>
            entry.name.toLowerCase() === wanted ||
            (locale !== 'en' && COMMAND_CATALOGS[locale].commandNames[entry.name] === wanted),
        );
        if (!command) return message(ephemeral(t.help.noSuch(wanted, guides)));
        return message(ephemeral(fit(describe(command, site, locale, t))));
      }
      const lines = (Object.keys(GUIDES) as GuideId[]).flatMap((id) => {
        const shown = commands.filter((command) => guideOf(command).id === id);
        if (shown.length === 0) return [];
        return [
          `__${GUIDES[id].title}__`,
          ...shown.map((command) => `**/${nameIn(locale, command)}** ${textIn(locale, command.summary)}`),
        ];
      });
      return message(ephemeral(fit([t.help.title, ...lines, `${t.help.guides}: ${guides}`].join('\n'))));
    },
  }) satisfies CommandHandler;

export const help = helpWith(COMMANDS);

/** A command's name as the asker's Discord shows it. */
const nameIn = (locale: BotLocale | 'en', command: CommandDefinition) =>
  (locale !== 'en' && COMMAND_CATALOGS[locale].commandNames[command.name]) || command.name;
/** A summary or option description in the asker's language (the registry's English otherwise). */
const textIn = (locale: BotLocale | 'en', text: string) =>
  (locale !== 'en' && COMMAND_CATALOGS[locale].texts[text]) || text;

/** One command in detail, ending with the link to its section of the guides. */
export function describe(
  command: CommandDefinition,
  site: string,
  locale: BotLocale | 'en' = 'en',
  t: BotTexts = botTexts('en'),
): string {
  const options = command.options.map(
    (option) =>
      `• \`${(locale !== 'en' && COMMAND_CATALOGS[locale].optionNames[option.name]) || option.name}\`` +
      `${option.required ? '' : ` (${t.help.optional})`}: ${textIn(locale, option.description)}`,
  );
  const flags = command.flags.map((flag) => `• \`${flag.flag}\`: ${flag.description}`);
  const example = command.examples[0];
  return [
    `**/${nameIn(locale, command)}**: ${textIn(locale, command.summary)}`,
    command.details,
    ...(options.length ? ['Options:', ...options] : []),
    ...(flags.length ? ['Flags in the prompt:', ...flags] : []),
    ...(example ? [`Example: \`${example.input}\``] : []),
    `Guide: ${site}${guideOf(command).href}`,
  ].join('\n');
}

const fit = (text: string) => (text.length > MAX_CONTENT ? `${text.slice(0, MAX_CONTENT - 1)}…` : text);
