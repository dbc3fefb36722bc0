import { COMMANDS, type CommandDefinition } from '@app/domain';
import { ephemeral } from '../messages.ts';
import { message } from '../replies.ts';
import type { CommandHandler } from '../bot-deps.ts';

const MAX_CONTENT = 2000;

/** `/help` answers at once, only to the asker: every command, or one in detail. */
export const help = {
  async run({ deps, interaction }) {
    const guides = `${deps.publicUrl()}/documentation`;
    const wanted = String(interaction.options.command ?? '')
      .replace(/^\//, '')
      .trim()
      .toLowerCase();
    if (wanted) {
      const command = COMMANDS.find((entry) => entry.name.toLowerCase() === wanted);
      if (!command)
        return message(ephemeral(`There is no /${wanted}. Type /help for the list. Guides: ${guides}`));
      return message(ephemeral(fit(describe(command, guides))));
    }
    const lines = COMMANDS.map((command) => `**/${command.name}** ${command.summary}`);
    return message(ephemeral(fit(['**Commands**', ...lines, `Guides: ${guides}`].join('\n'))));
  },
} satisfies CommandHandler;

export function describe(command: CommandDefinition, guides: string): string {
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
    `Guides: ${guides}`,
  ].join('\n');
}

const fit = (text: string) => (text.length > MAX_CONTENT ? `${text.slice(0, MAX_CONTENT - 1)}…` : text);
