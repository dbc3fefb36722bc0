import type { DiscordEmulator } from '@app/discord-emulator';
import { serverChannels } from '@app/domain';
import { API } from '@discordjs/core/http-only';
import { REST } from '@discordjs/rest';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { BotDeps } from '../modules/discord/bot-deps.ts';
import { createChannelDirectory } from '../modules/discord/channel-directory.ts';
import { registerCommands } from '../modules/discord/register-commands.ts';
import { startUnlessClosing } from '../lib/start-unless-closing.ts';
import { type PlanRoleKeeper, startPlanRoles } from '../modules/discord/plan-roles.ts';
import { startQueueAnswers } from '../modules/discord/queue-answers.ts';
import { startDiscordDelivery } from '../modules/discord/start-delivery.ts';
import type { DiscordBotSettings } from '../settings.ts';

export interface DiscordBot {
  settings: DiscordBotSettings;
  deps: BotDeps;
  /** Posts results that are due now (tests and start-up call it; a timer does otherwise). */
  sweep(): Promise<void>;
  /** Edits the queued answers whose job moved (a timer does it every `answerRefreshMs`); answers how many. */
  refreshAnswers(): Promise<number>;
  /** Roles by plan, while `DISCORD_PLAN_ROLES` maps any plan. */
  planRoles(): PlanRoleKeeper | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    discordBot: DiscordBot | undefined;
  }
}

export interface DiscordPluginOptions {
  /** The embedded default: the emulator, mounted on our own port, is Discord. */
  emulator?: DiscordEmulator;
  /** How often results nobody heard end are looked for. */
  sweepMs?: number;
  /** False for a process that answers interactions but leaves posting results to others. */
  deliver?: boolean;
  /** How often the queued answers of jobs under way are brought up to date. */
  answerRefreshMs?: number;
}

/**
 * The bot's side of Discord: the REST client (bot token, `DISCORD_API_URL`) and result delivery.
 * With the emulator, the REST base and interactions URL are our own address, known once listening;
 * then the commands are registered as `npm run discord:register` would.
 */
export const discordPlugin = fp(async (app: FastifyInstance, options: DiscordPluginOptions) => {
  const { settings, database } = app.ctx;
  const emulator = options.emulator;
  const bot: DiscordBotSettings | undefined =
    settings.discordBot ??
    (emulator
      ? {
          applicationId: emulator.applicationId,
          publicKey: emulator.publicKey,
          botToken: emulator.botToken,
          apiUrl: '',
        }
      : undefined);
  if (!bot) {
    app.decorate('discordBot', undefined);
    return;
  }
  let api: API | undefined;
  let postingApi: API | undefined;
  const client = (retries?: number) =>
    new API(
      new REST({
        api: bot.apiUrl.replace(/\/v\d+$/, ''),
        version: '10',
        ...(retries === undefined ? {} : { retries }),
      }).setToken(bot.botToken),
    );
  let ownUrl = '';
  const deps: BotDeps = {
    database,
    storage: app.generation.storage,
    queue: () => app.generation.queue(),
    settings: settings.generation,
    api() {
      return (api ??= client());
    },
    postingApi() {
      return (postingApi ??= client(0));
    },
    publicUrl: () => settings.publicUrl ?? ownUrl,
    channels: createChannelDirectory({
      definitions: serverChannels(settings.discordChannels),
      api: () => deps.api(),
    }),
  };
  let delivery: Awaited<ReturnType<typeof startDiscordDelivery>> | undefined;
  let answers: ReturnType<typeof startQueueAnswers> | undefined;
  let planRoles: PlanRoleKeeper | null = null;
  app.decorate('discordBot', {
    settings: bot,
    deps,
    sweep: () => delivery?.sweep() ?? Promise.resolve(),
    refreshAnswers: () => answers?.refresh() ?? Promise.resolve(0),
    planRoles: () => planRoles,
  } satisfies DiscordBot);

  // When closing began (0: not yet). listen() resolves before the hook below has finished, so a
  // close can come while delivery is still starting.
  let closeStarted = 0;
  app.addHook('onListen', async () => {
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : settings.port;
    ownUrl = `http://${settings.host === '0.0.0.0' ? '127.0.0.1' : settings.host}:${port}`;
    if (emulator) {
      const local = `http://127.0.0.1:${port}`;
      bot.apiUrl = `${local}${emulator.prefix}/api/v10`;
      api = undefined;
      postingApi = undefined;
      emulator.setInteractionsUrl(`${local}/api/discord/interactions`);
      emulator.setEventsUrl(`${local}/api/discord/events`);
      await registerCommands({ api: deps.api(), applicationId: bot.applicationId });
    }
    if (options.deliver !== false) {
      delivery = await startUnlessClosing(
        () => closeStarted > 0,
        () =>
          startDiscordDelivery(deps, {
            sweepMs: options.sweepMs,
            leaseMs: settings.discordDeliveryLeaseSeconds * 1000,
            log: app.log,
          }),
      );
      if (closeStarted === 0) {
        answers = startQueueAnswers(deps, { intervalMs: options.answerRefreshMs, log: app.log });
      }
      const guildId = settings.discordGuildId ?? emulator?.guildId;
      if (closeStarted === 0 && guildId) {
        planRoles = await startPlanRoles({
          database,
          api: () => deps.api(),
          guildId,
          roles: settings.discordPlanRoles,
          intervalMs: settings.discordRoleReconcileSeconds * 1000,
          log: app.log,
        });
      }
    }
  });
  // Closing: posts under way get until shortly before the shutdown deadline, then their claims
  // are handed back for another process to finish.
  app.addHook('preClose', async () => {
    closeStarted = Date.now();
  });
  app.addHook('onClose', async () => {
    const left = settings.shutdownDeadlineMs - (Date.now() - (closeStarted || Date.now())) - 3000;
    await Promise.all([
      delivery?.stop({ deadlineMs: Math.max(0, left) }),
      answers?.stop(),
      planRoles?.stop(),
    ]);
  });
});
