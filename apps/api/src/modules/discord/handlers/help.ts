import { COMMANDS, GUIDES, guideOf, type CommandDefinition, type GuideId } from '@app/domain';
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
      const site = deps.publicUrl();
      const guides = `${site}${GUIDES.documentation.path}`;
      const wanted = String(interaction.options.command ?? '')
        .replace(/^\//, '')
        .trim()
        .toLowerCase();
      if (wanted) {
        const command = commands.find((entry) => entry.name.toLowerCase() === wanted);
        if (!command)
          return message(ephemeral(`There is no /${wanted}. Type /help for the list. Guides: ${guides}`));
        return message(ephemeral(fit(describe(command, site))));
      }
      const lines = (Object.keys(GUIDES) as GuideId[]).flatMap((id) => {
        const shown = commands.filter((command) => guideOf(command).id === id);
        if (shown.length === 0) return [];
        return [
          `__${GUIDES[id].title}__`,
          ...shown.map((command) => `**/${command.name}** ${command.summary}`),
        ];
      });
      return message(ephemeral(fit(['**Commands**', ...lines, `Guides: ${guides}`].join('\n'))));
    },
  }) satisfies CommandHandler;

export const help = helpWith(COMMANDS);

/** One command in detail, ending with the link to its section of the guides. */
export function describe(command: CommandDefinition, site: string): string {
  const options = command.options.map(
    (option) => `• \`${option.name}\`${option.required ? '' : ' (optional)'}: ${option.description}`,
  );
  const flags = command.flags.map((flag) => `• \`${flag.flag}\`: ${flag.description}`);
  const example = command.examples[0];
  return [
    `**/${command.name}**: ${command.summary}`,
    command.details,
    ...(options.length ? ['Options:', ...options] : []),
    ...(flags.length ? ['Flags in the prompt:', ...flags] : []),
    ...(example ? [`Example: \`${example.input}\``] : []),
    `Guide: ${site}${guideOf(command).href}`,
  ].join('\n');
}

const fit = (text: string) => (text.length > MAX_CONTENT ? `${text.slice(0, MAX_CONTENT - 1)}…` : text);
