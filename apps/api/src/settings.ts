import { randomBytes } from 'node:crypto';
import path from 'node:path';
import {
  type GenerationSettings,
  type MetricsSettings,
  generationEnvShape,
  databaseEnvShape,
  metricsEnvShape,
  settingDoc,
  shutdownEnvShape,
  toGenerationSettings,
  toMetricsSettings,
} from '@app/jobs';
import { CHANNEL_GROUPS, type ChannelGroup, isKnownPlan } from '@app/domain';
import { z } from 'zod';

/**
 * Every setting the product reads, validated once at start-up. A bad or missing value stops the
 * process with one message that names every bad variable.
 */
const optionalString = z
  .string()
  .trim()
  .transform((value) => value || undefined)
  .optional();
const optionalUrl = optionalString.pipe(z.url().optional());

/**
 * `DISCORD_CHANNELS`: the creation channels of a server whose names differ from ours, as
 * `group=name|name,group=name` (`video=clips-1|clips-2,video-horror=gore-clips`). Groups not listed
 * keep our names (`image-1`…). Names are Discord's: lowercase, no `#`.
 */
const channelNames = optionalString.transform((text, ctx) => {
  const names: Partial<Record<ChannelGroup, string[]>> = {};
  for (const part of (text ?? '').split(',').filter((piece) => piece.trim())) {
    const [group = '', list = ''] = part.split('=').map((piece) => piece.trim());
    const channels = list.split('|').map((name) => name.trim().replace(/^#/, ''));
    if (!CHANNEL_GROUPS.includes(group as ChannelGroup)) {
      ctx.addIssue({ code: 'custom', message: `"${group}" is not one of ${CHANNEL_GROUPS.join(', ')}` });
    } else if (channels.some((name) => !/^[\p{Ll}\p{N}_-]{1,100}$/u.test(name))) {
      ctx.addIssue({ code: 'custom', message: `"${group}" needs lowercase channel names separated by |` });
    } else {
      names[group as ChannelGroup] = channels;
    }
  }
  return names;
});

/**
 * `DISCORD_PLAN_ROLES`: the Discord role each plan gives its member, as `plan=role id` pairs
 * (`Professional Plan=1234…,Founders Plan=5678…`); a plan's name without " Yearly" covers its
 * yearly tier too. Unset: no roles are given or taken.
 */
const planRoles = optionalString.transform((text, ctx) => {
  const roles: Record<string, string> = {};
  for (const part of (text ?? '').split(',').filter((piece) => piece.trim())) {
    const at = part.lastIndexOf('=');
    const plan = part.slice(0, Math.max(0, at)).trim();
    const role = part.slice(at + 1).trim();
    if (!isKnownPlan(plan) || plan === 'free') {
      ctx.addIssue({ code: 'custom', message: `"${plan}" is not a plan name` });
    } else if (!/^\d{17,20}$/.test(role)) {
      ctx.addIssue({ code: 'custom', message: `"${plan}" needs a Discord role id (a snowflake)` });
    } else {
      roles[plan] = role;
    }
  }
  return roles;
});

const SERVER = 'Server';
const DATA = 'Data';
const LIMITS = 'Limits';
const DISCORD_SIGN_IN = 'Discord sign-in';
const DISCORD_BOT = 'Discord bot';
const PAYMENTS = 'Payments';
const LINKS = 'Links';
const inProduction = { productionRequired: true };

const SettingsSchema = z
  .object({
    NODE_ENV: z
      .enum(['development', 'production', 'test'])
      .default('development')
      .meta(
        settingDoc(
          SERVER,
          '`production` turns off local sign-in and the Stripe emulator and makes cookies `Secure`.',
        ),
      ),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000).meta(settingDoc(SERVER, 'The HTTP port.')),
    HOST: z
      .string()
      .default('localhost')
      .meta(settingDoc(SERVER, 'The interface to listen on (`0.0.0.0` behind a load balancer).')),
    PUBLIC_URL: optionalUrl.meta(
      settingDoc(
        SERVER,
        "The site's public address, used for every link back to the site (payment return pages, the billing portal, the Discord callback) and, in the embedded default, for the Stripe emulator's pages; the request's `Host` header never is. Set it to the address you open when that is another machine or a forwarded port.",
        { unset: 'the address the server listens on', ...inProduction },
      ),
    ),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info')
      .meta(settingDoc(SERVER, 'The log level; `info` writes one access line per request.')),
    DATA_DIR: z
      .string()
      .default('./.data')
      .meta(settingDoc(DATA, "PGlite's files, uploads, media and the emulators' state.")),
    DATABASE_URL: optionalUrl.meta(
      settingDoc(DATA, 'A PostgreSQL connection string; when set, PGlite is not used.', {
        unset: 'PGlite under `DATA_DIR`',
      }),
    ),
    SIGN_IN_RATE_LIMIT: z.coerce
      .number()
      .int()
      .min(1)
      .default(30)
      .meta(
        settingDoc(
          LIMITS,
          'Sign-in attempts (local and Discord) one client address may make per minute; past it the answer is 429 `RATE_LIMITED` with `Retry-After`.',
        ),
      ),
    JOB_SUBMIT_RATE_LIMIT: z.coerce
      .number()
      .int()
      .min(1)
      .default(600)
      .meta(
        settingDoc(
          LIMITS,
          '`POST /api/jobs` calls (and, counted apart, result actions) one person may make per minute, however many sessions they hold.',
        ),
      ),
    SESSION_CACHE_MS: z.coerce
      .number()
      .int()
      .min(0)
      .max(60_000)
      .optional()
      .meta(
        settingDoc(
          LIMITS,
          'How long an API process answers a signed-in request from the session and user it read before, without PostgreSQL; any change to the user (but a balance alone) or their sessions drops them at once in every process. `0` turns it off.',
          { unset: '`2000` (`0` under `NODE_ENV=test`)' },
        ),
      ),
    MAX_EVENT_STREAMS_PER_USER: z.coerce
      .number()
      .int()
      .min(1)
      .default(20)
      .meta(
        settingDoc(
          LIMITS,
          'Job event streams one person (signed out: one address) may hold open on one API process; one more answers 429 `RATE_LIMITED`.',
        ),
      ),
    ADMIN_PASSWORD: optionalString.pipe(z.string().min(12, 'must be at least 12 characters').optional()).meta(
      settingDoc(SERVER, 'The password destructive admin calls also require (at least 12 characters).', {
        unset: 'generated and printed at start-up',
        ...inProduction,
      }),
    ),
    DISCORD_CLIENT_ID: optionalString.meta(
      settingDoc(
        DISCORD_SIGN_IN,
        "The Discord application's client id; without it, local sign-in is used.",
        inProduction,
      ),
    ),
    DISCORD_CLIENT_SECRET: optionalString.meta(
      settingDoc(DISCORD_SIGN_IN, "The Discord application's client secret.", inProduction),
    ),
    DISCORD_API_URL: z
      .url()
      .default('https://discord.com/api/v10')
      .meta(
        settingDoc(DISCORD_SIGN_IN, "Discord's API base (token exchange, `users/@me`, the bot's calls)."),
      ),
    DISCORD_AUTHORIZE_URL: z
      .url()
      .default('https://discord.com/oauth2/authorize')
      .meta(settingDoc(DISCORD_SIGN_IN, "Discord's consent page.")),
    DISCORD_APPLICATION_ID: optionalString
      .pipe(
        z
          .string()
          .regex(/^\d{17,20}$/, 'must be a Discord id')
          .optional(),
      )
      .meta(
        settingDoc(
          DISCORD_BOT,
          "The bot's application id. The bot's three settings go together; without them the embedded Discord emulator stands in. Its interactions endpoint is `PUBLIC_URL/api/discord/interactions`.",
          inProduction,
        ),
      ),
    DISCORD_PUBLIC_KEY: optionalString
      .pipe(
        z
          .string()
          .regex(/^[0-9a-fA-F]{64}$/, 'must be the 64-character hex public key')
          .optional(),
      )
      .meta(
        settingDoc(
          DISCORD_BOT,
          'The hex public key that signs the interactions Discord posts.',
          inProduction,
        ),
      ),
    DISCORD_BOT_TOKEN: optionalString.meta(settingDoc(DISCORD_BOT, 'The bot token.', inProduction)),
    DISCORD_DELIVERY_LEASE_SECONDS: z.coerce
      .number()
      .int()
      .min(1)
      .max(600)
      .default(60)
      .meta(
        settingDoc(
          DISCORD_BOT,
          "How long a process's claim on posting a result is honoured before another process takes the post over; keep it well above a REST call's timeout (15 s).",
        ),
      ),
    DISCORD_CHANNELS: channelNames.meta(
      settingDoc(
        DISCORD_BOT,
        'The creation channels where their names differ from ours, by group: `video=clips-1|clips-2,video-horror=gore-clips` (groups `image`, `image-horror`, `video`, `video-horror`, `music`, `speech`, `sound-effects`, `lipsync`).',
        { unset: 'our names' },
      ),
    ),
    DISCORD_PLAN_ROLES: planRoles.meta(
      settingDoc(
        DISCORD_BOT,
        "The Discord role each plan gives its member: `Professional Plan=<role id>,Founders Plan=<role id>` (a plan's name covers its yearly tier). The role follows the plan on every change, and a reconcile repairs drift. The bot needs the Manage Roles permission.",
        { unset: 'no roles are given or taken' },
      ),
    ),
    DISCORD_GUILD_ID: optionalString
      .pipe(
        z
          .string()
          .regex(/^\d{17,20}$/, 'must be a Discord server id')
          .optional(),
      )
      .meta(
        settingDoc(DISCORD_BOT, 'The Discord server whose members get plan roles.', {
          unset: "the emulator's server",
        }),
      ),
    DISCORD_ROLE_RECONCILE_SECONDS: z.coerce
      .number()
      .int()
      .min(0)
      .default(600)
      .meta(
        settingDoc(
          DISCORD_BOT,
          "How often every member's plan role is checked and repaired (also once at start-up); `0`: only at start-up and on plan changes.",
        ),
      ),
    RECONCILE_INTERVAL_SECONDS: z.coerce
      .number()
      .int()
      .min(0)
      .default(300)
      .meta(
        settingDoc(
          PAYMENTS,
          'How often recent paid Stripe objects are re-read for grants a crash or a lost webhook left out (also once at start-up); `0` turns it off.',
        ),
      ),
    STRIPE_SECRET_KEY: optionalString.meta(
      settingDoc(
        PAYMENTS,
        "The Stripe account's secret key; without it, the built-in Stripe emulator is used.",
        inProduction,
      ),
    ),
    STRIPE_PUBLISHABLE_KEY: optionalString.meta(
      settingDoc(
        PAYMENTS,
        "The Stripe account's publishable key (required with the secret key).",
        inProduction,
      ),
    ),
    STRIPE_WEBHOOK_SECRET: optionalString.meta(
      settingDoc(
        PAYMENTS,
        "The webhook endpoint's signing secret (required with the secret key).",
        inProduction,
      ),
    ),
    STRIPE_API_URL: z
      .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
      .default('https://api.stripe.com')
      .refine((value) => {
        const url = URL.parse(value);
        return !url || ((url.pathname === '/' || url.pathname === '') && !url.search && !url.hash);
      }, 'must be an address without a path (the SDK adds /v1/…), e.g. https://api.stripe.com')
      .meta(
        settingDoc(
          PAYMENTS,
          'The Stripe API address, without a path; a stand-in such as `npm run stripe-emulator` for a staging rehearsal.',
        ),
      ),
    STUDIO_URL: optionalUrl.meta(
      settingDoc(LINKS, "Where the dashboard's Studio button leads.", { unset: 'our own `/studio`' }),
    ),
    COMMUNITY_INVITE_URL: optionalUrl.meta(
      settingDoc(LINKS, 'The Discord community invite shown on the dashboard.', { unset: 'hidden' }),
    ),
    CONTACT_EMAIL: z
      .email()
      .default('support@hypercreate.art')
      .meta(settingDoc(LINKS, 'The contact address.')),
    ...generationEnvShape,
    ...metricsEnvShape,
    ...shutdownEnvShape,
    ...databaseEnvShape,
  })
  .superRefine((env, ctx) => {
    const need = (key: keyof typeof env, why: string) => {
      if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: why });
    };
    if (Boolean(env.DISCORD_CLIENT_ID) !== Boolean(env.DISCORD_CLIENT_SECRET)) {
      need(
        env.DISCORD_CLIENT_ID ? 'DISCORD_CLIENT_SECRET' : 'DISCORD_CLIENT_ID',
        'Discord needs both client id and secret',
      );
    }
    const bot = ['DISCORD_APPLICATION_ID', 'DISCORD_PUBLIC_KEY', 'DISCORD_BOT_TOKEN'] as const;
    if (bot.some((key) => env[key]) || env.NODE_ENV === 'production') {
      for (const key of bot) need(key, 'the Discord bot needs its application id, public key and bot token');
    }
    if (env.STRIPE_SECRET_KEY) need('STRIPE_WEBHOOK_SECRET', 'required with STRIPE_SECRET_KEY');
    if (env.STRIPE_SECRET_KEY) need('STRIPE_PUBLISHABLE_KEY', 'required with STRIPE_SECRET_KEY');
    if (env.NODE_ENV === 'production') {
      const why = 'required in production (local sign-in and the Stripe emulator do not run there)';
      need('DISCORD_CLIENT_ID', why);
      need('STRIPE_SECRET_KEY', why);
      need('ADMIN_PASSWORD', 'required in production');
      need('PUBLIC_URL', 'required in production');
    }
  });

export type Env = z.input<typeof SettingsSchema>;

/** Every setting the API reads, by name: its schema carries its documentation (`settingDoc`). */
export const SETTINGS_SHAPE = SettingsSchema.shape;

export interface Settings {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  publicUrl: string | undefined;
  dataDir: string;
  uploadDir: string;
  /** Generated media and generation uploads (the folder storage driver). */
  mediaDir: string;
  databaseUrl: string | undefined;
  logLevel: string;
  /** How often paid Stripe objects are re-read for missing grants; 0 turns the timer off. */
  reconcileIntervalSeconds: number;
  /** Sign-in attempts (local and Discord) one client address may make per minute. */
  signInRateLimit: number;
  /** Job submissions and result actions one person may send per minute (a burst guard). */
  jobSubmitRateLimit: number;
  /**
   * How long a process may answer a signed-in request from the session it found before, without
   * PostgreSQL; 0 turns it off (the default under test, whose fixtures write to the database
   * directly and read at once).
   */
  sessionCacheMs: number;
  /** Job event streams one person (or, signed out, one address) may hold open on one API process. */
  maxEventStreamsPerUser: number;
  /** How long a process's claim on posting a Discord result is honoured before another takes over. */
  discordDeliveryLeaseSeconds: number;
  /** The server's creation channels by group, where its names differ from ours. */
  discordChannels: Partial<Record<ChannelGroup, string[]>>;
  /** The Discord role each plan gives (by plan name; a base name covers its yearly tier); empty: none. */
  discordPlanRoles: Record<string, string>;
  /** The server whose members get plan roles; unset with the emulator, which names its own. */
  discordGuildId: string | undefined;
  /** How often every member's plan role is checked and repaired (0: only at start-up and on changes). */
  discordRoleReconcileSeconds: number;
  adminPassword: string;
  /** True when the admin password was generated at start-up and should be printed. */
  adminPasswordGenerated: boolean;
  discord: { clientId: string; clientSecret: string; apiUrl: string; authorizeUrl: string } | undefined;
  /** The bot's identity; absent in the embedded default, where the Discord emulator supplies it. */
  discordBot: DiscordBotSettings | undefined;
  stripe: StripeSettings | undefined;
  /** How long SIGTERM may take: in-flight requests and jobs finish or are handed back by then. */
  shutdownDeadlineMs: number;
  /** How long start-up waits for the database to answer. */
  databaseWaitMs: number;
  studioUrl: string | undefined;
  communityInviteUrl: string | undefined;
  contactEmail: string;
  /** Local sign-in and the Stripe emulator: the embedded defaults. */
  embedded: boolean;
  secureCookies: boolean;
  generation: GenerationSettings;
  metrics: MetricsSettings;
}

export interface StripeSettings {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Where the SDK sends its calls: Stripe's API, or a stand-in such as the emulator. */
  api: { protocol: 'http' | 'https'; host: string; port: number };
}

/** The SDK's `host`, `port` and `protocol` for an API address such as `https://api.stripe.com`. */
export function stripeApiAddress(value: string): StripeSettings['api'] {
  const url = new URL(value);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return {
    protocol,
    host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: url.port ? Number(url.port) : protocol === 'https' ? 443 : 80,
  };
}

export interface DiscordBotSettings {
  applicationId: string;
  /** Hex Ed25519 key that signs the interactions Discord posts to us. */
  publicKey: string;
  botToken: string;
  /** REST base with its version, e.g. `https://discord.com/api/v10`. */
  apiUrl: string;
}

export class SettingsError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid settings:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
  }
}

export function loadSettings(env: Record<string, string | undefined> = process.env): Settings {
  const parsed = SettingsSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join('.') || 'settings'}: ${issue.message}`,
    );
    throw new SettingsError(problems);
  }
  const value = parsed.data;
  const dataDir = path.resolve(value.DATA_DIR);
  return {
    nodeEnv: value.NODE_ENV,
    port: value.PORT,
    host: value.HOST,
    publicUrl: value.PUBLIC_URL?.replace(/\/$/, ''),
    dataDir,
    uploadDir: path.join(dataDir, 'uploads'),
    mediaDir: path.join(dataDir, 'media'),
    databaseUrl: value.DATABASE_URL,
    logLevel: value.LOG_LEVEL,
    reconcileIntervalSeconds: value.RECONCILE_INTERVAL_SECONDS,
    signInRateLimit: value.SIGN_IN_RATE_LIMIT,
    jobSubmitRateLimit: value.JOB_SUBMIT_RATE_LIMIT,
    sessionCacheMs: value.SESSION_CACHE_MS ?? (value.NODE_ENV === 'test' ? 0 : 2000),
    maxEventStreamsPerUser: value.MAX_EVENT_STREAMS_PER_USER,
    discordDeliveryLeaseSeconds: value.DISCORD_DELIVERY_LEASE_SECONDS,
    discordChannels: value.DISCORD_CHANNELS,
    discordPlanRoles: value.DISCORD_PLAN_ROLES,
    discordGuildId: value.DISCORD_GUILD_ID,
    discordRoleReconcileSeconds: value.DISCORD_ROLE_RECONCILE_SECONDS,
    adminPassword: value.ADMIN_PASSWORD ?? randomBytes(18).toString('base64url'),
    adminPasswordGenerated: !value.ADMIN_PASSWORD,
    discord:
      value.DISCORD_CLIENT_ID && value.DISCORD_CLIENT_SECRET
        ? {
            clientId: value.DISCORD_CLIENT_ID,
            clientSecret: value.DISCORD_CLIENT_SECRET,
            apiUrl: value.DISCORD_API_URL.replace(/\/$/, ''),
            authorizeUrl: value.DISCORD_AUTHORIZE_URL,
          }
        : undefined,
    discordBot:
      value.DISCORD_APPLICATION_ID && value.DISCORD_PUBLIC_KEY && value.DISCORD_BOT_TOKEN
        ? {
            applicationId: value.DISCORD_APPLICATION_ID,
            publicKey: value.DISCORD_PUBLIC_KEY.toLowerCase(),
            botToken: value.DISCORD_BOT_TOKEN,
            apiUrl: value.DISCORD_API_URL.replace(/\/$/, ''),
          }
        : undefined,
    stripe:
      value.STRIPE_SECRET_KEY && value.STRIPE_PUBLISHABLE_KEY && value.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: value.STRIPE_SECRET_KEY,
            publishableKey: value.STRIPE_PUBLISHABLE_KEY,
            webhookSecret: value.STRIPE_WEBHOOK_SECRET,
            api: stripeApiAddress(value.STRIPE_API_URL),
          }
        : undefined,
    shutdownDeadlineMs: value.SHUTDOWN_DEADLINE_SECONDS * 1000,
    databaseWaitMs: value.DATABASE_WAIT_SECONDS * 1000,
    studioUrl: value.STUDIO_URL,
    communityInviteUrl: value.COMMUNITY_INVITE_URL,
    contactEmail: value.CONTACT_EMAIL,
    embedded: value.NODE_ENV !== 'production',
    secureCookies: value.NODE_ENV === 'production',
    generation: toGenerationSettings(value),
    metrics: toMetricsSettings(value),
  };
}
