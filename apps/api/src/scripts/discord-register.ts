import { API } from '@discordjs/core/http-only';
import { REST } from '@discordjs/rest';
import { registerCommands } from '../modules/discord/register-commands.ts';
import { loadSettings } from '../settings.ts';

/**
 * `npm run discord:register`: overwrites the application's global slash commands with the
 * registry's. Idempotent; run it after deploying a change to the commands. The embedded default
 * registers with its emulator at every start-up.
 */
const settings = loadSettings();
if (!settings.discordBot) {
  console.error(
    'Set DISCORD_APPLICATION_ID, DISCORD_PUBLIC_KEY and DISCORD_BOT_TOKEN to register the commands.',
  );
  console.error('In the embedded default the Discord emulator gets them at every start-up.');
  process.exit(1);
}
const bot = settings.discordBot;
const rest = new REST({ api: bot.apiUrl.replace(/\/v\d+$/, ''), version: '10' }).setToken(bot.botToken);
const registered = await registerCommands({ api: new API(rest), applicationId: bot.applicationId });
console.log(
  `Registered ${registered.length} commands: ${registered.map((command) => (command.type === 3 ? `"${command.name}"` : `/${command.name}`)).join(' ')}`,
);
