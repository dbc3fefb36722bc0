import { createDatabase, waitForDatabase } from '@app/db';
import { describeError, redactText } from '@app/domain';
import { SEEDED_USER_IDS, createDiscordEmulator } from '@app/discord-emulator';
import { createMetrics, providersFor, startWorker } from '@app/jobs';
import type { FastifyRequest } from 'fastify';
import { buildApp } from './app.ts';
import { prepareBilling } from './modules/billing/start-billing.ts';
import { createBilling } from './modules/billing/stripe-client.ts';
import { startReconciler } from './modules/reconcile/reconcile-payments.ts';
import { discordNotifier } from './modules/discord/direct-message.ts';
import { ensureLocalDiscordId } from './modules/discord/local-discord-id.ts';
import { seedUsers } from './modules/users/seed-users.ts';
import { SettingsError, loadSettings } from './settings.ts';
import { startBanner } from './start-banner.ts';
import { publicOrigin, publicOriginOf } from './lib/public-origin.ts';
import { serverLogDestination } from './lib/logging.ts';

async function main() {
  let settings;
  try {
    settings = loadSettings();
  } catch (error) {
    if (error instanceof SettingsError) {
      console.error(redactText(error.message));
      process.exit(1);
    }
    throw error;
  }

  const database = createDatabase({ databaseUrl: settings.databaseUrl, dataDir: `${settings.dataDir}/db` });
  // A server started beside its database (a container stack, a reboot) waits for it, within a bound.
  if (settings.databaseUrl) {
    let told = false;
    await waitForDatabase(database, {
      maxWaitMs: settings.databaseWaitMs,
      onRetry: (message) => {
        if (!told) console.error(`${message}; retrying for up to ${settings.databaseWaitMs / 1000} s`);
        told = true;
      },
    });
  }
  await database.migrate();
  // Seeded users carry the Discord emulator's fixed ids when the emulator stands in for the bot's Discord.
  if (settings.embedded && !settings.discord)
    await seedUsers({ db: database.db, discordIds: settings.discordBot ? {} : SEEDED_USER_IDS });

  const billing = await createBilling(settings);

  // Without a bot configured, the embedded default runs Discord's stand-in on our own port; its
  // channel page acts as the signed-in user.
  const discordEmulator =
    settings.embedded && !settings.discordBot
      ? createDiscordEmulator({
          prefix: '/_discord',
          dataDir: `${settings.dataDir}/discord`,
          // The test control (`/_discord/_test/*`) exists only here, for clients on this machine.
          testControl: true,
          async resolveUser(request) {
            const user = await (request as FastifyRequest).currentUser();
            if (!user) return null;
            const id = await ensureLocalDiscordId({ db: database.db, user, seededIds: SEEDED_USER_IDS });
            return { id, username: user.discordName, globalName: user.discordName };
          },
        })
      : undefined;
  const metrics = createMetrics();
  const logStream = serverLogDestination();

  const app = await buildApp({
    settings,
    database,
    billing,
    discordEmulator,
    metrics,
    logger: { level: settings.logLevel, stream: logStream },
  });
  // The embedded default runs generation here too; WORKER_IN_PROCESS=false leaves it to `npm run worker`.
  const worker = settings.generation.workerInProcess
    ? await startWorker({
        database,
        queue: await app.generation.queue(),
        storage: app.generation.storage,
        providers: providersFor(settings.generation.backends, settings.generation.deadlines),
        settings: settings.generation,
        metrics,
      })
    : undefined;

  let stopReconciler: (() => Promise<void>) | undefined;
  let closing = false;
  // SIGTERM: stop listening, let in-flight requests, deliveries and in-process jobs finish, hand
  // back what is left, close the pool, all within SHUTDOWN_DEADLINE_SECONDS; past it, exit anyway.
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    const deadlineMs = settings.shutdownDeadlineMs;
    app.log.info({ signal, deadlineMs }, 'shutting down');
    setTimeout(() => {
      app.log.error('shutdown passed its deadline; exiting');
      process.exit(1);
    }, deadlineMs).unref();
    // Long-lived streams (job events) would hold the close open: cut them shortly before the end.
    setTimeout(() => app.server.closeAllConnections(), Math.max(0, deadlineMs - 2000)).unref();
    let code = 0;
    try {
      await Promise.all([worker?.stop({ deadlineMs: Math.max(0, deadlineMs - 3000) }), app.close()]);
      await stopReconciler?.();
      await billing.close();
      await database.close();
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      code = 1;
    } finally {
      process.exit(code);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({
    port: settings.port,
    host: settings.host,
    // Each bound address, with the app's one address beside it (the banner's, where pages go).
    listenTextResolver: (address) =>
      `Server listening at ${address}; the app's address is ${publicOriginOf(settings, Number(new URL(address).port))}`,
  });
  const url = publicOrigin(app);
  // The embedded default's Stripe emulator answers on our own port, so only now can the catalog
  // be synced and the seeded plans made.
  await prepareBilling({ billing, db: database.db });
  // After a crash, payments charged but never granted are found here rather than lost.
  if (settings.reconcileIntervalSeconds > 0) {
    stopReconciler = startReconciler({
      db: database.db,
      stripe: billing.stripe,
      log: app.log,
      intervalMs: settings.reconcileIntervalSeconds * 1000,
      notifier: discordNotifier(app.discordBot),
    });
  }
  // Fastify logs its own "listening" line just after listen() resolves: let it out first, so
  // the banner is not interleaved with the JSON log. The banner goes through the log's own stream,
  // which writes in order.
  await new Promise((resolve) => setImmediate(resolve));
  logStream.write(
    startBanner({
      url,
      localSignIn: settings.embedded && !settings.discord,
      adminPassword: settings.adminPasswordGenerated ? settings.adminPassword : undefined,
      discordChannelPage: discordEmulator ? `${discordEmulator.prefix}/app` : undefined,
    }),
  );
}

main().catch((error) => {
  console.error('Failed to start:', describeError(error));
  process.exit(1);
});
